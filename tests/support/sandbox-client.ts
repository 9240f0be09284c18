// A mirrored client (over memory, as without a server secret) wired to a running sandbox, with
// its own stores so that tests never share a day store or a rate budget by accident.
import { createSalesApiClient, credentialFrom, type SalesApiClientOptions } from "@/lib/sales-api";
import { MemoryCatalogStore } from "@/lib/sales-api/catalog";
import { MemoryRateLimitStore } from "@/lib/sales-api/rate-limit";
import { createTransport } from "@/lib/sales-api/transport";
import { getMirrorMemory } from "@/lib/mirror/mirror-access";
import type { DayStore } from "@/lib/mirror/day-store";
import { MemoryDayStore } from "@/lib/mirror/memory-day-store";
import { mirrorOver } from "@/lib/mirror/range-reader";
import type { Credential, RunningSandbox } from "./sandbox-process";

type SandboxClientOptions = Partial<Omit<SalesApiClientOptions, "stores">> & { stores?: SalesApiClientOptions["stores"] & { dayCache?: DayStore } };

export function clientFor(sb: RunningSandbox, who: Credential, flow: "A" | "B", options: SandboxClientOptions = {}) {
  const stores = { rateLimit: new MemoryRateLimitStore(), dayCache: new MemoryDayStore() as DayStore, catalogs: new MemoryCatalogStore() };
  // Stores given replace these (the process's for those they leave out), as the client's own do.
  const dayCache = options.stores ? (options.stores.dayCache ?? getMirrorMemory().days) : stores.dayCache;
  const upstream = createSalesApiClient({
    credential: credentialFrom({ apiKey: who.apiKey, clientId: flow === "B" ? who.clientId : undefined }),
    transport: createTransport({ baseUrl: sb.creds.baseUrl, caFile: sb.creds.caFile, timeoutMs: 15_000 }),
    stores,
    retry: { baseDelayMs: 50, maxDelayMs: 200 },
    ...options,
  });
  return { client: mirrorOver(upstream, dayCache, options.clock), upstream, stores };
}
