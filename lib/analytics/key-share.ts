// What a key's figures are about, defined once (issue #25, "the key type's amount"): a creator
// key's reports are about the sale (amountTransaction), what the sale nets the creator
// (amountCreatorNet) and what refunds took back (amountRefunded); an affiliate key's about the
// commission (amountAffiliation), its net (amountAffiliationNet) and the commission refunds took
// back (the refunded share of it). Records, day summaries and the fact tables read the same
// choice through these, so no report decides it on its own.
import { fromCents, refundedShareCents, toCents } from "./money";
import type { KeyType } from "@/lib/sales-api";
import type { Purchase } from "@/lib/records/purchase";

type SaleAmounts = Pick<Purchase, "amountTransaction" | "amountAffiliation">;
type NetAmounts = Pick<Purchase, "amountCreatorNet" | "amountAffiliationNet">;
type RefundAmounts = Pick<Purchase, "amountTransaction" | "amountAffiliation" | "amountRefunded">;

/** The sale's amount for the key, as a record gives it. */
export const saleShareOf = (keyType: KeyType) => (keyType === "creator" ? (p: SaleAmounts) => p.amountTransaction : (p: SaleAmounts) => p.amountAffiliation);

/** The same amount's name among a purchase summary's and the fact table's sums. */
export const saleShareSum = (keyType: KeyType): "transaction" | "affiliation" => (keyType === "creator" ? "transaction" : "affiliation");

/** What becomes available to the key: the creator's net, or the affiliate's net commission. */
export const netShareOf = (keyType: KeyType) => (keyType === "creator" ? (p: NetAmounts) => p.amountCreatorNet : (p: NetAmounts) => p.amountAffiliationNet);

/** The same net's place in a summary's [creator net, affiliation net] pairs. */
export const netShareIndex = (keyType: KeyType): 0 | 1 => (keyType === "creator" ? 0 : 1);

/** What refunds took back from the key on a sale: the refunded amount, or the commission's refunded share. */
export const refundShareOf = (keyType: KeyType) =>
  keyType === "creator"
    ? (p: RefundAmounts) => p.amountRefunded
    : (p: RefundAmounts) => fromCents(refundedShareCents(toCents(p.amountAffiliation), toCents(p.amountRefunded), toCents(p.amountTransaction)));
