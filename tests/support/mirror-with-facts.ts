import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { setLogSink, type LogSink } from "@/lib/log/server-log";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";

/**
 * A mirror and a fact store in one new SQLite file for each test, and the server log's lines
 * kept for the test to read: what a test of the mirror writing a fact table sets up.
 */
export function mirrorWithFacts<F extends { close(): Promise<void> }>(name: string, openFacts: (file: string) => F) {
  const state = { dir: "", mirror: null as unknown as SqliteMirrorStore, facts: null as unknown as F, logLines: [] as string[] };
  let previousSink: LogSink;
  beforeAll(() => {
    previousSink = setLogSink((line) => state.logLines.push(line));
  });
  afterAll(() => {
    setLogSink(previousSink);
  });
  beforeEach(() => {
    state.dir = fs.mkdtempSync(path.join(os.tmpdir(), `salesdash-${name}-`));
    state.mirror = new SqliteMirrorStore(path.join(state.dir, "mirror.sqlite"));
    state.facts = openFacts(path.join(state.dir, "mirror.sqlite"));
    state.logLines.length = 0;
  });
  afterEach(async () => {
    await state.mirror.close();
    await state.facts.close();
    fs.rmSync(state.dir, { recursive: true, force: true });
  });
  return state;
}

/**
 * `facts` with every write failing (as on a full disk) and a close that leaves it open, its reads
 * answered by `facts` itself: the store a test hands the mirror to show that a fact table that
 * fails does not fail the mirror's day.
 */
export function failingWrites<F extends { replaceDay(...args: never[]): Promise<void>; close(): Promise<void> }>(facts: F): F {
  return new Proxy(facts, {
    get(target, key) {
      if (key === "replaceDay") return async () => Promise.reject(new Error("disk full"));
      if (key === "close") return async () => undefined;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
