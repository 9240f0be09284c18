import { afterEach, describe, expect, it, vi } from "vitest";
import { signInFailureMessage } from "@/lib/auth/verify-credential";
import { SalesApiConfigError, SalesApiHttpError, SalesApiTransportError } from "@/lib/sales-api/errors";
import { toTransportError } from "@/lib/sales-api/transport-errors";

// A string that looks like an API key: none of it may ever reach the sign-in page.
const KEY = "sk_live_4f9A2bC7dE1fG8hJ0kL3mN6pQrS";
const KEY_LIKE = /sk_(live|test)_[A-Za-z0-9]{6,}/;
const ACTION = /\b(try again|check it|ask )/i;

const NOW = Date.UTC(2026, 9, 21, 7, 27, 30);

afterEach(() => {
  vi.useRealTimers();
});

function http(status: number, options: { correlationId?: string | null; retryAfter?: string | null; message?: string; code?: string } = {}) {
  return new SalesApiHttpError(status, options.code ?? "some_code", options.message ?? `HTTP ${status}`, {
    correlationId: options.correlationId === undefined ? "corr-123" : options.correlationId,
    retryAfter: options.retryAfter ?? null,
  });
}

function expectNoKey(message: string): void {
  expect(message).not.toContain(KEY);
  expect(message).not.toMatch(KEY_LIKE);
  expect(message).not.toContain(KEY.slice(-12));
}

describe("signInFailureMessage for a refused credential (401)", () => {
  it("says the credential was not accepted and what to do, with the reference", () => {
    const message = signInFailureMessage(http(401, { correlationId: "corr-401" }));
    expect(message).toMatch(/not accepted/);
    expect(message).toMatch(/Check it, or ask the platform operator for a new one/);
    expect(message).toContain("(reference corr-401)");
  });

  it("leaves the reference out when there is none", () => {
    const message = signInFailureMessage(http(401, { correlationId: null }));
    expect(message).toMatch(ACTION);
    expect(message).not.toContain("reference");
    expect(message).not.toContain("null");
  });

  it("does not repeat the upstream message, which might echo the key", () => {
    const message = signInFailureMessage(http(401, { message: `Invalid API key ${KEY}`, code: KEY }));
    expectNoKey(message);
  });
});

describe("signInFailureMessage for rate limiting (429)", () => {
  it("gives the wait from a Retry-After in seconds", () => {
    const message = signInFailureMessage(http(429, { retryAfter: "12", correlationId: "corr-429" }));
    expect(message).toMatch(/limiting requests/);
    expect(message).toContain("Try again in 12 seconds");
    expect(message).toContain("(reference corr-429)");
  });

  it("gives the wait from a Retry-After date, measured from now", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    const retryAfter = new Date(NOW + 30_000).toUTCString();
    expect(signInFailureMessage(http(429, { retryAfter }))).toContain("Try again in 30 seconds");
  });

  it("rounds a partial second up", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW + 500);
    const retryAfter = new Date(NOW + 10_000).toUTCString(); // 9.5 s away
    expect(signInFailureMessage(http(429, { retryAfter }))).toContain("Try again in 10 seconds");
  });

  it.each([
    ["no Retry-After", null],
    ["an unreadable Retry-After", "soon"],
    ["a fractional Retry-After", "1.5"],
    ["a negative Retry-After", "-5"],
  ])("says a minute when there is %s", (_label, retryAfter) => {
    const message = signInFailureMessage(http(429, { retryAfter }));
    expect(message).toContain("Try again in a minute");
  });

  it("does not repeat the upstream message", () => {
    expectNoKey(signInFailureMessage(http(429, { retryAfter: "12", message: `Too many requests for ${KEY}`, code: KEY })));
  });

  // Regression guard, once a bug (lib/auth/verify-credential.ts:21): the unit is always plural, so Retry-After: 1 (or
  // 0, which is raised to 1) reads "Try again in 1 seconds".
  it("says 1 second, not 1 seconds", () => {
    const message = signInFailureMessage(http(429, { retryAfter: "1" }));
    expect(message).toMatch(/Try again in 1 second\b/);
    expect(message).not.toContain("1 seconds");
  });
});

describe("signInFailureMessage for an upstream failure (5xx)", () => {
  it.each([500, 502, 503])("says the API failed, to try again, with the reference (%i)", (status) => {
    const message = signInFailureMessage(http(status, { correlationId: `corr-${status}` }));
    expect(message).toMatch(/internal error/);
    expect(message).toContain("Try again in a moment");
    expect(message).toContain(`(reference corr-${status})`);
  });

  it("does not repeat the upstream message", () => {
    expectNoKey(signInFailureMessage(http(500, { message: `stack trace with Authorization: Bearer ${KEY}`, code: KEY })));
  });
});

