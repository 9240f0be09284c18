// Per-client request budget: a sliding 60-second window plus a UTC-day quota, on the
// real clock (a fixed data "now" does not stop time for the limiter).
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number; scope: "minute" | "day" };

interface ClientWindow { recent: number[]; day: number; dayCount: number }

export class RateLimiter {
  private readonly clients = new Map<string, ClientWindow>();

  /** Records the request when it is allowed; a refused request does not use the budget. */
  take(clientId: string, perMinute: number, perDay: number, now = Date.now(), windowMs = MINUTE_MS): RateDecision {
    const w = this.clients.get(clientId) ?? { recent: [], day: Math.floor(now / DAY_MS), dayCount: 0 };
    this.clients.set(clientId, w);
    while (w.recent.length > 0 && (w.recent[0] as number) <= now - windowMs) w.recent.shift();
    const today = Math.floor(now / DAY_MS);
    if (w.day !== today) { w.day = today; w.dayCount = 0; }
    if (w.dayCount >= perDay) {
      return { ok: false, retryAfterSeconds: Math.ceil(((today + 1) * DAY_MS - now) / 1000), scope: "day" };
    }
    if (w.recent.length >= perMinute) {
      const oldest = w.recent[w.recent.length - perMinute] as number;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)), scope: "minute" };
    }
    w.recent.push(now);
    w.dayCount++;
    return { ok: true };
  }

  reset(): void {
    this.clients.clear();
  }
}
