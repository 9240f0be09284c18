import "server-only";

// next-auth: a Credentials provider that verifies the API credential upstream, seals it in
// the vault and puts only the vault reference, key type and label into the session JWT.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getServerEnv } from "@/lib/env";
import { clientAddress } from "@/lib/http/client-address";
import { StorageUnavailableError } from "@/lib/store/storage-unavailable";
import { getCredentialVault } from "./credential-vault";
import { safeRedirectUrl } from "./safe-callback";
import { sessionClaims, type SignedInAccount } from "./session-claims";
import { secureSessionCookie, sessionCookieName } from "./session-cookie";
import { decideSession } from "./session-decision";
import { signInWithCredential } from "./sign-in-credential";

export function getAuthOptions(): NextAuthOptions {
  const env = getServerEnv();
  const maxAge = env.SESSION_MAX_AGE_SECONDS;
  const secure = secureSessionCookie(env.NEXTAUTH_URL);
  return {
    secret: env.AUTH_SECRET,
    // Secure cookies whenever the dashboard is served over HTTPS (everywhere but localhost).
    useSecureCookies: secure,
    // The session cookie under the name the pages read: "__Host-" over HTTPS (session-cookie.ts).
    cookies: { sessionToken: { name: sessionCookieName(secure), options: { httpOnly: true, sameSite: "lax", path: "/", secure } } },
    // Codes only: next-auth's metadata can carry request details, and no credential may reach a log.
    logger: {
      error: (code) => console.error(`[auth] error ${code}`),
      warn: (code) => console.warn(`[auth] warning ${code}`),
      debug: () => {},
    },
    session: { strategy: "jwt", maxAge },
    jwt: { maxAge },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers: [
      CredentialsProvider({
        id: "sales-api",
        name: "Sales API credential",
        credentials: { apiKey: { type: "password" }, clientId: { type: "text" }, target: { type: "text" }, name: { type: "text" } },
        // The sign-in page uses signInAction (lib/actions/auth); this provider stays for
        // anything that still signs in through next-auth's own route, on the same code.
        async authorize(input, request) {
          // The same throttle as the sign-in page: the same helper reads the client address.
          const address = clientAddress(new Headers(Object.entries((request?.headers ?? {}) as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === "string")));
          const result = await signInWithCredential({ apiKey: input?.apiKey ?? "", clientId: input?.clientId, name: input?.name, target: input?.target }, address);
          // next-auth hands this message to signIn() on the page; it never contains the key.
          if (!result.ok) throw new Error(result.message);
          const { vaultRef, label, keyType, target } = result.account;
          return { id: vaultRef, name: label, keyType, target };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          const u = user as unknown as { id: string; name: string; keyType: SignedInAccount["keyType"]; target: SignedInAccount["target"] };
          return { ...sessionClaims({ vaultRef: u.id, label: u.name, keyType: u.keyType, target: u.target }), iat: token.iat, exp: token.exp, jti: token.jti };
        }
        // Every later read (/api/auth/session above all) applies the pages' definition of
        // "signed in": without its vault entry the token is not renewed. next-auth answers a
        // throw here with an empty session and a cleared cookie.
        const decision = await decideSession({ present: true, token }, (ref) =>
          // While the vault's database is away the session cannot be checked; it is kept, not ended
          // (pages say "storage unavailable" meanwhile), so an outage signs nobody out.
          getCredentialVault().has(ref).catch((error: unknown) => (error instanceof StorageUnavailableError ? true : Promise.reject(error))),
        );
        if (decision.kind !== "signed-in") throw new Error(`session ended (${decision.kind === "ended" ? decision.reason : "signed out"})`);
        return token;
      },
      // Where next-auth itself sends the browser (sign-in and sign-out callbacks): the same
      // same-site rule as the sign-in page, never another origin.
      redirect({ url, baseUrl }) {
        return safeRedirectUrl(url, baseUrl);
      },
      // What the browser may see of the session: no vault reference.
      session({ session, token }) {
        return { expires: session.expires, account: { label: token.label, keyType: token.keyType, target: token.target } } as never;
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.vaultRef === "string") await getCredentialVault().remove(token.vaultRef);
      },
    },
  };
}
