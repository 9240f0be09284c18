// What the dashboard calls a signed-in account: the name the user gave, or the key type
// with the key's last four characters, never more of the key.
import type { KeyType } from "@/lib/sales-api";

export function accountLabel(name: string | undefined, keyType: KeyType, apiKey: string): string {
  const given = name?.trim().slice(0, 60);
  if (given) return given;
  return `${keyType === "creator" ? "Creator" : "Affiliate"} key ····${apiKey.trim().slice(-4)}`;
}

/**
 * The name to show people outside the account (a share link): the name the user gave, or
 * none. Not even four characters of the key leave the account.
 */
export function publicAccountName(label: string): string {
  return /^(Creator|Affiliate) key ····/.test(label) ? "" : label;
}

/** The key's last four characters when `label` is a generated one (no name given), else null: pages word it in the reader's language. */
export function generatedLabelKeyEnd(label: string): string | null {
  return /^(?:Creator|Affiliate) key ····(.{1,4})$/.exec(label)?.[1] ?? null;
}
