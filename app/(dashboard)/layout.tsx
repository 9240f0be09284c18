import type { ReactNode } from "react";
import { DashboardShell } from "@/components/shell/dashboard-shell";
import { requireSessionAccount } from "@/lib/auth/session";

// Every page below checks the session again: this layout only chooses the shell. It uses the
// same notion of "signed in" as the sign-in page (cookie AND vault entry), so the two can
// never send a browser back and forth.
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const account = await requireSessionAccount();
  return <DashboardShell account={account}>{children}</DashboardShell>;
}
