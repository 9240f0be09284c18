import { openWorkerEventFactStore } from "@/lib/store/worker-fact-stores";
import { eventFactStoreBehaviour } from "../support/event-fact-store-behaviour";
import { sqliteFiles } from "../support/sqlite-files";

// The refunds and chargebacks fact tables on SQLite, in their worker thread as the app opens them (PostgreSQL runs the same suite in tests/backends).
const file = sqliteFiles("salesdash-event-facts-");

eventFactStoreBehaviour("SqliteEventFactStore", {
  open: async () => openWorkerEventFactStore(file()),
}, 150);
