import { describe, expect, it } from "vitest";
import { clientIp, ipKey } from "@/lib/sharing/client-ip";
import { createShareOpenLimiter, SHARE_OPENS_PER_MINUTE } from "@/lib/sharing/open-rate-limit";

const headers = (xff?: string) => new Headers(xff === undefined ? {} : { "x-forwarded-for": xff });

describe("clientIp", () => {
  it("takes the last X-Forwarded-For entry: what next start or the proxy in front of it wrote", () => {
    expect(clientIp(headers("203.0.113.7"))).toBe("203.0.113.7");
    // A client's own header comes first; the proxy appends the address it saw.
    expect(clientIp(headers("1.2.3.4, 10.9.8.7, 198.51.100.20"))).toBe("198.51.100.20");
    expect(clientIp(headers(" 1.2.3.4 ,198.51.100.20 "))).toBe("198.51.100.20");
  });

  it("counts an IPv4-mapped address as its IPv4, drops a port, and an IPv6 client by its /64", () => {
    expect(clientIp(headers("::ffff:127.0.0.1"))).toBe("127.0.0.1");
    expect(ipKey("203.0.113.7:51234")).toBe("203.0.113.7");
    expect(ipKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(ipKey("[2001:db8:1:2:ffff:ffff:ffff:ffff]:443")).toBe("2001:db8:1:2::/64");
    expect(ipKey("2001:0db8:0001:0002::")).toBe("2001:db8:1:2::/64");
    expect(ipKey("::1")).toBe("0:0:0:0::/64");
  });

  it("answers one key for everything it cannot read", () => {
    expect(clientIp(headers())).toBe("unknown");
    expect(clientIp(headers(""))).toBe("unknown");
    expect(clientIp(headers("not-an-ip"))).toBe("unknown");
  });
});

describe("the opening limit (in memory)", () => {
  it("lets 60 openings a minute through per address, then says when to come back", async () => {
    const limiter = createShareOpenLimiter();
    expect(SHARE_OPENS_PER_MINUTE).toBe(60);
    for (let i = 0; i < 60; i += 1) expect(await limiter.consume("203.0.113.7")).toEqual({ ok: true });
    const refused = await limiter.consume("203.0.113.7");
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    // Another address has its own count.
    expect(await limiter.consume("198.51.100.20")).toEqual({ ok: true });
  });
});
