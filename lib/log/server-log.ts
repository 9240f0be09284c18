import "server-only";

// The server's log: one JSON object per line on stderr, which every host (a terminal, systemd,
// a container runtime) keeps without configuration. Only named fields are written, never a
// request body, a record, a header or an upstream message: those can hold the credential,
// a token or a customer's details. Stacks of our own errors are written, with anything that
// looks like a secret or an e-mail address blanked, because a message may quote its input.
import { randomUUID } from "node:crypto";

export type LogLevel = "info" | "warn" | "error";

export interface LogFields {
  /** What happened, e.g. "report_failed". */
  event: string;
  /** The request's path without its query (the query holds filter values). */
  route?: string;
  status?: number;
  kind?: string;
  correlationId?: string | null;
  /** Whose reference `correlationId` is: the upstream's, or one we made for our own failure. */
  correlationSource?: "upstream" | "ours";
  upstreamStatus?: number;
  upstreamCode?: string;
  errorName?: string;
  stack?: string;
  /** A Content-Security-Policy violation's directive and what it blocked ("inline", an origin). */
  directive?: string;
  blocked?: string;
  /** Our own wording of a failure to reach the upstream (which address refused), kept out of pages. */
  detail?: string;
}

export type LogSink = (line: string) => void;

let sink: LogSink = (line) => process.stderr.write(`${line}\n`);

/** For tests: where the lines go; returns the previous sink. */
export function setLogSink(next: LogSink): LogSink {
  const previous = sink;
  sink = next;
  return previous;
}

/** A reference for a failure of ours, shown to the person and written in the log. */
export function newCorrelationId(): string {
  return randomUUID();
}

// A machine code from the upstream is logged only if it looks like one (a hostile or broken
// upstream could put anything in it).
export function safeCode(code: unknown): string | undefined {
  return typeof code === "string" && /^[A-Za-z0-9_.-]{1,64}$/.test(code) ? code : undefined;
}

const SECRET_PATTERNS: RegExp[] = [
  /\b(Bearer|Basic)\s+[^\s"',]+/gi, // an Authorization value
  /\beyJ[\w-]*\.[\w-]*\.?[\w-]*/g, // a JWT (an access token)
  // A prefixed API key such as sak_… (with a digit, so that snake_case names in a stack stay).
  /\b[A-Za-z][A-Za-z0-9]{1,15}_(?=[A-Za-z_-]*[0-9])[A-Za-z0-9_-]{12,}/g,
  // Any other long opaque string (keys, secrets); "/" is left out so that file paths stay.
  /[A-Za-z0-9+_-]{32,}={0,2}/g,
  /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, // an e-mail address
];

/** `text` with every substring that may be a credential, token or e-mail address blanked. */
export function redact(text: string): string {
  return SECRET_PATTERNS.reduce((out, pattern) => out.replace(pattern, "[redacted]"), text);
}

export function formatLogLine(level: LogLevel, fields: LogFields, now: Date = new Date()): string {
  const line: Record<string, unknown> = {
    time: now.toISOString(),
    level,
    event: fields.event,
    route: fields.route,
    status: fields.status,
    kind: fields.kind,
    correlation_id: fields.correlationId ?? undefined,
    correlation_source: fields.correlationSource,
    upstream_status: fields.upstreamStatus,
    upstream_code: safeCode(fields.upstreamCode),
    error_name: fields.errorName === undefined ? undefined : safeCode(fields.errorName) ?? "other",
    stack: fields.stack === undefined ? undefined : redact(fields.stack).slice(0, 8000),
    directive: fields.directive === undefined ? undefined : safeCode(fields.directive) ?? "other",
    blocked: fields.blocked === undefined ? undefined : redact(fields.blocked).slice(0, 200),
    detail: fields.detail === undefined ? undefined : redact(fields.detail).slice(0, 300),
  };
  if (line.route !== undefined) line.route = redact(String(line.route)).slice(0, 300);
  return JSON.stringify(line);
}

export function log(level: LogLevel, fields: LogFields): void {
  try {
    sink(formatLogLine(level, fields));
  } catch {
    // a log that cannot be written must not turn a handled failure into a crash
  }
}

/**
 * A log for what repeats while a back-end is away (a loop's every turn, every account's job):
 * one line at most every `everyMs`, the others dropped, so that an outage does not fill the log.
 */
export function logAtMostEvery(everyMs: number): (level: LogLevel, fields: LogFields) => void {
  let saidAt = -Infinity;
  return (level, fields) => {
    if (Date.now() - saidAt < everyMs) return;
    saidAt = Date.now();
    log(level, fields);
  };
}
