import { describe, expect, it, vi } from "vitest";

// zlib failing in the middle of an entry: its onerror destroys the stream and never calls the
// callback of the write it was given (what the mock below does on the entry's second chunk). The
// download must fail with that error and cancel the entries not reached, not wait forever.
vi.mock("node:zlib", async (original) => {
  const real = await original<typeof import("node:zlib")>();
  return {
    ...real,
    createDeflateRaw: (options: import("node:zlib").ZlibOptions) => {
      const deflate = real.createDeflateRaw(options);
      const transform = (deflate as unknown as { _transform: (chunk: Buffer, encoding: string, done: () => void) => void })._transform.bind(deflate);
      let writes = 0;
      (deflate as unknown as { _transform: typeof transform })._transform = (chunk, encoding, done) => {
        if (++writes < 2) return transform(chunk, encoding, done);
        setImmediate(() => deflate.destroy(Object.assign(new Error("zlib failed"), { code: "Z_STREAM_ERROR" })));
      };
      return deflate;
    },
  };
});

const { zipStream } = await import("@/lib/csv/zip");

function chunks(count: number, log: string[], label: string): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent++ < count) controller.enqueue(new Uint8Array(65_536).fill(sent));
        else controller.close();
      },
      cancel() {
        log.push(`${label}:cancel`);
      },
    },
    { highWaterMark: 0 },
  );
}

describe("zipStream when zlib fails", () => {
  it("fails the archive with zlib's error and cancels the entries not reached", async () => {
    const log: string[] = [];
    const zip = zipStream([
      { name: "a.csv", stream: chunks(5, log, "a") },
      { name: "b.csv", stream: chunks(5, log, "b") },
    ]);
    await expect(new Response(zip).arrayBuffer()).rejects.toThrow("zlib failed");
    expect(log).toEqual(expect.arrayContaining(["a:cancel", "b:cancel"]));
  }, 10_000);
});
