import Database from "better-sqlite3";
import { affiliateStatements } from "@/lib/store/purchase-fact-sql";
import { refundStatements } from "@/lib/store/refund-fact-sql";
import { refundPlan } from "@/lib/query/refund-query";
const db = new Database("/tmp/r5b.sqlite");
const a = (db.prepare("select account from purchase_facts limit 1").get() as { account: string }).account;
const plan = refundPlan({ from: "2024-06-16", to: "2026-06-15", timeZone: "UTC", filters: {}, granularity: "day", keyType: "creator" } as never);
const st = { ...affiliateStatements("sqlite", "purchase_facts", a, plan), rsums: refundStatements("sqlite", "purchase_facts", a, plan).sums };
for (const [k, s0] of Object.entries(st)) for (const variant of ["time", "pk"]) {
  const text = variant === "pk" ? s0.text.replaceAll("+f.day >= ? AND +f.day <= ?", "f.day >= ? AND f.day <= ?").replaceAll("f.created_at >= ? AND f.created_at < ?", "+f.created_at >= ? AND +f.created_at < ?") : s0.text;
  for (let r = 0; r < 2; r++) { const t = performance.now(); const n = db.prepare(text).all(...s0.args).length; if (r) console.log(k, variant, n, (performance.now() - t).toFixed(0), db.prepare("explain query plan " + text).all(...s0.args).map((x: any) => x.detail).slice(0, 4).join(" | ")); }
}
