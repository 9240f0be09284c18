import "server-only";

// One upstream call with everything around it: the credential's rate budget, bounded
// concurrency, Flow B tokens (renewed once on 401), Retry-After on 429, backoff on 5xx
// and network failures. Every call of lib/sales-api goes through here.
import type { LimitFunction } from "p-limit";
import { z } from "zod";
import type { AccessTokenCache } from "./access-tokens";
import type { SalesApiCredential } from "./credentials";
import { toHttpError } from "./error-envelope";
import { SalesApiSchemaError, SalesApiTransportError } from "./errors";
import { abortableSleep, type CredentialRateLimiter } from "./rate-limit";
import { backoffDelay, parseRetryAfter, type RetryPolicy } from "./retry-policy";
import type { Transport, UpstreamRequest, UpstreamResponse } from "./transport";
import { untilAborted } from "./shared-work";

export interface RequestContext {
  transport: Transport;
  credential: SalesApiCredential;
  /** The account's: its rate budget, slots and in-flight requests (the API key's, whatever the flow). */
  identity: string;
  /** Where Flow B's token is kept: the (clientId, key) pair's. */
  tokenIdentity: string;
  limiter: CredentialRateLimiter;
  tokens: AccessTokenCache;
  /** Bounded concurrency for this credential. */
  slots: LimitFunction;
  retry: RetryPolicy;
  /** Upstream requests in flight for every credential, joined by identical callers. */
  inFlight: Map<string, Promise<unknown>>;
  clock?: () => number;
  random?: () => number;
}

/** What one operation cost upstream; shared by every call the operation makes. */
export interface Tally {
  requests: number;
  retries: number;
  tokenExchanges: number;
  onWait?: (waitMs: number) => void;
}

export function newTally(onWait?: (waitMs: number) => void): Tally {
  return { requests: 0, retries: 0, tokenExchanges: 0, onWait };
}

const tokenResponseSchema = z.looseObject({ accessToken: z.string().min(1) });

async function sendWithRetries(ctx: RequestContext, tally: Tally, build: () => UpstreamRequest, signal?: AbortSignal): Promise<UpstreamResponse> {
  const now = ctx.clock ?? Date.now;
  for (let attempt = 0; ; attempt++) {
    let response: UpstreamResponse;
    try {
      response = await ctx.slots(async () => {
        await ctx.limiter.acquire(ctx.identity, { signal, onWait: tally.onWait });
        tally.requests++;
        return ctx.transport.request({ ...build(), signal });
      });
    } catch (error) {
      if (!(error instanceof SalesApiTransportError) || error.code === "redirect" || attempt >= ctx.retry.maxRetries) throw error;
      tally.retries++;
      await abortableSleep(backoffDelay(attempt, ctx.retry, ctx.random), signal);
      continue;
    }
    if (response.ok || attempt >= ctx.retry.maxRetries) return response;
    if (response.status === 429) {
      const waitMs = parseRetryAfter(response.headers.get("retry-after"), now()) ?? backoffDelay(attempt, ctx.retry, ctx.random);
      if (waitMs > ctx.retry.maxRetryAfterMs) return response;
      // Pausing the credential, not just this request: its other queued calls would hit the same wall.
      await ctx.limiter.pause(ctx.identity, now() + waitMs);
      tally.retries++;
      continue;
    }
    if (response.status >= 500) {
      tally.retries++;
      await abortableSleep(backoffDelay(attempt, ctx.retry, ctx.random), signal);
      continue;
    }
    return response;
  }
}

async function exchangeToken(ctx: RequestContext, tally: Tally, signal?: AbortSignal): Promise<string> {
  if (ctx.credential.kind !== "client") throw new Error("token exchange needs a clientId");
  const { clientId, apiKey } = ctx.credential;
  tally.tokenExchanges++;
  const response = await sendWithRetries(ctx, tally, () => ({ method: "POST", path: "/api/v1/auth", json: { clientId, apiKey } }), signal);
  if (!response.ok) throw toHttpError(response);
  const parsed = tokenResponseSchema.safeParse(response.body);
  if (!parsed.success) throw new SalesApiSchemaError("The token exchange answered without an accessToken", { correlationId: response.correlationId });
  return parsed.data.accessToken;
}

/** GET a path with the credential; resolves with a 2xx answer or throws a typed error. */
export async function getWithCredential(ctx: RequestContext, tally: Tally, path: string, query: UpstreamRequest["query"], signal?: AbortSignal): Promise<UpstreamResponse> {
  let renewed = false;
  for (;;) {
    // The exchange is shared by every caller of the credential: it runs without this caller's
    // signal (a closed page must not fail the others), and this caller stops waiting on its own.
    const bearer = ctx.credential.kind === "client" ? await untilAborted(ctx.tokens.get(ctx.tokenIdentity, () => exchangeToken(ctx, tally)), signal) : ctx.credential.apiKey;
    const response = await sendWithRetries(ctx, tally, () => ({ path, query, headers: { authorization: `Bearer ${bearer}` } }), signal);
    if (response.ok) return response;
    if (response.status === 401 && ctx.credential.kind === "client" && !renewed) {
      // The token expired or was revoked early: exchange once more, then give up.
      await ctx.tokens.invalidate(ctx.tokenIdentity, bearer);
      renewed = true;
      continue;
    }
    throw toHttpError(response);
  }
}