describe("signInFailureMessage for a refusal (403)", () => {
  it("includes the reference", () => {
    expect(signInFailureMessage(http(403, { correlationId: "corr-403", message: "forbidden" }))).toContain("(reference corr-403)");
  });

  // Regression guard, once a bug (lib/auth/verify-credential.ts:31-32): 403 falls through to the default branch, which
  // only says "The Sales API refused the check: <upstream message>" with no next step.
  it("says what to do", () => {
    expect(signInFailureMessage(http(403, { message: "forbidden" }))).toMatch(ACTION);
  });

  // Regression guard, once a bug (lib/auth/verify-credential.ts:32): the default branch copies the upstream error
  // message into the page, so an upstream that echoes the key ("key sk_live_... lacks
  // scope") puts it on screen (and in next-auth's error).
  it("does not repeat an upstream message that contains the key", () => {
    expectNoKey(signInFailureMessage(http(403, { message: `API key ${KEY} lacks the sales scope` })));
  });
});

describe("signInFailureMessage when the API cannot be reached", () => {
  it("explains a timeout and says to try again, without a reference", () => {
    const message = signInFailureMessage(new SalesApiTransportError("timeout", "no answer from api.example.com within 15000 ms"));
    expect(message).toBe("The Sales API could not be reached (no answer from api.example.com within 15000 ms). Try again in a moment.");
  });

  it("explains a network error and says to try again", () => {
    const message = signInFailureMessage(new SalesApiTransportError("network", "network error talking to api.example.com: fetch failed"));
    expect(message).toContain("could not be reached");
    expect(message).toContain("network error talking to api.example.com");
    expect(message).toContain("Try again in a moment");
  });

  it.each(["tls", "dns", "connection_refused", "redirect"] as const)("treats a %s failure as unreachable", (code) => {
    const message = signInFailureMessage(new SalesApiTransportError(code, `${code} trouble`));
    expect(message).toContain(`could not be reached (${code} trouble)`);
    expect(message).toMatch(ACTION);
  });

  it("does not repeat the key from the cause of a timeout", () => {
    const cause = Object.assign(new Error(`aborted request with Bearer ${KEY}`), { name: "TimeoutError" });
    const error = toTransportError(cause, { url: new URL("https://api.example.com/api/v1/products"), timeoutMs: 15_000 });
    const message = signInFailureMessage(error);
    expect(message).toContain("within 15000 ms");
    expectNoKey(message);
  });

  // Regression guard, once a bug (lib/auth/verify-credential.ts:24-26 with lib/sales-api/transport-errors.ts:68): a key
  // pasted with a line break inside it is sent as "Bearer <key>", undici refuses the header
  // with a TypeError whose message quotes the whole header value, toTransportError wraps that
  // message into a "network" error, and signInFailureMessage shows it on the sign-in page.
  it("does not show the key when the HTTP client rejects it as a header value", () => {
    let thrown: unknown;
    try {
      new Headers({ authorization: `Bearer ${KEY.slice(0, 20)}\n${KEY.slice(20)}` });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TypeError);
    const error = toTransportError(thrown, { url: new URL("https://api.example.com/api/v1/products"), timeoutMs: 15_000 });
    const message = signInFailureMessage(error);
    expect(message).not.toContain(KEY.slice(0, 20));
    expect(message).not.toContain(KEY.slice(20));
  });
});

describe("signInFailureMessage for a server without configuration", () => {
  it("says sign-in is not configured, and why", () => {
    const message = signInFailureMessage(new SalesApiConfigError("not_configured", "SALES_API_BASE_URL is not set."));
    expect(message).toBe("Sign-in is not configured on this server (SALES_API_BASE_URL is not set.). Ask the person who runs this dashboard.");
  });

  it("does not repeat the key from the cause", () => {
    const error = new SalesApiConfigError("ca_file_unreadable", "Cannot read SALES_API_CA_FILE (/etc/ca.pem).", { cause: new Error(KEY) });
    expectNoKey(signInFailureMessage(error));
  });
});

describe("signInFailureMessage for anything else", () => {
  // Transport failures arrive as SalesApiTransportError; a plain Error is a fault of ours, not
  // of the network or the credential (issue #10, point 6).
  it("treats a plain Error as a fault on our side, with a reference and without its text", () => {
    const message = signInFailureMessage(new Error("socket hang up"));
    expect(message).toMatch(/^Something went wrong on our side while checking the credential\. Try again; if it persists, quote the reference [0-9a-f-]{36} to support\.$/);
    expect(message).not.toContain("socket hang up");
  });

  // Regression guard, once a bug (lib/auth/verify-credential.ts:26): the parameter is `unknown`, but a thrown
  // non-object (undefined, null) makes `(error as Error).message` throw a TypeError, so
  // verifyCredential rejects instead of answering.
  it("answers, rather than throwing, for a thrown undefined or null", () => {
    expect(signInFailureMessage(undefined)).toMatch(ACTION);
    expect(signInFailureMessage(null)).toMatch(ACTION);
  });
});
