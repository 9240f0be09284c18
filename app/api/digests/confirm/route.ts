// An address's confirmation: the page's form POSTs here, and is sent back to the page with the
// outcome. A GET changes nothing (a mail scanner may open the link): it goes to the page.
import { NextResponse, type NextRequest } from "next/server";
import { seeOther } from "@/lib/http/see-other";
import { confirmByLink } from "@/lib/digests/digest-links";

export async function POST(request: NextRequest): Promise<NextResponse> {
  const token = request.nextUrl.searchParams.get("token") ?? "";
  const outcome = await confirmByLink(token);
  return seeOther(`/digests/confirm?${new URLSearchParams({ token, outcome })}`);
}

export function GET(request: NextRequest): NextResponse {
  const token = request.nextUrl.searchParams.get("token") ?? "";
  return seeOther(`/digests/confirm?${new URLSearchParams({ token })}`);
}
