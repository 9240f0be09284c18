"use server";

// The password of a share link, checked on the server: a right one sets an HttpOnly cookie for
// that link's path alone (a value bound to the link and its password, so revoking the link
// turns it off, and it opens no other link); wrong ones count towards the lockout.
import { cookies, headers } from "next/headers";
import { z } from "zod";
import { actionFailure, publicAction } from "@/lib/actions/session-action";
import { clientAddress } from "@/lib/http/client-address";
import { consumeShareOpen } from "@/lib/sharing/open-rate-limit";
import { openShareLink } from "@/lib/sharing/share-links";
import { isWellFormedToken } from "@/lib/sharing/share-token";

const input = z.object({ token: z.string().max(100), password: z.string().min(1).max(200) });

type UnlockAnswer = { kind: "ok" } | { kind: "wrong_password"; triesLeft: number } | { kind: "locked"; until: number } | { kind: "gone" };

export const unlockShareLinkAction = publicAction(input, async ({ token, password }) => {
  const limit = await consumeShareOpen(clientAddress(await headers()));
  if (!limit.ok) return actionFailure("rate_limited", `Too many tries from your network. Try again in ${limit.retryAfterSeconds} seconds.`);
  if (!isWellFormedToken(token)) return { ok: true, data: { kind: "gone" } as UnlockAnswer };
  const now = new Date();
  const opened = await openShareLink(token, { now, password, countView: false });
  if (opened.kind === "wrong_password") return { ok: true, data: { kind: "wrong_password", triesLeft: opened.triesLeft } as UnlockAnswer };
  if (opened.kind === "locked") return { ok: true, data: { kind: "locked", until: opened.until } as UnlockAnswer };
  if (opened.kind !== "ok") return { ok: true, data: { kind: "gone" } as UnlockAnswer };
  if (opened.unlockCookie) {
    const { name, value, expires } = opened.unlockCookie;
    (await cookies()).set(name, value, { httpOnly: true, sameSite: "lax", path: `/s/${token}`, secure: (await headers()).get("x-forwarded-proto") === "https", expires: new Date(expires) });
  }
  return { ok: true, data: { kind: "ok" } as UnlockAnswer };
});
