// How a bench script runs its main: the process ends when main does (open stores, workers or
// sockets would keep it alive), with the error printed and a failing status if it throws.
export function runMain(main: () => Promise<void>): void {
  void main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
