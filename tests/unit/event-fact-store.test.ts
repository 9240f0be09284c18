import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { openWorkerEventFactStore } from "@/lib/store/worker-fact-stores";
import { eventFactStoreBehaviour } from "../support/event-fact-store-behaviour";

// The refunds and chargebacks fact tables on SQLite, in their worker thread as the app opens them (PostgreSQL runs the same suite in tests/backends).
let dir: string;
let n = 0;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-event-facts-"));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

eventFactStoreBehaviour("SqliteEventFactStore", {
  open: async () => openWorkerEventFactStore(path.join(dir, `facts-${++n}.sqlite`)),
}, 150);
