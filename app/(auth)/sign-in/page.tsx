import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInPanel } from "@/components/auth/sign-in-panel";
import { getDemoAccounts } from "@/lib/auth/demo-accounts";
import { safeCallbackPath } from "@/lib/auth/safe-callback";
import { getSessionAccount } from "@/lib/auth/session";
import { getServerEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const callbackPath = safeCallbackPath(params.callbackUrl);
  if (await getSessionAccount()) redirect(callbackPath);
  return <SignInPanel callbackPath={callbackPath} stagingAvailable={Boolean(getServerEnv().SALES_API_STAGING_BASE_URL)} demoAccounts={getDemoAccounts()} />;
}
