// The e2e sandbox: its address (ports can be moved with E2E_SANDBOX_PORT so two checkouts can
// run their suites side by side) and its loopback test controls.
import fs from "node:fs";
import https from "node:https";

export const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 18443);
export const DASHBOARD_PORT = Number(process.env.E2E_DASHBOARD_PORT ?? 3100);
/** Where the dashboard sends mail in the e2e runs: a spec that reads it listens there (tests/support/smtp-sink.ts); else nothing is listening and a send fails, as a mail server that is down. */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 12525);
export const SANDBOX_URL = `https://127.0.0.1:${SANDBOX_PORT}`;
export const DASHBOARD_URL = `http://127.0.0.1:${DASHBOARD_PORT}`;
export const SANDBOX_CA_FILE = ".data/e2e/sandbox/cert.pem";

/**
 * The dashboard's configuration at start (never at build). The background sync is off for the
 * shared dashboard: every spec would otherwise share the sandbox's budget with it; the
 * mirror's own spec starts dashboards with the sync on.
 */
export function dashboardEnv(url: string, dataDir = ".data/e2e", extra: Record<string, string> = {}): Record<string, string> {
  return {
    SALES_API_BASE_URL: SANDBOX_URL,
    SALES_API_STAGING_BASE_URL: SANDBOX_URL,
    SALES_API_CA_FILE: SANDBOX_CA_FILE,
    AUTH_SECRET: "e2e-only-secret-0123456789abcdef0123456789abcdef",
    NEXTAUTH_URL: url,
    SALESDASH_DATA_DIR: dataDir,
    SALESDASH_SYNC_DAYS: "0",
    NEXT_TELEMETRY_DISABLED: "1",
    // The store threads at the server's priority: on the 2-core CI machine Chromium and the test
    // runner, at 0, would otherwise take the CPU from them (the priority is the deployment's
    // choice; tests/unit/store-in-worker.test.ts holds it is applied).
    SALESDASH_WORKER_NICE: "0",
    SALESDASH_SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    SALESDASH_MAIL_FROM: "Salesdash <digests@salesdash.test>",
    // The webhook spec's receiver listens on this machine.
    SALESDASH_WEBHOOK_PRIVATE: "allow",
    ...extra,
  };
}

/** A request to the sandbox over HTTPS, trusting its own certificate; the JSON answer or null. */
export function sandboxRequest(method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = https.request(`${SANDBOX_URL}${path}`, { method, ca: fs.readFileSync(SANDBOX_CA_FILE), headers: { "content-type": "application/json" } }, (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve(text ? JSON.parse(text) : null));
    });
    req.on("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

export const setSandboxControls = (patch: Record<string, unknown>) => sandboxRequest("POST", "/__sandbox/controls", patch);
