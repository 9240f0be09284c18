// /__sandbox/*: run-time test controls and served-request counters. Present only when the
// sandbox started with --test-controls, and answering loopback callers only.
import type { IncomingMessage, ServerResponse } from "node:http";
import { controlsSchema, type Controls } from "./controls";
import { ApiError, isLoopback, readBody, sendJson } from "./http";
import type { RateLimiter } from "./rate-limiter";
import type { Stats } from "./stats";

export interface ControlState { controls: Controls; initial: Controls; stats: Stats; limiter: RateLimiter; invalidateTokens: () => void }

export async function handleTestControl(req: IncomingMessage, res: ServerResponse, path: string, state: ControlState): Promise<void> {
  if (!isLoopback(req)) throw new ApiError(403, "forbidden", "Test controls answer loopback callers only");
  const route = `${req.method} ${path}`;
  if (route === "GET /__sandbox/controls") return sendJson(res, 200, state.controls);
  if (route === "POST /__sandbox/controls") {
    const parsed = controlsSchema.partial().strict().safeParse(JSON.parse((await readBody(req)) || "{}"));
    if (!parsed.success) throw new ApiError(400, "invalid_request", parsed.error.message);
    Object.assign(state.controls, parsed.data);
    return sendJson(res, 200, state.controls);
  }
  if (route === "POST /__sandbox/invalidate-tokens") {
    state.invalidateTokens();
    return sendJson(res, 200, { invalidated: true });
  }
  if (route === "GET /__sandbox/stats") return sendJson(res, 200, { accounts: state.stats.snapshot(), unauthenticated: state.stats.unauthenticated() });
  if (route === "POST /__sandbox/reset") {
    Object.assign(state.controls, state.initial);
    state.stats.reset();
    state.limiter.reset();
    return sendJson(res, 200, state.controls);
  }
  throw new ApiError(404, "not_found", `No test control at ${route}`);
}
