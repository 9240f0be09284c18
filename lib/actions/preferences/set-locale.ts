"use server";

import { cookies } from "next/headers";
import { z } from "zod";
import { publicAction } from "@/lib/actions/session-action";
import { secureSessionCookie } from "@/lib/auth/session-cookie";
import { getServerEnv } from "@/lib/env";
import { LOCALE_COOKIE, LOCALES } from "@/lib/i18n/locales";

// The language switch: a preference of this browser, signed in or not, kept for a year.
export const setLocale = publicAction(z.object({ locale: z.enum(LOCALES) }), async ({ locale }) => {
  const jar = await cookies();
  jar.set(LOCALE_COOKIE, locale, { path: "/", sameSite: "lax", httpOnly: true, secure: secureSessionCookie(getServerEnv().NEXTAUTH_URL), maxAge: 365 * 24 * 3600 });
  return { ok: true, data: null };
});
