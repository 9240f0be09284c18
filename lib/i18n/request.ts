import "server-only";

import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { chooseLocale, LOCALE_COOKIE } from "./locales";
import { MESSAGES } from "./messages";

// next-intl's per-request configuration (named in next.config.ts). No locale in the URL: a report
// address is shared between people who read different languages, and each reads it in their own.
export default getRequestConfig(async () => {
  const [jar, head] = await Promise.all([cookies(), headers()]);
  const locale = chooseLocale(jar.get(LOCALE_COOKIE)?.value, head.get("accept-language"));
  // Dates on screen are placed in the report's zone by the code that formats them; this default
  // only keeps next-intl from guessing the server's zone.
  return { locale, messages: MESSAGES[locale], timeZone: "UTC" };
});
