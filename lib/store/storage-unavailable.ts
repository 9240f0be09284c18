// A shared back-end (PostgreSQL or Redis) that cannot be reached: the report says "storage
// unavailable" with a reference instead of failing as a bug, and works again once it is back.
// Every store of a shared back-end is wrapped by `guardStore`, so callers see this one error
// whatever the driver threw.

export type SharedBackend = "postgres" | "redis";

const VARIABLE: Record<SharedBackend, string> = { postgres: "SALESDASH_DATABASE_URL", redis: "SALESDASH_REDIS_URL" };
const NAME: Record<SharedBackend, string> = { postgres: "PostgreSQL", redis: "Redis" };

// The stores that throw this live on the process state, made by whichever route bundle came
// first, and a production build loads this module once per route bundle: a plain `instanceof`
// in another bundle would not know that copy's class (a storage outage then read as a bug of
// ours, 500). Every copy brands its errors with one registered symbol and recognises the brand.
const BRAND: unique symbol = Symbol.for("salesdash.StorageUnavailableError");

export class StorageUnavailableError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
  }

  readonly [BRAND] = true;
  readonly backend: SharedBackend;
  /** The variable that names the back-end: what the person running the dashboard checks. */
  readonly variable: string;

  constructor(backend: SharedBackend, cause: unknown) {
    // The driver's message may name the host; it is for the log, never shown to the user.
    super(`${NAME[backend]} (${VARIABLE[backend]}) cannot be reached: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "StorageUnavailableError";
    this.backend = backend;
    this.variable = VARIABLE[backend];
  }
}

/**
 * The store with every method's connection-level failure (as `isUnavailable` tells) turned
 * into a StorageUnavailableError; other errors pass unchanged.
 */
export function guardStore<T extends object>(store: T, backend: SharedBackend, isUnavailable: (error: unknown) => boolean): T {
  return new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const translate = (error: unknown) => {
          throw isUnavailable(error) && !(error instanceof StorageUnavailableError) ? new StorageUnavailableError(backend, error) : error;
        };
        try {
          const result = (value as (...a: unknown[]) => unknown).apply(target, args);
          return result instanceof Promise ? result.catch(translate) : result;
        } catch (error) {
          return translate(error);
        }
      };
    },
  });
}
