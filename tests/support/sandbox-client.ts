// A lib/sales-api client wired to a running sandbox, with its own stores so that tests
// never share a cache or a rate budget by accident.
import { createSalesApiClient, credentialFrom, type SalesApiClientOptions } from "@/lib/sales-api";
import { MemoryCatalogStore } from "@/lib/sales-api/catalog";
import { MemoryDayCacheStore } from "@/lib/sales-api/day-cache";
import { MemoryRateLimitStore } from "@/lib/sales-api/rate-limit";
import { createTransport } from "@/lib/sales-api/transport";
import type { Credential, RunningSandbox } from "./sandbox-process";

export function clientFor(sb: RunningSandbox, who: Credential, flow: "A" | "B", options: Partial<SalesApiClientOptions> = {}) {
  const stores = { rateLimit: new MemoryRateLimitStore(), dayCache: new MemoryDayCacheStore(), catalogs: new MemoryCatalogStore() };
  const client = createSalesApiClient({
    credential: credentialFrom({ apiKey: who.apiKey, clientId: flow === "B" ? who.clientId : undefined }),
    transport: createTransport({ baseUrl: sb.creds.baseUrl, caFile: sb.creds.caFile, timeoutMs: 15_000 }),
    stores,
    retry: { baseDelayMs: 50, maxDelayMs: 200 },
    ...options,
  });
  return { client, stores };
}
