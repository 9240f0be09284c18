// Polling helpers for the demo: a file to appear, a URL to answer.
import { readFileSync } from "node:fs";
import { Agent, fetch } from "undici";
import { rootCertificates } from "node:tls";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await sleep(250);
  }
  throw new Error(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}`);
}

/** GETs a URL; over https, trusts the system roots plus an optional extra CA. */
export async function answers(url: string, caFile?: string): Promise<true | undefined> {
  const dispatcher = caFile ? new Agent({ connect: { ca: [...rootCertificates, readFileSync(caFile, "utf8")] } }) : undefined;
  try {
    const response = await fetch(url, { dispatcher, signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.status < 500 ? true : undefined;
  } finally {
    await dispatcher?.close();
  }
}
