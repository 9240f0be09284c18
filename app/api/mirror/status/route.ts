// GET /api/mirror/status: how far the signed-in account's background sync has filled its
// mirror ("synced 412 of 730 days"), for the shell. The account is the session's; the answer
// holds counts and a sentence only (lib/mirror/sync-status-answer.ts).
import { NextResponse } from "next/server";
import { getSessionAccount, getSessionClient } from "@/lib/auth/session";
import { getServerEnv } from "@/lib/env";
import { getSyncStatus } from "@/lib/mirror/account-sync";
import { syncStatusAnswer } from "@/lib/mirror/sync-status-answer";
import { errorResponse, upstreamErrorResponse } from "@/lib/reports/server/report-route";
import { StorageUnavailableError } from "@/lib/store/storage-unavailable";

export async function GET(): Promise<NextResponse> {
  try {
    const account = await getSessionAccount();
    const client = account && (await getSessionClient(account));
    if (!account || !client) return errorResponse(401, "unauthenticated", "Your session has ended. Sign in again.");
    const enabled = getServerEnv().SALESDASH_SYNC_DAYS > 0;
    const status = enabled ? await getSyncStatus(client.identity, account.keyType) : null;
    return NextResponse.json(syncStatusAnswer(status, enabled), { headers: { "cache-control": "private, no-store" } });
  } catch (error) {
    // The session's vault or the mirror's database away: "storage unavailable" (503) with a
    // logged reference, as every report route says it.
    if (error instanceof StorageUnavailableError) return upstreamErrorResponse(error, "/api/mirror/status");
    return errorResponse(500, "internal", "The sync's progress could not be read. It is shown again shortly.");
  }
}
