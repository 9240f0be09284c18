// A store of no use but to the worker host's tests (tests/unit/store-in-worker.test.ts): any
// class with promise-answering methods can be hosted, including ones no interface lists yet.
export class WorkerProbeStore {
  constructor(private readonly label: string) {
    if (label === "refuse") throw Object.assign(new Error("this probe refuses to open"), { code: "PROBE_REFUSED" });
  }

  async echo(value: unknown): Promise<{ label: string; value: unknown }> {
    return { label: this.label, value };
  }

  /** The nice value of the thread the store runs in. */
  async priority(): Promise<number> {
    return (await import("node:os")).getPriority(0);
  }

  async fail(code: string): Promise<never> {
    throw Object.assign(new RangeError(`probe failure ${code}`), { code });
  }

  /** Ends the worker thread as a crash would. */
  async crash(): Promise<never> {
    process.exit(3);
  }

  async close(): Promise<void> {}
}
