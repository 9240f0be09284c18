// The sandbox: an HTTPS server implementing the Sales Analytics Read API contract on
// deterministic generated data. startSandbox() is used by the CLI, the demo and the tests.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { makeAccounts, type Account, type AccountName } from "./accounts";
import { Authenticator } from "./auth";
import { offerRecords, productRecords } from "./catalog-records";
import { DEFAULT_CONTROLS, nowMs, type Controls } from "./controls";
import { Dataset, type ListResource } from "./data/dataset";
import { passGate } from "./gate";
import { ApiError, readBody, sendError, sendJson } from "./http";
import { reshape } from "./odd-shapes";
import { parseLimit, parseWindow } from "./params";
import { RateLimiter } from "./rate-limiter";
import { API_PREFIX, ROUTES, type Route } from "./routes";
import { Stats } from "./stats";
import { handleTestControl } from "./test-controls";
import { ensureTls } from "./tls";

export interface SandboxOptions {
  port: number;
  host: string;
  seed: string;
  scale: number;
  dataDir: string;
  /** Enables /__sandbox/* (loopback only). */
  testControls: boolean;
  credentialsOut?: string;
  controls: Partial<Controls>;
}

export interface SandboxHandle {
  baseUrl: string;
  caFile: string;
  accounts: Record<AccountName, Account>;
  controls: Controls;
  stats: Stats;
  close(): Promise<void>;
}

export const DEFAULT_OPTIONS: SandboxOptions = { port: 8443, host: "127.0.0.1", seed: "salesdash", scale: 1, dataDir: ".data", testControls: false, controls: {} };

interface Context {
  options: SandboxOptions;
  controls: Controls;
  initial: Controls;
  accounts: Record<AccountName, Account>;
  auth: Authenticator;
  dataset: Dataset;
  limiter: RateLimiter;
  stats: Stats;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function answerList(ctx: Context, route: Route, account: Account, query: URLSearchParams, res: ServerResponse): Promise<void> {
  const limit = parseLimit(query);
  if (route.kind === "catalog") {
    const all = route.resource === "products" ? productRecords(account.scope.creatorNos) : offerRecords(account.scope.creatorNos);
    const data = all.slice(0, limit);
    return sendJson(res, 200, { data, meta: { count: data.length, limit, from: null, to: null, truncated: all.length > limit } });
  }
  const window = parseWindow(query);
  const resource = route.resource as ListResource;
  const { data, truncated } = ctx.dataset.query(account.scope, resource, window.fromDay, window.toDay, limit, nowMs(ctx.controls), ctx.controls.lateRefunds, ctx.controls.productOutages, ctx.controls.pspDeclines);
  const purchases = resource === "purchases";
  const shaped = reshape(data, ctx.controls.oddShapeRate, ctx.controls.omitCurrency && purchases, purchases ? ctx.controls.unreadableDays : []);
  sendJson(res, 200, { data: shaped, meta: { count: shaped.length, limit, from: window.from, to: window.to, truncated } });
}

async function answerAuth(ctx: Context, req: IncomingMessage, res: ServerResponse, served: (a: Account, flow: "auth") => void): Promise<void> {
  if (!(req.headers["content-type"] ?? "").toLowerCase().startsWith("application/json")) {
    throw new ApiError(400, "invalid_request", "Content-Type must be application/json");
  }
  let body: unknown;
  try {
    body = JSON.parse(await readBody(req));
  } catch {
    throw new ApiError(400, "invalid_request", "The request body must be a JSON object with clientId and apiKey");
  }
  const { clientId, apiKey } = (body ?? {}) as Record<string, unknown>;
  const { account, accessToken } = await ctx.auth.exchange(clientId, apiKey, ctx.controls);
  served(account, "auth");
  passGate(account, ctx.controls, ctx.limiter);
  sendJson(res, 200, { accessToken });
}

async function route(ctx: Context, req: IncomingMessage, res: ServerResponse, served: (a: Account, flow: "A" | "B" | "auth") => void): Promise<void> {
  const url = new URL(req.url ?? "/", "https://sandbox.invalid");
  const path = url.pathname.replace(/\/+$/, "") || "/";
  if (path.startsWith("/__sandbox/") && ctx.options.testControls) {
    return handleTestControl(req, res, path, { controls: ctx.controls, initial: ctx.initial, stats: ctx.stats, limiter: ctx.limiter, invalidateTokens: () => ctx.auth.rotateSigningKey() });
  }
  if (ctx.controls.latencyMs > 0) await sleep(ctx.controls.latencyMs);
  const methodNotAllowed = (allowed: string) => new ApiError(405, "method_not_allowed", `Use ${allowed} on ${path}`, { allow: allowed });
  if (path === `${API_PREFIX}/health`) {
    if (req.method !== "GET") throw methodNotAllowed("GET");
    return sendJson(res, 200, { status: "ok", version: "1.0.0", time: new Date().toISOString() });
  }
  if (path === `${API_PREFIX}/auth`) {
    if (!ctx.controls.flowB) throw new ApiError(404, "not_found", "No endpoint at this path");
    if (req.method !== "POST") throw methodNotAllowed("POST");
    return answerAuth(ctx, req, res, served);
  }
  const endpoint = path.startsWith(API_PREFIX) ? ROUTES[path.slice(API_PREFIX.length)] : undefined;
  if (!endpoint) throw new ApiError(404, "not_found", "No endpoint at this path");
  if (req.method !== "GET") throw methodNotAllowed("GET");
  const { account, flow } = await ctx.auth.authenticate(req, ctx.controls);
  served(account, flow);
  passGate(account, ctx.controls, ctx.limiter);
  // Switched off by a test control: answered like an unknown path, after the credential is
  // known, so that the stats show who asked for it and how often.
  if (endpoint.switchedBy && !ctx.controls[endpoint.switchedBy]) throw new ApiError(404, "not_found", "No endpoint at this path");
  if (endpoint.creatorOnly && account.scope.keyType !== "creator") {
    throw new ApiError(403, "forbidden", "This endpoint requires a creator key");
  }
  return answerList(ctx, endpoint, account, url.searchParams, res);
}

function handler(ctx: Context) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const correlationId = randomUUID();
    const started = Date.now();
    res.setHeader("x-correlation-id", correlationId);
    const entry = () => ({ t: started, method: req.method ?? "", path: (req.url ?? "").split("?")[0] ?? "", query: new URL(req.url ?? "/", "https://sandbox.invalid").search, status: res.statusCode });
    let known = false;
    const served = (account: Account, flow: "A" | "B" | "auth") => {
      known = true;
      res.once("finish", () => ctx.stats.record(account.name, { ...entry(), flow }));
    };
    route(ctx, req, res, served).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      if (!known && error instanceof ApiError && error.status === 401) res.once("finish", () => ctx.stats.recordUnauthenticated(entry()));
      if (error instanceof ApiError) return sendError(res, error, correlationId);
      if (error instanceof SyntaxError) return sendError(res, new ApiError(400, "invalid_request", "Malformed JSON body"), correlationId);
      console.error(`[sandbox] ${correlationId} unexpected error:`, error instanceof Error ? error.message : error);
      sendError(res, new ApiError(500, "internal_error", "Internal error; retry later"), correlationId);
    });
  };
}

