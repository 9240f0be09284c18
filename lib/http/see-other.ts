// A 303 to a path of this dashboard, with a relative Location: the browser resolves it against
// the address it used, whatever host Next sees (a proxy, or localhost for 127.0.0.1), and a
// form's redirect to another origin would be refused by the page's form-action.
import { NextResponse } from "next/server";

export function seeOther(path: string): NextResponse {
  return new NextResponse(null, { status: 303, headers: { location: path, "cache-control": "private, no-store" } });
}
