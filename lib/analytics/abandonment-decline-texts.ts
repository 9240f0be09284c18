// Plain-language meaning of the decline codes the API reports, and what a creator can do
// about each. Codes outside the list get a generic text that points to the PSP. These English
// texts are the CSV's; the page words the same texts in the reader's language from the
// messages (abandonment.declines.text.<code>), which a unit test keeps equal in English.

export interface DeclineText {
  explanation: string;
  whatToDo: string;
}

export const KNOWN_DECLINE_CODES = [
  "insufficient_funds",
  "do_not_honor",
  "invalid_cvv",
  "expired_card",
  "fraud_suspected",
  "card_not_supported",
  "processing_error",
  "authentication_failed",
] as const;

export type KnownDeclineCode = (typeof KNOWN_DECLINE_CODES)[number];

export const DECLINE_TEXTS: Record<KnownDeclineCode, DeclineText> = {
  insufficient_funds: {
    explanation: "The card's issuing bank refused the payment because the card did not have enough balance or credit left for the amount.",
    whatToDo:
      "Nothing is wrong with the checkout. Make other ways to pay easy to find (instalments, pix, boleto, another card) and follow up with a recovery message a few days later, for example after a usual payday.",
  },
  do_not_honor: {
    explanation:
      "A general refusal from the card's issuing bank, given without a reason: often the bank's own risk rules, a limit on online or foreign purchases, or a blocked card.",
    whatToDo:
      "Suggest that the customer asks their bank to allow the purchase, or pays with another card or method. If one PSP shows many of these, raise it with that PSP.",
  },
  invalid_cvv: {
    explanation: "The security code (the 3 or 4 digits printed on the card, CVV or CVC) did not match the card.",
    whatToDo:
      "Usually a typing mistake, so a retry with the right code tends to work. Many of them on one checkout version can point to a form problem (field length, autofill) worth checking.",
  },
  expired_card: {
    explanation: "The card is past its expiry date, or the expiry date was entered wrongly.",
    whatToDo: "Ask the customer to check the date or use a current card. Cards saved for one-click payment can be out of date: prompt for an update.",
  },
  fraud_suspected: {
    explanation: "The bank or the payment provider's anti-fraud system judged the payment risky and blocked it.",
    whatToDo:
      "Do not push the same card again. A genuine customer can call their bank or pay by pix or boleto. A sudden rise can mean someone is testing stolen cards: consider attempt limits or a captcha, and tell your PSP.",
  },
  card_not_supported: {
    explanation: "This kind of card (its brand, or a debit, prepaid or foreign card) is not accepted by the payment provider for this purchase.",
    whatToDo: "Offer another card or payment method. If one brand is refused often, check with your PSP that it is enabled for your account.",
  },
  processing_error: {
    explanation: "A technical failure at the payment provider, the card network or the bank. The customer did nothing wrong.",
    whatToDo:
      "A retry a little later usually works. Many of them on one PSP point to an outage or an integration problem: check the PSP's status page and contact its support.",
  },
  authentication_failed: {
    explanation: "The bank's extra identity check (3-D Secure: a code or an approval in the bank's app) failed, was not completed or timed out.",
    whatToDo:
      "Ask the customer to retry and complete the bank's confirmation step. Check that this step works well on phones; frequent failures can mean it is confusing or breaks in some browsers.",
  },
};

export const GENERIC_DECLINE_TEXT: DeclineText = {
  explanation: "A decline code this dashboard does not describe. Its exact meaning is in your payment provider's documentation.",
  whatToDo: "Look the code up in your PSP's documentation; if it is frequent, ask the PSP what causes it.",
};

export function isKnownDeclineCode(code: string): code is KnownDeclineCode {
  return Object.hasOwn(DECLINE_TEXTS, code);
}

/** The text of a code; the generic text for a code not in the list. */
export function declineText(code: string): DeclineText {
  return isKnownDeclineCode(code) ? DECLINE_TEXTS[code] : GENERIC_DECLINE_TEXT;
}

/** Which text the page shows for a code, in its language: the code's own, or "generic". */
export function declineTextId(code: string): KnownDeclineCode | "generic" {
  return isKnownDeclineCode(code) ? code : "generic";
}
