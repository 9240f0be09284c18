import "server-only";

// The one answer to "where did this request come from", for every per-address limit (share-link
// openings, sign-in attempts): an IPv4 address, an IPv6 /64, or "unknown".
//
// Who may be believed is configured, never guessed. With SALESDASH_TRUSTED_PROXIES=0 (the
// default) nothing stands in front: X-Forwarded-For is whatever the client wrote, so the socket's
// address is used (peer-address.ts). With N proxies in front, each appending the address it saw
// (nginx's $proxy_add_x_forwarded_for, Caddy, most load balancers), the client is the entry N
// from the right: everything left of it was sent by the client and can be anything. A header
// with fewer entries than N proxies (one of them did not append) falls back to the socket,
// which is the nearest proxy: a stricter limit, never a looser one.
import { isIPv4, isIPv6 } from "node:net";
import { getServerEnv } from "@/lib/env";
import { peerAddress } from "./peer-address";

export function clientAddress(headers: Headers, trustedProxies: number = getServerEnv().SALESDASH_TRUSTED_PROXIES): string {
  if (trustedProxies > 0) {
    const entries = (headers.get("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
    const entry = entries.length >= trustedProxies ? entries[entries.length - trustedProxies] : undefined;
    if (entry) return addressKey(entry);
  }
  return addressKey(peerAddress(headers) ?? "");
}

/** The key an address counts under: IPv4 as it is, IPv6 by its /64, anything else "unknown". */
export function addressKey(raw: string): string {
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
