import Database from "better-sqlite3";
import { affiliateStatements } from "@/lib/store/purchase-fact-sql";
import { refundPlan } from "@/lib/query/refund-query";
const db = new Database("/tmp/r5b.sqlite");
const a = (db.prepare("select account from purchase_facts limit 1").get() as { account: string }).account;
const plan = refundPlan({ from: "2024-06-16", to: "2026-06-15", timeZone: "UTC", filters: {}, granularity: "day", keyType: "creator" } as never);
const st = affiliateStatements("sqlite", "purchase_facts", a, plan);
for (let r = 0; r < 2; r++) for (const [k, s] of Object.entries(st)) {
  const t = performance.now(); const n = db.prepare(s.text).all(...s.args).length; console.log(k, n, (performance.now() - t).toFixed(0));
  if (r === 1) console.log(db.prepare("explain query plan " + s.text).all(...s.args).map((x: any) => x.detail).join(" | "));
}
