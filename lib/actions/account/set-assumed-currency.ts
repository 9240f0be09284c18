"use server";

// Sets the currency that records without one are counted in, for the signed-in account.
import { z } from "zod";
import { normalizeCurrencyCode } from "@/lib/analytics/assumed-currency";
import { getAccountSettingsStore } from "@/lib/auth/account-settings";
import { sessionAction, type ActionResult } from "@/lib/actions/session-action";

const inputSchema = z.object({
  // Empty means "automatic": the most common currency of the account's sales.
  currency: z.string().max(16).refine((v) => v.trim() === "" || normalizeCurrencyCode(v) !== null, {
    error: "Enter a three-letter currency code such as BRL or USD, or leave it empty for automatic.",
  }),
});

const setAssumedCurrency = sessionAction(inputSchema, async ({ currency }, { client }) => {
  const assumedCurrency = currency.trim() === "" ? null : normalizeCurrencyCode(currency);
  await getAccountSettingsStore().set(client.identity, { assumedCurrency });
  return { ok: true, data: { assumedCurrency } };
});

export async function setAssumedCurrencyAction(input: { currency: string }): Promise<ActionResult<{ assumedCurrency: string | null }>> {
  return setAssumedCurrency(input);
}
