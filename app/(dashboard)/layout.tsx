import { after } from "next/server";
import type { ReactNode } from "react";
import { DashboardShell } from "@/components/shell/dashboard-shell";
import { getPageSessionState, getSessionClient } from "@/lib/auth/session";
import { sessionScope } from "@/lib/auth/session-scope";
import { getSessionSettings } from "@/lib/auth/session-settings";
import { refreshLiveShareLinks } from "@/lib/sharing/live-refresh";
import { readUpstreamHealth } from "@/lib/upstream-health";
import { getSessionSavedViews } from "@/lib/views/saved-views";
import { REPORT_MODULES } from "@/lib/reports/server/report-registry";

// Chooses the shell; it does not send a signed-out visitor away. A layout does not know the
// address asked for, so a redirect here would lose it: each page checks the session again and
// sends the visitor to sign in with its own path and query, to come back to that very report.
// It uses the same notion of "signed in" as the sign-in page (cookie AND vault entry), so the
// two can never send a browser back and forth.
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const state = await getPageSessionState();
  if (state.kind !== "signed-in") return children;
  const settings = await getSessionSettings(state.account);
  // The account's live share links are rebuilt once a day, after this page is sent (the vault
  // read and the links' lookup wait for nothing the page needs), while the server holds the
  // credential; a link never holds it.
  const account = state.account;
  after(async () => {
    const client = await getSessionClient(account).catch(() => null);
    if (client) await refreshLiveShareLinks(client, account).catch(() => undefined);
  });
  // The navigation: every report of the registry the key may open, in its order.
  const reports = REPORT_MODULES.filter((report) => !report.creatorOnly || account.keyType === "creator").map(({ id, path, label }) => ({ id, path, label }));
  return (
    <DashboardShell account={state.account} reports={reports} settings={settings} scope={sessionScope(state.account)} health={readUpstreamHealth(state.account.target)} savedViews={getSessionSavedViews(state.account)}>
      {children}
    </DashboardShell>
  );
}
