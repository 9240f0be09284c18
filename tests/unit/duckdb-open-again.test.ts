// A DuckDB file that cannot be opened when its stores are built (another process still holds it,
// as when a restarted server overlaps the old one) is opened anew by the next connection
// (lib/store/duckdb/duckdb-instance.ts): the stores built over the failed open do not stay broken
// until the next restart, and releasing them closes nothing that never opened.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { openDuckDbFile } from "@/lib/store/duckdb/duckdb-instance";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A file in a new directory that is not a DuckDB file: its open fails, as it does while another process holds the file. */
function unopenableFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "duckdb-open-again-"));
  dirs.push(dir);
  const file = path.join(dir, "facts.duckdb");
  fs.writeFileSync(file, Buffer.alloc(8192, 7));
  return file;
}

it("opens the file anew on the next connection after a failed open, for the stores built over it", async () => {
  const file = unopenableFile();
  const first = openDuckDbFile(file);
  const second = openDuckDbFile(file);
  await expect(first.withConnection(async (connection) => connection.run("SELECT 1"))).rejects.toThrow();
  fs.rmSync(file);
  const answer = await second.withConnection(async (connection) => (await connection.runAndReadAll("SELECT 41 + 1 AS n")).getRowObjects());
  expect(answer).toEqual([{ n: 42 }]);
  expect(await first.withConnection(async (connection) => (await connection.runAndReadAll("SELECT 1 AS one")).getRowObjects())).toEqual([{ one: 1 }]);
  await first.release();
  await second.release();
});

it("releases stores whose file never opened", async () => {
  const store = openDuckDbFile(unopenableFile());
  await expect(store.withConnection(async (connection) => connection.run("SELECT 1"))).rejects.toThrow();
  await expect(store.release()).resolves.toBeUndefined();
});
