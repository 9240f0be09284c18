// The validated server environment: the only place that reads process.env.
//
// Server-only by construction, but without `import "server-only"`: next.config.ts
// imports this file so a bad configuration fails at build and start, and that
// package throws when loaded by plain Node (it is only empty under the
// "react-server" condition). The browser guard below takes its place; nothing
// here is NEXT_PUBLIC_, so Next never inlines these values into client bundles.
import { existsSync, statSync } from "node:fs";
import { z } from "zod";
import { parseFreshnessPolicy } from "./mirror/freshness-policy";
import { MAX_ACTIVE_SHARE_LINKS } from "./store/share-link-store";

if (typeof window !== "undefined") {
  throw new Error("lib/env.ts is server-only: it must never be imported from client code.");
}

const emptyToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

function isHttps(value: string): boolean {
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return true; // not a URL at all: the URL check already reports it
  }
}

const httpsUrl = z.preprocess(
  emptyToUndefined,
  z
    .url({ error: "must be a valid absolute URL, e.g. https://api.example.com" })
    .refine(isHttps, {
      error: "must use https:// (the upstream refuses plain HTTP, and credentials never travel over it)",
    })
    .transform((value) => value.replace(/\/+$/, ""))
    .optional(),
);

const caFile = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .refine((path) => existsSync(path) && statSync(path).isFile(), {
      error: (issue) => `file not found: ${String(issue.input)} (a PEM certificate to trust in addition to the system roots)`,
    })
    .optional(),
);

/** A duration in whole milliseconds, within the bounds a person is told when it is outside them. */
const milliseconds = (min: number, max: number, fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "must be a number of milliseconds" })
      .int({ error: "must be a whole number of milliseconds" })
      .min(min, { error: `must be at least ${min} ms` })
      .max(max, { error: `must be at most ${max} ms` })
      .default(fallback),
  );

const timeoutMs = milliseconds(100, 120_000, 15_000);

const deadlineMs = milliseconds(1_000, 600_000, 30_000);

const authSecret = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .min(32, { error: "must be at least 32 characters; generate one with `openssl rand -base64 32`" })
    .optional(),
);

const positiveSeconds = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: "must be a number of seconds" }).int().min(60, { error: "must be at least 60 seconds" }).default(fallback),
  );

const optionalPath = z.preprocess(emptyToUndefined, z.string().optional());

/** A connection URL of one of `protocols`; the message never repeats the value (it may hold a password). */
const connectionUrl = (protocols: readonly string[], example: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (value) => {
          try {
            return protocols.includes(new URL(value).protocol);
          } catch {
            return false;
          }
        },
        { error: `must be a ${protocols.map((p) => `${p}//`).join(" or ")} URL, e.g. ${example}` },
      )
      .optional(),
  );

