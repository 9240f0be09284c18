// Test controls: faults and clock settings a test can turn on, at start (CLI flags) or,
// when the sandbox runs with --test-controls, at run time from loopback only.
import { z } from "zod";

export const controlsSchema = z.object({
  /** Fixed "now" for the data (ISO timestamp); null follows the real clock. */
  now: z.iso.datetime({ offset: true }).nullable(),
  latencyMs: z.number().int().min(0).max(60_000),
  /** Share of authenticated requests that fail with a 5xx. */
  errorRate5xx: z.number().min(0).max(1),
  /** The next N authenticated requests fail with 5xx / 429. */
  fail5xxNext: z.number().int().min(0),
  fail429Next: z.number().int().min(0),
  status5xx: z.number().int().min(500).max(599),
  retryAfterSeconds: z.number().int().min(0),
  retryAfterFormat: z.enum(["seconds", "http-date"]),
  tokenTtlSeconds: z.number().int().min(1),
  flowA: z.boolean(),
  flowB: z.boolean(),
  refundsEnabled: z.boolean(),
  /** Off: /products and /offers answer 404, as an upstream that implements only the contract's paths. */
  catalogEnabled: z.boolean(),
  /** Share of list records served with an unexpected shape (amount as a string, an unknown field). */
  oddShapeRate: z.number().min(0).max(1),
  /** Purchases without the `currency` field, as the field notes report from the real service. */
  omitCurrency: z.boolean(),
  /** UTC days (YYYY-MM-DD) whose purchases are served with an amount no reader can take ("n/a"). */
  unreadableDays: z.array(z.iso.date()).max(366),
  /**
   * Refunds that appear upstream on old purchases: from `requestedAt` on, the purchase's
   * `amountRefunded` is `amount` (currency units; at most its amountTransaction), its order's
   * sum follows, and /refunds holds a `rfd_late_<purchaseId>` record on requestedAt's UTC day
   * in place of the purchase's generated refund. One entry per purchase.
   */
  lateRefunds: z
    .array(z.strictObject({ purchaseId: z.number().int().positive(), requestedAt: z.iso.datetime({ offset: true }), amount: z.number().positive().max(1e9) }))
    .max(100)
    .refine((list) => new Set(list.map((r) => r.purchaseId)).size === list.length, "one late refund per purchaseId"),
  /**
   * Product outages: the checkouts of `productName` that loaded in [from, to) did not happen;
   * no record of them (checkout, cart, purchase, order, refund, chargeback) is served.
   */
  productOutages: z
    .array(z.strictObject({ productName: z.string().min(1), from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) }))
    .max(20)
    .refine((list) => list.every((o) => Date.parse(o.from) < Date.parse(o.to)), "each outage starts before it ends"),
  /**
   * PSP declines: the abandoned carts of `psp` whose session began in [from, to) carry
   * `declines` more attempts, all declined, the last with `code`.
   */
  pspDeclines: z
    .array(z.strictObject({ psp: z.string().min(1), from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }), declines: z.number().int().min(1).max(10), code: z.string().min(1).max(60) }))
    .max(20)
    .refine((list) => list.every((o) => Date.parse(o.from) < Date.parse(o.to)), "each window starts before it ends"),
  ratePerMinute: z.number().int().min(1),
  /** Length of the sliding rate window: a minute, shorter only so tests of a limiter run fast. */
  rateWindowMs: z.number().int().min(100),
  ratePerDay: z.number().int().min(1),
});

export type Controls = z.infer<typeof controlsSchema>;

export const DEFAULT_CONTROLS: Controls = {
  now: null,
  latencyMs: 0,
  errorRate5xx: 0,
  fail5xxNext: 0,
  fail429Next: 0,
  status5xx: 500,
  retryAfterSeconds: 1,
  retryAfterFormat: "seconds",
  tokenTtlSeconds: 3600,
  flowA: true,
  flowB: true,
  refundsEnabled: true,
  catalogEnabled: true,
  oddShapeRate: 0,
  omitCurrency: false,
  unreadableDays: [],
  lateRefunds: [],
  productOutages: [],
  pspDeclines: [],
  ratePerMinute: 60,
  rateWindowMs: 60_000,
  ratePerDay: 50_000,
};

export function nowMs(controls: Controls): number {
  return controls.now ? Date.parse(controls.now) : Date.now();
}
