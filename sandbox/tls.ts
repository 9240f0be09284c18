// The sandbox's self-signed certificate: made once under the data directory and reused,
// so the dashboard can trust exactly this certificate instead of disabling verification.
import { X509Certificate } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import selfsigned from "selfsigned";

export interface TlsMaterial { key: string; cert: string; certFile: string }

const RENEW_BEFORE_MS = 7 * 86_400_000;

function usable(certFile: string, keyFile: string): boolean {
  if (!fs.existsSync(certFile) || !fs.existsSync(keyFile)) return false;
  try {
    const cert = new X509Certificate(fs.readFileSync(certFile));
    return Date.parse(cert.validTo) - Date.now() > RENEW_BEFORE_MS;
  } catch {
    return false;
  }
}

async function generate(): Promise<{ key: string; cert: string }> {
  const notBeforeDate = new Date(Date.now() - 86_400_000);
  const notAfterDate = new Date(Date.now() + 825 * 86_400_000);
  const pems = await selfsigned.generate([{ name: "commonName", value: "Salesdash sandbox (localhost)" }], {
    keyType: "ec",
    curve: "P-256",
    algorithm: "sha256",
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: "basicConstraints", cA: true, critical: true },
      { name: "keyUsage", digitalSignature: true, keyCertSign: true, critical: true },
      { name: "extKeyUsage", serverAuth: true },
      { name: "subjectAltName", altNames: [{ type: 2, value: "localhost" }, { type: 7, ip: "127.0.0.1" }, { type: 7, ip: "::1" }] },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

/** Loads the certificate under `<dataDir>/sandbox/`, creating it on first start. */
export async function ensureTls(dataDir: string): Promise<TlsMaterial> {
  const dir = path.resolve(dataDir, "sandbox");
  const certFile = path.join(dir, "cert.pem");
  const keyFile = path.join(dir, "key.pem");
  if (!usable(certFile, keyFile)) {
    fs.mkdirSync(dir, { recursive: true });
    const { key, cert } = await generate();
    // Write both, then rename into place, so a reader never sees a key without its certificate.
    const suffix = `.${process.pid}.tmp`;
    fs.writeFileSync(keyFile + suffix, key, { mode: 0o600 });
    fs.writeFileSync(certFile + suffix, cert);
    fs.renameSync(keyFile + suffix, keyFile);
    fs.renameSync(certFile + suffix, certFile);
  }
  return { key: fs.readFileSync(keyFile, "utf8"), cert: fs.readFileSync(certFile, "utf8"), certFile };
}
