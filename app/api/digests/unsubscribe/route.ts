// One-click unsubscribe (RFC 8058): the mail client POSTs "List-Unsubscribe=One-Click" to the
// address in the digest's List-Unsubscribe header, and gets 200 and a sentence. The page's own
// form POSTs here too and is sent back to the page with the outcome. A GET (a link opened, or a
// scanner following it) changes nothing: it goes to the page, which asks first.
import { NextResponse, type NextRequest } from "next/server";
import { seeOther } from "@/lib/http/see-other";
import { unsubscribeByLink } from "@/lib/digests/digest-links";

const STATUS = { done: 200, invalid: 400, unavailable: 503 } as const;
const WORDS = {
  done: "You are unsubscribed: no more of these mails go to this address.",
  invalid: "This unsubscribe link is not valid. Open the digest again and use its link.",
  unavailable: "The dashboard's storage cannot be reached right now, so nothing was changed. Try again in a few minutes.",
} as const;

/** The page's own form says so (a hidden field); a mail client's one-click POST (urlencoded or multipart, RFC 8058) does not. */
async function fromPage(request: NextRequest): Promise<boolean> {
  try {
    return (await request.formData()).get("from") === "page";
  } catch {
    return false;
  }
}

export async function POST(request: NextRequest): Promise<NextResponse> {
  const token = request.nextUrl.searchParams.get("token");
  const outcome = await unsubscribeByLink(token);
  if (await fromPage(request)) return seeOther(`/digests/unsubscribe?${new URLSearchParams({ token: token ?? "", outcome })}`);
  return new NextResponse(WORDS[outcome], { status: STATUS[outcome], headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

export function GET(request: NextRequest): NextResponse {
  const token = request.nextUrl.searchParams.get("token") ?? "";
  return seeOther(`/digests/unsubscribe?${new URLSearchParams({ token })}`);
}
