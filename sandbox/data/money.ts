// Payment choices and the documented amount relations (sandbox/README.md, "Amounts").
import type { Creator, Currency, Offer, Product } from "./catalog";
import type { Rng } from "./random";
import type { Amounts, Payment } from "./raw-types";

const FIXED_FEE_CENTS: Record<Currency, number> = { brl: 100, usd: 49, eur: 39 };
export const PLATFORM_FEE_RATE = 0.0499;
const SHIPPING_CENTS: Record<Currency, number> = { brl: 2490, usd: 900, eur: 690 };
const VAT: Record<string, number> = { DE: 0.19, FR: 0.2, ES: 0.21, PT: 0.23, NL: 0.21, GB: 0.2, CA: 0.13 };

export function taxRateFor(country: string, rng: Rng): number {
  if (country === "BR") return 0;
  if (country === "US") return rng.pick([0, 0.0625, 0.07, 0.08, 0.0875]);
  return VAT[country] ?? 0;
}

export function choosePayment(rng: Rng, currency: Currency): Payment {
  if (currency === "brl") {
    const method = rng.weighted(["credit_card", "pix", "boleto"], [55, 35, 10]);
    if (method === "credit_card") {
      return {
        method,
        psp: rng.weighted(["pagarme", "mercadopago", "stripe"], [50, 30, 20]),
        cardBrand: rng.weighted(["visa", "mastercard", "elo", "amex", "hipercard"], [40, 38, 12, 5, 5]),
        cardLast4: rng.digits(4),
        incomingDays: 30,
      };
    }
    if (method === "pix") return { method, psp: rng.weighted(["pagarme", "mercadopago"], [60, 40]), cardBrand: null, cardLast4: null, incomingDays: 1 };
    return { method, psp: "pagarme", cardBrand: null, cardLast4: null, incomingDays: 2 };
  }
  const method = rng.weighted(["credit_card", "paypal", "apple_pay"], [78, 14, 8]);
  if (method === "paypal") return { method, psp: "paypal", cardBrand: null, cardLast4: null, incomingDays: 3 };
  const brands = currency === "usd" ? ["visa", "mastercard", "amex", "discover"] : ["visa", "mastercard", "amex"];
  const weights = currency === "usd" ? [50, 33, 13, 4] : [52, 38, 10];
  return {
    method,
    psp: method === "apple_pay" ? "stripe" : rng.weighted(["stripe", "adyen"], [60, 40]),
    cardBrand: rng.weighted(brands, weights),
    cardLast4: rng.digits(4),
    incomingDays: 7,
  };
}

/** Probability that one card attempt is declined, by PSP. */
export function declineRate(psp: string): number {
  return ({ pagarme: 0.2, mercadopago: 0.24, stripe: 0.13, adyen: 0.11 } as Record<string, number>)[psp] ?? 0;
}

export const DECLINE_CODES = ["insufficient_funds", "do_not_honor", "invalid_cvv", "expired_card", "fraud_suspected", "card_not_supported", "processing_error", "authentication_failed"] as const;
const DECLINE_WEIGHTS = [34, 20, 12, 8, 10, 5, 5, 6];

export function declineCode(rng: Rng): string {
  return rng.weighted(DECLINE_CODES, DECLINE_WEIGHTS);
}

export interface AmountInput {
  creator: Creator;
  offer: Offer;
  product: Product;
  isFront: boolean;
  discountRate: number;
  taxRate: number;
  hasAffiliate: boolean;
}

/** Every amount of one purchase, in cents, by the relations documented in the README. */
export function computeAmounts(input: AmountInput): Amounts {
  const itemsGross = input.offer.priceCents;
  const itemsNet = itemsGross - Math.round(itemsGross * input.discountRate);
  const shipping = input.isFront && input.product.productType === "physical" ? SHIPPING_CENTS[input.offer.currency] : 0;
  const taxes = Math.round(itemsNet * input.taxRate);
  const transaction = itemsNet + shipping + taxes;
  const creatorFee = Math.round(transaction * PLATFORM_FEE_RATE) + FIXED_FEE_CENTS[input.offer.currency];
  const affiliation = input.hasAffiliate ? Math.round(itemsNet * input.offer.commissionRate) : 0;
  const affiliateFee = Math.round(affiliation * PLATFORM_FEE_RATE);
  const creatorTax = taxes;
  return {
    itemsGross,
    itemsNet,
    shipping,
    taxes,
    transaction,
    creatorFee,
    affiliation,
    affiliateFee,
    affiliationNet: affiliation - affiliateFee,
    creatorTax,
    creatorNet: transaction - creatorFee - affiliation - creatorTax,
  };
}
