// GET /session-ended?reason=…&callbackUrl=…: where pages send a session that is over (its
// vault entry is gone, or the cookie no longer decodes). Server components cannot delete
// cookies, so this handler does: it clears the session cookie and sends the browser to the
// sign-in page, which says why. A session that is still valid is left alone, so a link here
// cannot sign anyone out.
import { NextResponse, type NextRequest } from "next/server";
import { getCredentialVault } from "@/lib/auth/credential-vault";
import { safeCallbackPath } from "@/lib/auth/safe-callback";
import { getSessionState } from "@/lib/auth/session";
import { expiredSessionCookieAttributes, isSessionCookie } from "@/lib/auth/session-cookie";
import { parseEndReason } from "@/lib/auth/session-decision";
import { seeOther } from "@/lib/http/see-other";

export async function GET(request: NextRequest): Promise<NextResponse> {
  const state = await getSessionState();
  const query = request.nextUrl.searchParams;
  const callbackPath = safeCallbackPath(query.get("callbackUrl") ?? undefined);
  if (state.kind === "signed-in") return seeOther(callbackPath);
  const reason = state.kind === "ended" ? state.reason : parseEndReason(query.get("reason") ?? undefined);
  const target = new URLSearchParams({ callbackUrl: callbackPath });
  if (reason) target.set("reason", reason);
  const response = seeOther(`/sign-in?${target}`);
  if (state.kind === "ended") {
    if (state.vaultRef) await getCredentialVault().remove(state.vaultRef);
    for (const { name } of request.cookies.getAll()) {
      if (isSessionCookie(name)) response.cookies.set(name, "", expiredSessionCookieAttributes(name));
    }
  }
  return response;
}
