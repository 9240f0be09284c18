import fs from "node:fs";
import path from "node:path";
import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { EnvValidationError, getServerEnv } from "./lib/env";
import { SERVER_ACTION_BODY_LIMIT_BYTES } from "./lib/http/server-action-guard";

// Fail `next build`, `next start` and `next dev` early, with the list of what is wrong.
try {
  getServerEnv();
} catch (error) {
  if (!(error instanceof EnvValidationError)) throw error;
  console.error(`\n${error.message}\n`);
  process.exit(1);
}

const isProd = process.env.NODE_ENV === "production";

// The Content-Security-Policy is not here: it carries a nonce of its own per response, which
// proxy.ts makes (lib/http/content-security-policy.ts).
const securityHeaders = [
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  ...(isProd ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }] : []),
];

const sharedLinkHeaders = [
  { key: "Referrer-Policy", value: "no-referrer" },
  { key: "X-Robots-Tag", value: "noindex, nofollow, noarchive" },
  { key: "Cache-Control", value: "private, no-store" },
];

// A second checkout (a git worktree) may share the first one's node_modules through a symlink;
// Turbopack compiles only files under its root, so the root is the closest directory holding
// both the project and its node_modules. In an ordinary checkout that is the project itself.
function workspaceRoot(project = process.cwd()): string {
  let modules: string;
  try {
    modules = fs.realpathSync(path.join(project, "node_modules"));
  } catch {
    return project;
  }
  let root = project;
  while (path.relative(root, modules).startsWith("..") && path.dirname(root) !== root) root = path.dirname(root);
  return root;
}
const root = workspaceRoot();

const nextConfig: NextConfig = {
  poweredByHeader: false,
  turbopack: { root },
  outputFileTracingRoot: root,
  reactStrictMode: true,
  // Server-only packages loaded from node_modules as they are: undici (its own Agent), the
  // database drivers, and node-pg-migrate, which reads the migration files at run time.
  serverExternalPackages: ["undici", "better-sqlite3", "pg", "node-pg-migrate", "ioredis", "pg-boss"],
  // forbidden(): creator-only pages answer an affiliate session with a real 403.
  experimental: {
    authInterrupts: true,
    // The limit proxy.ts answers with a typed failure before Next reads a body (server-action-guard.ts).
    serverActions: { bodySizeLimit: SERVER_ACTION_BODY_LIMIT_BYTES },
  },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // A shared report: never indexed, never cached, and its address (which is its key) never
      // sent to another site as a referrer.
      { source: "/s/:path*", headers: sharedLinkHeaders },
    ];
  },
};

// next-intl reads its per-request configuration (the locale and its messages) from this file.
// The messages are compiled at build time (`precompile`): the browser then formats them without
// the ICU MessageFormat parser (intl-messageformat, 12 KiB gzip on every page's first load).
// Every message file under lib/i18n/messages goes through next-intl's catalog loader, on the
// server too, so server and browser read the same compiled form. (Vitest reads the JSON as it
// is, with the full formatter: the same words.)
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: { messages: { path: "./lib/i18n/messages", format: "json", locales: ["en", "pt-BR"], precompile: true } },
});

export default withNextIntl(nextConfig);
