import "server-only";

// Where a webhook may point. It is a request this server makes to an address a signed-in user
// gives, so unless SALESDASH_WEBHOOK_PRIVATE=allow it reaches only public unicast addresses:
// the address's host is refused when it is a private, loopback, link-local (cloud metadata) or
// otherwise reserved address, and so is every address its name resolves to, at the moment of
// each connection (the check is the connection's own lookup, so a name that resolves
// differently between a check and the request cannot slip through). Only https, unless private
// addresses are allowed (a development receiver on http).
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import ipaddr from "ipaddr.js";
import { Agent } from "undici";

export type WebhookTargetProblem = "address" | "scheme" | "credentials" | "private";

export class WebhookTargetError extends Error {
  constructor(
    readonly problem: WebhookTargetProblem,
    readonly detail: string,
  ) {
    super(detail);
    this.name = "WebhookTargetError";
  }
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3") as [ipaddr.IPv6, number];

/** Whether an IP address is one a webhook may reach: public unicast only. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  // IPv6's global unicast is 2000::/3 only: "::7f00:1" (IPv4-compatible, deprecated) reads as
  // unicast to ipaddr.js, and a host that tunnels it reaches 127.0.0.1.
  if (parsed.kind() === "ipv6" && !(parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6)) return false;
  return parsed.range() === "unicast";
}

/** The webhook's URL as given, checked: https (or http where private addresses are allowed), no credentials in it, a literal address public. */
export function checkWebhookUrl(text: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new WebhookTargetError("address", "Enter the webhook's full address, e.g. https://hooks.example.com/salesdash.");
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) throw new WebhookTargetError("scheme", "A webhook's address must start with https://.");
  if (url.username || url.password) throw new WebhookTargetError("credentials", "Put no user or password in the webhook's address: its secret signs each delivery.");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivate && ipaddr.isValid(host) && !isPublicAddress(host)) throw new WebhookTargetError("private", "That address is on a private or reserved network, which this server does not send to.");
  if (!allowPrivate && (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".internal") || host.endsWith(".local"))) throw new WebhookTargetError("private", "That address is on a private or reserved network, which this server does not send to.");
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A connection's lookup that answers only public addresses (exported for its test). */
export function publicLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  dnsLookup(hostname, { all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as LookupAddress[];
    if (list.length === 0 || list.some((a) => !isPublicAddress(a.address))) {
      const refused = Object.assign(new Error("refused: a private or reserved address"), { code: "EWEBHOOKPRIVATE" }) as NodeJS.ErrnoException;
      return callback(refused, []);
    }
    if (options.all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
}

let publicAgent: Agent | null = null;
let anyAgent: Agent | null = null;

/** The dispatcher a delivery goes through: the public-only one, or a plain one where private addresses are allowed. */
export function webhookDispatcher(allowPrivate: boolean): Agent {
  if (allowPrivate) return (anyAgent ??= new Agent({ connect: { timeout: 10_000 } }));
  return (publicAgent ??= new Agent({ connect: { timeout: 10_000, lookup: publicLookup as never } }));
}
