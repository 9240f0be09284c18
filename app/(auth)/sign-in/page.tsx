import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SignInPanel } from "@/components/auth/sign-in-panel";
import { getDemoAccounts } from "@/lib/auth/demo-accounts";
import { safeCallbackPath } from "@/lib/auth/safe-callback";
import { getPageSessionState } from "@/lib/auth/session";
import { endedSessionPath, parseEndReason } from "@/lib/auth/session-decision";
import { getServerEnv } from "@/lib/env";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.signIn");
  return { title: t("title") };
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const callbackPath = safeCallbackPath(params.callbackUrl);
  const state = await getPageSessionState(callbackPath);
  const endedReason = parseEndReason(params.reason);
  if (state.kind === "signed-in") redirect(callbackPath);
  // An ended session's cookie is cleared by /session-ended, which comes back here with the
  // reason; should the cookie survive that, the page shows the form rather than redirect again.
  if (state.kind === "ended" && !endedReason) redirect(endedSessionPath(state.reason, callbackPath));
  const reason = endedReason ?? (state.kind === "ended" ? state.reason : null);
  const t = await getTranslations("auth.ended");
  return (
    <SignInPanel
      callbackPath={callbackPath}
      notice={reason ? t(reason) : null}
      stagingAvailable={Boolean(getServerEnv().SALES_API_STAGING_BASE_URL)}
      demoAccounts={getDemoAccounts()}
    />
  );
}
