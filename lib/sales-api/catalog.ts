import "server-only";

// The products and offers catalogs. The contract names them but shows no path, parameter
// or field, so they are optional: an upstream without them (404), or a key that may not
// read them (403), has "no catalog", which callers handle like an empty one. Either answer
// is kept per credential for a while, so that a report does not ask again on every load.
import { SalesApiHttpError } from "./errors";
import { registerInFlight } from "./shared-work";
import { MAX_LIMIT } from "./list-window";
import { genericRecordSchema, listEnvelopeSchema, type GenericRecord } from "@/lib/records/list-envelope";
import { getWithCredential, newTally, type RequestContext } from "./send";

export type CatalogName = "products" | "offers";

export type CatalogAnswer =
  | { available: true; records: GenericRecord[]; truncated: boolean }
  | { available: false; records: []; truncated: false };

/** Where catalog answers are kept: in memory now, Redis later. */
export interface CatalogStore {
  get(key: string, now: number): Promise<CatalogAnswer | undefined>;
  set(key: string, answer: CatalogAnswer, expiresAt: number): Promise<void>;
}

export class MemoryCatalogStore implements CatalogStore {
  private readonly entries = new Map<string, { answer: CatalogAnswer; expiresAt: number }>();

  async get(key: string, now: number): Promise<CatalogAnswer | undefined> {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > now) return entry.answer;
    this.entries.delete(key);
    return undefined;
  }

  async set(key: string, answer: CatalogAnswer, expiresAt: number): Promise<void> {
    this.entries.set(key, { answer, expiresAt });
  }
}

/** Catalogs change rarely, and an upstream without them will not grow them within the hour. */
export const CATALOG_TTL_MS = 15 * 60_000;
/** A catalog that failed otherwise (5xx, timeout, odd shape) is not asked for again on every load. */
export const CATALOG_FAILURE_TTL_MS = 60_000;

const NO_CATALOG: CatalogAnswer = { available: false, records: [], truncated: false };

async function requestCatalog(ctx: RequestContext, name: CatalogName): Promise<CatalogAnswer> {
  try {
    const response = await getWithCredential(ctx, newTally(), `/api/v1/${name}`, { limit: MAX_LIMIT });
    const envelope = listEnvelopeSchema.parse(response.body);
    return { available: true, records: envelope.data.map((r) => genericRecordSchema.parse(r)), truncated: envelope.meta.truncated };
  } catch (error) {
    if (error instanceof SalesApiHttpError && (error.status === 404 || error.status === 403)) return NO_CATALOG;
    throw error;
  }
}

export interface CatalogDeps {
  ctx: RequestContext;
  store: CatalogStore;
  clock?: () => number;
}

/** One catalog of the credential: cached, joined when already requested, never a 404 error. */
export async function fetchCatalog(deps: CatalogDeps, name: CatalogName): Promise<CatalogAnswer> {
  const now = deps.clock ?? Date.now;
  const key = `${deps.ctx.identity}|catalog|${name}`;
  const cached = await deps.store.get(key, now());
  if (cached) return cached;
  const running = deps.ctx.inFlight.get(key) as Promise<CatalogAnswer> | undefined;
  if (running) return running;
  const work = requestCatalog(deps.ctx, name)
    .then(async (answer) => {
      await deps.store.set(key, answer, now() + CATALOG_TTL_MS);
      return answer;
    })
    .catch(async (error: unknown) => {
      await deps.store.set(key, NO_CATALOG, now() + CATALOG_FAILURE_TTL_MS);
      throw error;
    });
  return registerInFlight(deps.ctx.inFlight, key, work);
}
