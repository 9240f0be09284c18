// Run by tests/unit/store-worker-exit.test.ts in a process of its own (tsx, react-server
// condition): the DuckDB fact stores in their worker thread take the sandbox creator's purchase
// days (each accepted at once, written in a batch later), a read is sent beside them, and the
// process exits at once with 143, as Next's SIGTERM handler ends the server. Prints the days
// accepted, then exits.
import { purchaseFactRow } from "@/lib/query/purchase-facts";
import { openWorkerDuckDbFactStores } from "@/lib/store/worker-fact-stores";
import { NOW, purchaseDays } from "./purchase-facts-fixture";

const file = process.argv[2];
if (!file) throw new Error("usage: exit-while-writing.ts <facts.duckdb>");
const stores = openWorkerDuckDbFactStores(file);
const days = [...purchaseDays("creator")];
for (const [day, records] of days) await stores.purchases.replaceDay("creator", day, NOW, records.map(purchaseFactRow));
void stores.purchases.readDayMeta("creator", days.map(([day]) => day)).catch(() => undefined);
process.stdout.write(`${days.length}\n`, () => process.exit(143));