function writeCredentials(file: string, handle: SandboxHandle, options: SandboxOptions): void {
  const pick = (a: Account) => ({ clientId: a.clientId, apiKey: a.apiKey, label: a.label, keyType: a.scope.keyType });
  const body = {
    baseUrl: handle.baseUrl,
    caFile: handle.caFile,
    seed: options.seed,
    scale: options.scale,
    now: handle.controls.now,
    creator: pick(handle.accounts.creator),
    creator2: pick(handle.accounts.creator2),
    affiliate: pick(handle.accounts.affiliate),
    revoked: pick(handle.accounts.revoked),
  };
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

export async function startSandbox(partial: Partial<SandboxOptions> = {}): Promise<SandboxHandle> {
  const options: SandboxOptions = { ...DEFAULT_OPTIONS, ...partial, controls: { ...partial.controls } };
  const tls = await ensureTls(options.dataDir);
  const initial: Controls = { ...DEFAULT_CONTROLS, ...options.controls };
  const accounts = makeAccounts(options.seed);
  const ctx: Context = {
    options,
    controls: { ...initial },
    initial,
    accounts,
    auth: new Authenticator(options.seed, accounts),
    dataset: new Dataset(options.seed, options.scale),
    limiter: new RateLimiter(),
    stats: new Stats(),
  };
  const server = https.createServer({ key: tls.key, cert: tls.cert }, handler(ctx));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  const handle: SandboxHandle = {
    baseUrl: `https://${host}:${port}`,
    caFile: tls.certFile,
    accounts,
    controls: ctx.controls,
    stats: ctx.stats,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
  if (options.credentialsOut) writeCredentials(options.credentialsOut, handle, options);
  return handle;
}
