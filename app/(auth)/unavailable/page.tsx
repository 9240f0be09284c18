import type { Metadata } from "next";
import Link from "next/link";
import { safeCallbackPath } from "@/lib/auth/safe-callback";

export const metadata: Metadata = { title: "Storage unavailable" };

// Where pages send a request while PostgreSQL or Redis cannot be reached. It reads no session
// (that is what failed), says what happened and how to go on, and quotes the logged reference.
export default async function StorageUnavailablePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const reference = typeof params.ref === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(params.ref) ? params.ref : null;
  const retry = safeCallbackPath(params.callbackUrl);
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col justify-center px-5">
      <h1 className="text-2xl font-semibold">Storage unavailable</h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        The dashboard cannot reach its database or cache right now. Nothing was lost, and you are still signed in: try again in a moment. If it persists, tell the person who runs this dashboard.
      </p>
      {reference && (
        <p className="mt-3 text-sm">
          Reference: <code data-testid="unavailable-reference">{reference}</code>
        </p>
      )}
      <Link href={retry} className="mt-6 font-medium underline">Try again</Link>
    </main>
  );
}
