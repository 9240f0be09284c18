import "server-only";

// The single place that speaks HTTPS to the Sales Analytics Read API.
// It refuses plain HTTP, never disables certificate verification, bounds every
// request with a timeout, and reports the upstream correlation id.
import { getServerEnv } from "@/lib/env";
import { fetch, type Dispatcher, type Headers } from "undici";
import { getTlsDispatcher } from "./tls-dispatcher";
import { toTransportError } from "./transport-errors";
import { InsecureUrlError, SalesApiConfigError } from "./errors";

export type TransportConfig = {
  /** https:// origin of the API, without the /api/v1 prefix. */
  baseUrl: string;
  /** Extra PEM CA to trust on top of the system roots (the local sandbox). */
  caFile?: string;
  timeoutMs: number;
};

export type UpstreamRequest = {
  method?: "GET" | "POST";
  /** Absolute path on the API origin, e.g. "/api/v1/health". */
  path: string;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  json?: unknown;
  signal?: AbortSignal;
};

export type UpstreamResponse = {
  status: number;
  ok: boolean;
  headers: Headers;
  /** The upstream `x-correlation-id`, when it sent one. */
  correlationId: string | null;
  /** Parsed JSON body; null when empty or not JSON. */
  body: unknown;
};

export type Transport = {
  readonly baseUrl: string;
  request(request: UpstreamRequest): Promise<UpstreamResponse>;
};

/** Parses and checks a base URL: https only, no credentials, no query. */
export function assertHttpsBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new SalesApiConfigError("not_configured", `The Sales API base URL is not a valid URL: ${baseUrl}`);
  }
  if (url.protocol !== "https:") throw new InsecureUrlError(baseUrl);
  if (url.username || url.password || url.search || url.hash) {
    throw new SalesApiConfigError("not_configured", "The Sales API base URL must be a plain https:// origin.");
  }
  return url;
}

function buildUrl(base: URL, request: UpstreamRequest): URL {
  if (!request.path.startsWith("/") || request.path.startsWith("//")) {
    throw new SalesApiConfigError("not_configured", `Upstream path must be absolute: ${request.path}`);
  }
  const url = new URL(base.pathname.replace(/\/+$/, "") + request.path, base.origin);
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  if (url.protocol !== "https:") throw new InsecureUrlError(url.toString());
  return url;
}

async function readBody(response: Awaited<ReturnType<typeof fetch>>): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === "") return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null; // a proxy's HTML error page, for instance: the status still tells the story
  }
}

export function createTransport(config: TransportConfig): Transport {
  const base = assertHttpsBaseUrl(config.baseUrl);
  const dispatcher: Dispatcher | undefined = config.caFile ? getTlsDispatcher(config.caFile) : undefined;

  async function request(request: UpstreamRequest): Promise<UpstreamResponse> {
    const url = buildUrl(base, request);
    const timeout = AbortSignal.timeout(config.timeoutMs);
    const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
    const headers: Record<string, string> = { accept: "application/json", ...request.headers };
    if (request.json !== undefined) headers["content-type"] = "application/json";

    try {
      const response = await fetch(url, {
        method: request.method ?? "GET",
        headers,
        body: request.json === undefined ? undefined : JSON.stringify(request.json),
        signal,
        // The API never redirects; following one could carry a credential elsewhere.
        redirect: "error",
        dispatcher,
      });
      const body = await readBody(response);
      return {
        status: response.status,
        ok: response.ok,
        headers: response.headers,
        correlationId: response.headers.get("x-correlation-id"),
        body,
      };
    } catch (error) {
      if (request.signal?.aborted && !timeout.aborted) throw error; // the caller cancelled
      throw toTransportError(error, { url, timeoutMs: config.timeoutMs });
    }
  }

  return { baseUrl: base.toString().replace(/\/+$/, ""), request };
}

export type UpstreamTarget = "production" | "staging";

const transports = new Map<UpstreamTarget, Transport>();

/** The transport configured by the environment; throws `not_configured` when the base URL is unset. */
export function getTransport(target: UpstreamTarget = "production"): Transport {
  const existing = transports.get(target);
  if (existing) return existing;
  const env = getServerEnv();
  const baseUrl = target === "staging" ? env.SALES_API_STAGING_BASE_URL : env.SALES_API_BASE_URL;
  if (!baseUrl) {
    const variable = target === "staging" ? "SALES_API_STAGING_BASE_URL" : "SALES_API_BASE_URL";
    throw new SalesApiConfigError("not_configured", `${variable} is not set.`);
  }
  const transport = createTransport({ baseUrl, caFile: env.SALES_API_CA_FILE, timeoutMs: env.SALES_API_TIMEOUT_MS });
  transports.set(target, transport);
  return transport;
}
