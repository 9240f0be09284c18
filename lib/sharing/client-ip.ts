// The address a request came from, for the per-IP limit on opening share links.
//
// A page or action of the App Router sees headers, not the socket. `next start` fills the gap
// (node_modules/next/dist/server/base-server.js, Next 16.4):
//   req.headers['x-forwarded-for'] ??= originalRequest.socket.remoteAddress
// so with nothing in front of it the header is exactly the peer's address. Note the `??=`:
// Next keeps a header the request already had, and appends nothing. Behind a reverse proxy that
// appends the address it saw (nginx's $proxy_add_x_forwarded_for, Caddy, most load balancers),
// the LAST entry is that address: the only one written by someone we trust. Every entry before
// it was sent by the client and can be anything, so the first entry (the "client IP" of many
// guides) would let a client pick a new key per request and escape the limit.
//
// What follows for a deployment (docs/share-links.md): put the dashboard behind exactly one
// proxy that appends (or sets) X-Forwarded-For. Exposed directly, a client that sends its own
// header chooses its key; behind two proxies, every request counts against the nearer proxy's
// address, which makes the limit stricter, never looser.
import { isIPv4, isIPv6 } from "node:net";

/** The key the limit counts against: an IPv4 address, an IPv6 /64, or "unknown". */
export function clientIp(headers: Headers): string {
  const entries = (headers.get("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
  return ipKey(entries.at(-1) ?? "");
}

export function ipKey(raw: string): string {
  let address = raw.trim();
  // "[2001:db8::1]:443" and "203.0.113.7:51234": some proxies add the port.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  address = address.replace(/%.*$/, ""); // a zone index (fe80::1%eth0) names our interface, not the client
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(address);
  if (mapped) address = mapped[1]!;
  if (isIPv4(address)) return address;
  // One IPv6 subscriber holds a whole /64 and may use any address of it: count the /64.
  if (isIPv6(address)) return `${ipv6Groups(address).slice(0, 4).join(":")}::/64`;
  return "unknown";
}

function ipv6Groups(address: string): string[] {
  const [head = "", tail] = address.toLowerCase().split("::");
  const parts = (text: string) => (text ? text.split(":") : []);
  const left = parts(head);
  const right = tail === undefined ? [] : parts(tail);
  // An embedded IPv4 tail (::ffff:1.2.3.4 handled above; 64:ff9b::1.2.3.4 here) fills two groups.
  const missing = 8 - left.length - right.length - right.filter((g) => g.includes(".")).length;
  const groups = [...left, ...Array.from({ length: Math.max(0, missing) }, () => "0"), ...right];
  return groups.map((g) => (g.includes(".") ? g : (Number.parseInt(g, 16) || 0).toString(16)));
}
