import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";

/** The calling file's temporary directory, made before its tests and removed after them: each call of the answer names a new SQLite file in it. */
export function sqliteFiles(prefix: string): () => string {
  let dir: string;
  let n = 0;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => path.join(dir, `facts-${++n}.sqlite`);
}
