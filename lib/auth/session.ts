import "server-only";

// The signed-in account, read on the server from the session cookie. Everything that needs
// the credential goes through here: nothing from the browser selects an account.
import { cookies } from "next/headers";
import { forbidden } from "next/navigation";
import { decode } from "next-auth/jwt";
import { getServerEnv } from "@/lib/env";
import { createSalesApiClient, type KeyType, type SalesApiClient } from "@/lib/sales-api";
import { getCredentialVault } from "./credential-vault";

export interface SessionAccount {
  label: string;
  keyType: KeyType;
  target: "production" | "staging";
  vaultRef: string;
}

const COOKIE_NAMES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

export async function getSessionAccount(): Promise<SessionAccount | null> {
  const secret = getServerEnv().AUTH_SECRET;
  if (!secret) return null;
  const jar = await cookies();
  const raw = COOKIE_NAMES.map((name) => jar.get(name)?.value).find(Boolean);
  if (!raw) return null;
  const token = await decode({ token: raw, secret }).catch(() => null);
  if (!token || typeof token.vaultRef !== "string") return null;
  if (token.keyType !== "creator" && token.keyType !== "affiliate") return null;
  return { label: String(token.label ?? ""), keyType: token.keyType, target: token.target === "staging" ? "staging" : "production", vaultRef: token.vaultRef };
}

/** The Sales API client of the signed-in account; null when signed out or the vault entry is gone. */
export async function getSessionClient(account: SessionAccount): Promise<SalesApiClient | null> {
  const vaulted = await getCredentialVault().get(account.vaultRef);
  if (!vaulted) return null;
  return createSalesApiClient({ credential: vaulted.credential, target: vaulted.target });
}

/** For creator-only pages, actions and handlers: an affiliate session gets a 403 here. */
export function assertCreator(account: SessionAccount): void {
  if (account.keyType !== "creator") forbidden();
}
