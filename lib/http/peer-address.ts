import "server-only";

// The socket's address of a request, which the App Router does not show to pages, actions or
// route handlers: they see headers only. `next start` copies the socket's address into
// X-Forwarded-For only when the request has none (`??=` in next/dist/server/base-server.js,
// Next 16.4), so a client that sends the header itself chooses what the app reads.
//
// Node publishes every request an http server receives on the diagnostics channel
// "http.server.request.start", with its socket, before the server's "request" handlers (Next
// among them) see it. instrumentation.ts subscribes once per process, and the subscriber
// writes the socket's address into a header of ours, replacing anything the client sent under
// that name. The value is prefixed by a random stamp of this process, so a request that arrived
// before the subscription (the first moments of a start) cannot pass a header of its own for one.
import { subscribe } from "node:diagnostics_channel";
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";

export const PEER_HEADER = "x-salesdash-peer";

const STAMP = Symbol.for("salesdash.peer-address-stamp");
type StampHolder = { [STAMP]?: string };

/** Subscribes the stamping of every request's socket address; once per process. */
export function stampPeerAddresses(): void {
  const holder = globalThis as StampHolder;
  if (holder[STAMP]) return;
  const stamp = randomUUID();
  holder[STAMP] = stamp;
  subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    request.headers[PEER_HEADER] = `${stamp} ${socket.remoteAddress ?? ""}`;
  });
}

/** The socket's address as stamped on `headers`, or undefined when no stamp of this process is there. */
export function peerAddress(headers: Headers): string | undefined {
  const stamp = (globalThis as StampHolder)[STAMP];
  const value = headers.get(PEER_HEADER);
  if (!stamp || !value?.startsWith(`${stamp} `)) return undefined;
  return value.slice(stamp.length + 1) || undefined;
}