export const serverEnvSchema = z.object({
  SALES_API_BASE_URL: httpsUrl,
  SALES_API_STAGING_BASE_URL: httpsUrl,
  SALES_API_CA_FILE: caFile,
  SALES_API_TIMEOUT_MS: timeoutMs,
  /** Total time one range fetch may spend on the upstream, retries included (not rate-budget waits); then it shows what arrived. */
  SALES_API_REPORT_DEADLINE_MS: deadlineMs,
  AUTH_SECRET: authSecret,
  /** The dashboard's public URL (next-auth); https:// makes the session cookie Secure. */
  NEXTAUTH_URL: z.preprocess(emptyToUndefined, z.url({ error: "must be the dashboard's absolute URL" }).optional()),
  /** How long a sign-in lasts; the vaulted credential expires with it. */
  SESSION_MAX_AGE_SECONDS: positiveSeconds(8 * 3600),
  /** Runtime state (the credential vault's SQLite file). */
  SALESDASH_DATA_DIR: z.preprocess(emptyToUndefined, z.string().default(".data")),
  /** Requests a minute the background sync may use of the upstream's 60: the rest stays for reports. */
  SALESDASH_SYNC_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number({ error: "must be a number of requests" }).int().min(1).max(60, { error: "must be at most 60 (the upstream's limit)" }).default(45)),
  /** Days back the background sync fills after sign-in (every resource the key may read); 0 turns it off. */
  SALESDASH_SYNC_DAYS: z.preprocess(emptyToUndefined, z.coerce.number({ error: "must be a number of days" }).int().min(0).max(3650).default(730)),
  /** How long a mirrored day stays fresh, by its age: "3:60s,30:1h,120:24h,*:7d" (see README). */
  SALESDASH_FRESHNESS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .superRefine((text, ctx) => {
        try {
          parseFreshnessPolicy(text);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: `${(error as Error).message}; e.g. 3:60s,30:1h,120:24h,*:7d` });
        }
      })
      .optional(),
  ),
  /** The nice value (0-19) of the stores' and the payout view's worker threads on Linux: above the event loop's 0, so a sign-in is not kept waiting for CPU behind two-year reads; 0 runs them at the server's priority. */
  SALESDASH_WORKER_NICE: z.preprocess(emptyToUndefined, z.coerce.number({ error: "must be a nice value" }).int().min(0).max(19, { error: "must be between 0 and 19" }).default(10)),
  /** The embedded fact tables' engine: DuckDB (the default: all five tables in facts.duckdb beside the mirror, their stores in one worker thread; not encrypted), chosen by measurement (issue #25, docs/benchmarks.md), or SQLite in the mirror's file. */
  SALESDASH_FACT_ENGINE: z.preprocess(emptyToUndefined, z.enum(["sqlite", "duckdb"], { error: "must be sqlite or duckdb" }).default("duckdb")),
  /** PostgreSQL for the vault, the mirror and the account settings, shared by several instances; SQLite files when unset. */
  SALESDASH_DATABASE_URL: connectionUrl(["postgres:", "postgresql:"], "postgres://salesdash@127.0.0.1:5432/salesdash"),
  /** Redis for the rate budget, Flow B tokens, and requests in flight, shared by several instances; in-process when unset. */
  SALESDASH_REDIS_URL: connectionUrl(["redis:", "rediss:"], "redis://127.0.0.1:6379"),
  /**
   * How many reverse proxies stand in front of the dashboard, each appending the address it saw
   * to X-Forwarded-For; the client's address is then that many entries from the right. 0 (the
   * default): the header is the client's to write, so the socket's address is used
   * (lib/http/client-address.ts).
   */
  SALESDASH_TRUSTED_PROXIES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "must be a number of proxies, e.g. 1 behind one nginx" })
      .int({ error: "must be a whole number of proxies" })
      .min(0, { error: "must be 0 or more" })
      .max(10, { error: "must be at most 10" })
      .default(0),
  ),
  /** How long sign-in waits after too many consecutive refused credentials from one address or for one credential (lib/auth/sign-in-throttle.ts). */
  SALESDASH_SIGN_IN_WAIT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number({ error: "must be a number of seconds" }).int().min(1).max(86_400).default(60)),
  /** Active share links an account may hold at once, below the built-in cap (tests lower it); unset: the cap. */
  SALESDASH_SHARE_LINK_LIMIT: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: "must be a number of links" }).int().min(1, { error: "must be at least 1" }).max(MAX_ACTIVE_SHARE_LINKS, { error: `must be at most ${MAX_ACTIVE_SHARE_LINKS} (the built-in cap)` }).optional(),
  ),
  /** The sandbox's credentials file: the sign-in page then offers the demo accounts. */
  SALESDASH_DEMO_CREDENTIALS_FILE: optionalPath,
  /** The mail server digests and confirmations are sent through (its user and password in the URL); digests are off when unset. */
  SALESDASH_SMTP_URL: connectionUrl(["smtp:", "smtps:"], "smtps://user:password@mail.example.com:465"),
  /** The sender of those mails, e.g. "Salesdash <digests@example.com>". */
  SALESDASH_MAIL_FROM: z.preprocess(emptyToUndefined, z.string().regex(/^[^<>\r\n]*<?[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+>?$/, { error: "must be an address, e.g. Salesdash <digests@example.com>" }).optional()),
  /**
   * Whether a webhook may point at a private, loopback or link-local address. Off by default: a
   * webhook is a request this server makes where a signed-in user says, and must not reach the
   * server's own network; "allow" for a development machine or a test's receiver.
   */
  SALESDASH_WEBHOOK_PRIVATE: z.preprocess(emptyToUndefined, z.enum(["allow", "deny"], { error: "must be allow or deny" }).default("deny")),
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;

export class EnvValidationError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(
      [
        "Invalid server environment:",
        ...problems.map((problem) => `  - ${problem}`),
        "Fix these variables (in the shell or .env.local) and start again.",
      ].join("\n"),
    );
    this.name = "EnvValidationError";
    this.problems = problems;
  }
}

type EnvSource = Record<string, string | undefined>;

/** Validates an environment record; throws EnvValidationError listing every problem. */
export function parseServerEnv(source: EnvSource): ServerEnv {
  const result = serverEnvSchema.safeParse(source);
  if (result.success) return result.data;
  // Messages name the variable and the rule, never the value of a secret.
  const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
  throw new EnvValidationError(problems);
}

let cached: ServerEnv | undefined;

/** The process environment, validated once per process. */
export function getServerEnv(): ServerEnv {
  cached ??= parseServerEnv(process.env);
  return cached;
}
