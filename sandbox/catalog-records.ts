// Records of the catalog endpoints (products, offers), whose fields the contract does not
// show: the sandbox's choice is documented in sandbox/README.md.
import { creatorByNo, productOf } from "./data/catalog";
import type { ApiRecord } from "./data/records";

export function productRecords(creatorNos: readonly number[]): ApiRecord[] {
  return creatorNos.flatMap((no) => {
    const creator = creatorByNo(no);
    return creator.products.map((p) => ({ ...p, creatorName: creator.creatorName }));
  });
}

export function offerRecords(creatorNos: readonly number[]): ApiRecord[] {
  return creatorNos.flatMap((no) => {
    const creator = creatorByNo(no);
    return creator.offers.map((o) => ({
      offerCode: o.offerCode,
      offerName: o.offerName,
      offerType: o.role,
      productId: o.productId,
      productName: productOf(creator, o.productId).productName,
      currency: o.currency,
      price: o.priceCents / 100,
      affiliateCommissionRate: o.commissionRate,
      creatorName: creator.creatorName,
    }));
  });
}
