import "server-only";

// An undici Agent that trusts the system roots PLUS one extra PEM CA file.
// Node replaces its default roots when `ca` is given, so the roots are added
// back explicitly: real certificates still verify, and verification is never off.
import { readFileSync } from "node:fs";
import { rootCertificates } from "node:tls";
import { Agent } from "undici";
import { SalesApiConfigError } from "./errors";

const agents = new Map<string, Agent>();

export function readCaFile(caFile: string): string {
  let pem: string;
  try {
    pem = readFileSync(caFile, "utf8");
  } catch (error) {
    throw new SalesApiConfigError("ca_file_unreadable", `Cannot read SALES_API_CA_FILE (${caFile}).`, { cause: error });
  }
  if (!pem.includes("-----BEGIN CERTIFICATE-----")) {
    throw new SalesApiConfigError("ca_file_unreadable", `SALES_API_CA_FILE (${caFile}) holds no PEM certificate.`);
  }
  return pem;
}

/** The trust list handed to TLS: system roots first, then the extra CA. */
export function buildCaList(extraPem: string): string[] {
  return [...rootCertificates, extraPem];
}

export function getTlsDispatcher(caFile: string): Agent {
  const existing = agents.get(caFile);
  if (existing) return existing;
  const agent = new Agent({ connect: { ca: buildCaList(readCaFile(caFile)) } });
  agents.set(caFile, agent);
  return agent;
}
