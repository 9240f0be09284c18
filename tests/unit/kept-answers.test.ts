import { describe, expect, it } from "vitest";
import { KeptAnswers } from "@/lib/store/kept-answers";

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
