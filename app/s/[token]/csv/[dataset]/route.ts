// GET /s/{token}/csv/{dataset}: one CSV of a shared snapshot's aggregates (or "all" as a ZIP),
// written from the stored view alone: no record list, no other range, no session.
import { cookies } from "next/headers";
import { sharedExportResponse } from "@/lib/sharing/shared-export";

export async function GET(request: Request, context: { params: Promise<{ token: string; dataset: string }> }) {
  const { token, dataset } = await context.params;
  return sharedExportResponse(request, token, dataset, await cookies());
}
