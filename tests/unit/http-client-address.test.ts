import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressKey, clientAddress } from "@/lib/http/client-address";
import { PEER_HEADER, stampPeerAddresses } from "@/lib/http/peer-address";

// A loopback server with the process's stamping on, as instrumentation.ts turns it on: each
// request answers the key clientAddress reads from the headers a page would see.
let server: http.Server;
let base = "";
let trusted = 0;
beforeAll(async () => {
  stampPeerAddresses();
  server = http.createServer((req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    res.end(clientAddress(headers, trusted));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function keyOf(headers: Record<string, string>, proxies: number): Promise<string> {
  trusted = proxies;
  return (await fetch(base, { headers })).text();
}

describe("clientAddress with no proxy configured (the default)", () => {
  it("reads the socket's address, whatever X-Forwarded-For or our own header claims", async () => {
    expect(await keyOf({}, 0)).toBe("127.0.0.1");
    expect(await keyOf({ "x-forwarded-for": "203.0.113.7" }, 0)).toBe("127.0.0.1");
    expect(await keyOf({ "x-forwarded-for": "1.2.3.4, 198.51.100.20" }, 0)).toBe("127.0.0.1");
    expect(await keyOf({ [PEER_HEADER]: "198.51.100.20" }, 0)).toBe("127.0.0.1");
  });

  it("answers one key when no stamp of this process is there (a request outside the server)", () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "203.0.113.7" }), 0)).toBe("unknown");
    expect(clientAddress(new Headers({ [PEER_HEADER]: "forged 203.0.113.7" }), 0)).toBe("unknown");
  });
});

describe("clientAddress behind configured proxies", () => {
  it("takes the entry as many hops from the right as there are proxies", async () => {
    expect(await keyOf({ "x-forwarded-for": "1.2.3.4, 10.9.8.7, 198.51.100.20" }, 1)).toBe("198.51.100.20");
    expect(await keyOf({ "x-forwarded-for": "1.2.3.4, 10.9.8.7, 198.51.100.20" }, 2)).toBe("10.9.8.7");
    expect(await keyOf({ "x-forwarded-for": " 1.2.3.4 ,198.51.100.20 " }, 1)).toBe("198.51.100.20");
  });

  it("falls back to the socket (the nearest proxy) when the header has fewer entries than proxies", async () => {
    expect(await keyOf({ "x-forwarded-for": "198.51.100.20" }, 2)).toBe("127.0.0.1");
    expect(await keyOf({}, 1)).toBe("127.0.0.1");
  });
});

describe("addressKey", () => {
  it.each([
    { address: "::ffff:127.0.0.1", key: "127.0.0.1", what: "an IPv4-mapped address as its IPv4" },
    { address: "203.0.113.7:51234", key: "203.0.113.7", what: "a port dropped" },
    { address: "2001:db8:1:2:aaaa::1", key: "2001:db8:1:2::/64", what: "an IPv6 client by its /64" },
    { address: "[2001:db8:1:2:ffff:ffff:ffff:ffff]:443", key: "2001:db8:1:2::/64", what: "brackets and port dropped, by its /64" },
    { address: "2001:0db8:0001:0002::", key: "2001:db8:1:2::/64", what: "leading zeros read, by its /64" },
    { address: "::1", key: "0:0:0:0::/64", what: "the IPv6 loopback by its /64" },
  ])("counts $address as $key ($what)", ({ address, key }) => {
    expect(addressKey(address)).toBe(key);
  });

  it.each(["", "not-an-ip"])("answers one key for everything it cannot read: %j is unknown", (address) => {
    expect(addressKey(address)).toBe("unknown");
  });
});
