import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { DashboardShell } from "@/components/shell/dashboard-shell";
import { getSessionAccount } from "@/lib/auth/session";

// Every page below checks the session again: this layout only chooses the shell.
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const account = await getSessionAccount();
  if (!account) redirect("/sign-in");
  return <DashboardShell account={account}>{children}</DashboardShell>;
}
