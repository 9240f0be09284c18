import { describe, expect, it } from "vitest";
import { approximateBytes, KEPT_BYTES, KeptAnswers } from "@/lib/store/kept-answers";

// The fact stores' kept aggregates (lib/store/kept-answers.ts): kept only when no write landed
// while they were read, given again while the mark stays, and given as copies.
describe("KeptAnswers", () => {
  it("computes once while the mark stays, and again once it moves", async () => {
    const kept = new KeptAnswers();
    let mark = 1;
    let computed = 0;
    const read = () => kept.read(["q"], async () => String(mark), async () => ({ n: ++computed }));
    expect(await read()).toEqual({ n: 1 });
    expect(await read()).toEqual({ n: 1 });
    mark = 2;
    expect(await read()).toEqual({ n: 2 });
    expect(await read()).toEqual({ n: 2 });
    expect(await kept.read(["other"], async () => String(mark), async () => ({ n: ++computed }))).toEqual({ n: 3 });
  });

  it("does not keep an answer read while a write landed", async () => {
    const kept = new KeptAnswers();
    let mark = 1;
    let computed = 0;
    const read = (write: boolean) =>
      kept.read(["q"], async () => String(mark), async () => {
        if (write) mark++;
        return { n: ++computed };
      });
    expect(await read(true)).toEqual({ n: 1 });
    expect(await read(false)).toEqual({ n: 2 });
    expect(await read(false)).toEqual({ n: 2 });
  });

  it("keeps nothing while there is no mark (an account forgotten, or not written since the marks began)", async () => {
    const kept = new KeptAnswers();
    let mark: string | null = null;
    let computed = 0;
    const read = () => kept.read(["q"], async () => mark, async () => ({ n: ++computed }));
    expect(await read()).toEqual({ n: 1 });
    expect(await read()).toEqual({ n: 2 });
    mark = "7";
    expect(await read()).toEqual({ n: 3 });
    expect(await read()).toEqual({ n: 3 });
    mark = null;
    expect(await read()).toEqual({ n: 4 });
  });

  it("gives copies: a caller changing its answer changes neither the one kept nor the next", async () => {
    const kept = new KeptAnswers();
    const read = () => kept.read(["q"], async () => "1", async () => ({ rows: [1, 2, 3] }));
    const first = await read();
    first.rows.length = 0;
    const second = await read();
    expect(second).toEqual({ rows: [1, 2, 3] });
    second.rows.push(4);
    expect(await read()).toEqual({ rows: [1, 2, 3] });
  });
});

describe("KeptAnswers' bound", () => {
  const megabytes = (n: number) => ({ rows: new Float64Array((n * 1024 * 1024) / 8) });

  it("keeps large answers within KEPT_BYTES in all, the least recently read giving way; one larger than that is never kept", async () => {
    const kept = new KeptAnswers();
    const computed = new Map<string, number>();
    const read = (name: string, mb: number) =>
      kept.read([name], async () => "1", async () => {
        computed.set(name, (computed.get(name) ?? 0) + 1);
        return megabytes(mb);
      });
    // A third of the bound, less a little for what each answer holds beside its rows.
    const share = Math.floor(KEPT_BYTES / (1024 * 1024) / 3) - 1;
    await read("a", share);
    await read("b", share);
    await read("c", share);
    await read("a", share);
    expect(computed.get("a")).toBe(1);
    // A fourth answer of a third pushes out the least recently read (b), not a.
    await read("d", share);
    await read("a", share);
    await read("b", share);
    expect(computed.get("a")).toBe(1);
    expect(computed.get("b")).toBe(2);
    // Larger than the bound: computed every time, and nothing else pushed out.
    const whole = KEPT_BYTES / (1024 * 1024) + 1;
    await read("huge", whole);
    await read("huge", whole);
    expect(computed.get("huge")).toBe(2);
    await read("b", share);
    expect(computed.get("b")).toBe(2);
  });

  it("approximates a value's bytes: a typed array's buffer, a text two a character", () => {
    expect(approximateBytes(new Float64Array(1000))).toBe(8000);
    expect(approximateBytes("abcd")).toBe(24);
    expect(approximateBytes({ a: new Uint8Array(100), b: ["xy"] })).toBeGreaterThan(100);
  });
});
