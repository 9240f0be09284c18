import { withTransfer } from "@/lib/store/worker/transfer";

// A store of no use but to the worker host's tests (tests/unit/store-in-worker.test.ts): any
// class with promise-answering methods can be hosted, including ones no interface lists yet.
export class WorkerProbeStore {
  /**
   * `opened`: a flag shared with the test, set to 1 once this store is built, which then takes
   * `openMs` more than building it would (a store whose file is slow to open).
   */
  constructor(
    private readonly label: string,
    opened?: SharedArrayBuffer,
    openMs = 0,
  ) {
    if (label === "refuse") throw Object.assign(new Error("this probe refuses to open"), { code: "PROBE_REFUSED" });
    if (openMs > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, openMs);
    if (opened) Atomics.store(new Int32Array(opened), 0, 1);
  }

  async echo(value: unknown): Promise<{ label: string; value: unknown }> {
    return { label: this.label, value };
  }

  private sent: Float64Array | null = null;

  /** Numbers 0 … n-1, kept here too (to tell whether they moved), marked to move when `move`. */
  async numbers(n: number, move: boolean): Promise<{ numbers: Float64Array }> {
    this.sent = Float64Array.from({ length: n }, (_, i) => i);
    const answer = { numbers: this.sent };
    return move ? withTransfer(answer, [this.sent]) : answer;
  }

  /** How many numbers the last answer's array still holds here: none once it moved. */
  async sentLength(): Promise<number> {
    return this.sent?.length ?? -1;
  }

  /** The sum of an argument's numbers, as received. */
  async sum(value: { numbers: Float64Array }): Promise<number> {
    return value.numbers.reduce((a, b) => a + b, 0);
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
