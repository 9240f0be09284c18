import "server-only";

// One window of a list endpoint: the request (identical ones in flight share a single
// upstream call), the envelope check, and the record-by-record validation.
import { isAbortError, SalesApiSchemaError } from "./errors";
import { firstField, RESOURCES, type RecordOf, type ResourceName } from "./resources";
import { listEnvelopeSchema } from "@/lib/records/list-envelope";
import { getWithCredential, type RequestContext, type Tally } from "./send";
import { registerInFlight, untilAborted } from "./shared-work";

export const MAX_LIMIT = 5000;

export interface InvalidRecord {
  resource: ResourceName;
  index: number;
  id: string | null;
  problem: string;
  correlationId: string | null;
}

export interface WindowAnswer<R extends ResourceName> {
  records: RecordOf<R>[];
  /** The raw records, in the upstream's order (newest first), valid or not. */
  raw: Record<string, unknown>[];
  truncated: boolean;
  invalid: InvalidRecord[];
  /** Indexes into `records` of those accepted with an amount written as text (an odd shape). */
  oddShapes: number[];
  correlationId: string | null;
}

/** True when the upstream wrote an amount as text that the schema read as a number. */
function hasTextAmount(raw: Record<string, unknown>, parsed: Record<string, unknown>): boolean {
  return Object.keys(raw).some((key) => key.startsWith("amount") && typeof raw[key] === "string" && typeof parsed[key] === "number");
}

function summarize(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  return issues.slice(0, 3).map((i) => `${i.path.map(String).join(".") || "record"}: ${i.message}`).join("; ");
}

async function requestWindow<R extends ResourceName>(ctx: RequestContext, tally: Tally, resource: R, from: string, to: string, signal?: AbortSignal): Promise<WindowAnswer<R>> {
  const spec = RESOURCES[resource];
  const response = await getWithCredential(ctx, tally, spec.path, { from, to, limit: MAX_LIMIT }, signal);
  const envelope = listEnvelopeSchema.safeParse(response.body);
  if (!envelope.success) {
    throw new SalesApiSchemaError(`The upstream answered ${resource} in an unexpected shape (${summarize(envelope.error.issues)})`, { correlationId: response.correlationId });
  }
  const answer: WindowAnswer<R> = { records: [], raw: [], truncated: envelope.data.meta.truncated, invalid: [], oddShapes: [], correlationId: response.correlationId };
  envelope.data.data.forEach((item, index) => {
    const raw = typeof item === "object" && item !== null ? (item as Record<string, unknown>) : { value: item };
    answer.raw.push(raw);
    const parsed = spec.schema.safeParse(item);
    if (parsed.success) {
      if (hasTextAmount(raw, parsed.data as Record<string, unknown>)) answer.oddShapes.push(answer.records.length);
      answer.records.push(parsed.data as RecordOf<R>);
    } else {
      const id = firstField(raw, spec.idFields);
      answer.invalid.push({ resource, index, id: id === undefined ? null : String(id), problem: summarize(parsed.error.issues), correlationId: response.correlationId });
    }
  });
  return answer;
}

/**
 * Fetches [from, to) with limit 5000; a caller asking for a window already in flight joins it
 * (ctx.inFlight is process-wide). When the joined request was cancelled by its own caller's
 * signal (a deadline, a closed page) and ours still runs, we ask again ourselves.
 */
export async function fetchWindow<R extends ResourceName>(ctx: RequestContext, tally: Tally, resource: R, from: string, to: string, signal?: AbortSignal): Promise<WindowAnswer<R> & { shared: boolean }> {
  const key = `${ctx.identity}|${resource}|${from}|${to}`;
  const running = ctx.inFlight.get(key) as Promise<WindowAnswer<R>> | undefined;
  if (running) {
    try {
      return { ...(await untilAborted(running, signal)), shared: true };
    } catch (error) {
      if (!isAbortError(error) || signal?.aborted) throw error;
    }
  }
  const settled = registerInFlight(ctx.inFlight, key, requestWindow(ctx, tally, resource, from, to, signal));
  return { ...(await settled), shared: false };
}

