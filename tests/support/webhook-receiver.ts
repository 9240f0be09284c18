// A real HTTP receiver for webhooks, in the test process: every POST it gets, with its headers
// and raw body; `failNext(n, status)` answers the next n with that status instead of 204.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedHook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export async function startWebhookReceiver() {
  const received: ReceivedHook[] = [];
  let failing = 0;
  let failStatus = 500;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (failing > 0) {
        failing--;
        res.writeHead(failStatus).end("no");
        return;
      }
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/salesdash`,
    received,
    failNext: (n: number, status = 500) => void ((failing = n), (failStatus = status)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
