// The sandbox's credentials, derived from the seed so that every start with the same
// seed hands out the same keys (tests and the demo can rely on them).
import { createHmac } from "node:crypto";
import { creatorsOfAffiliate, type Scope } from "./data/dataset";

export const API_KEY_PREFIX = "sak_";

export type AccountName = "creator" | "creator2" | "affiliate" | "revoked";

export interface Account {
  name: AccountName;
  label: string;
  clientId: string;
  apiKey: string;
  revoked: boolean;
  scope: Scope;
}

function derive(seed: string, purpose: string, length: number): string {
  return createHmac("sha256", `sandbox-seed:${seed}`).update(purpose).digest("hex").slice(0, length);
}

function account(seed: string, name: AccountName, label: string, scope: Scope, revoked = false): Account {
  return {
    name,
    label,
    clientId: `cli_${derive(seed, `client:${name}`, 16)}`,
    apiKey: `${API_KEY_PREFIX}${derive(seed, `key:${name}`, 40)}`,
    revoked,
    scope,
  };
}

export function makeAccounts(seed: string): Record<AccountName, Account> {
  return {
    creator: account(seed, "creator", "Aurora Academy", { keyType: "creator", creatorNos: [1] }),
    creator2: account(seed, "creator2", "Northwind Studio", { keyType: "creator", creatorNos: [2] }),
    affiliate: account(seed, "affiliate", "Jules Martin", { keyType: "affiliate", creatorNos: creatorsOfAffiliate(7001), affiliateId: 7001 }),
    // A rotated-out key of the first creator: it still parses, but every call answers 401.
    revoked: account(seed, "revoked", "Aurora Academy (revoked key)", { keyType: "creator", creatorNos: [1] }, true),
  };
}
