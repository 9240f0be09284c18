// npm run sandbox -- [--port N] [--seed S] [--scale K] [--rate-limit-per-minute R] [--credentials-out FILE] ...
// Starts the HTTPS sandbox of the Sales Analytics Read API; `--help` lists every flag.
import { parseArgs } from "node:util";
import { controlsSchema, type Controls } from "./controls";
import { DEFAULT_OPTIONS, startSandbox, type SandboxOptions } from "./server";

const HELP = `Salesdash sandbox: a local HTTPS implementation of the Sales Analytics Read API.

  --port N                   port to listen on (default 8443; 0 picks a free one)
  --host H                   address to bind (default 127.0.0.1)
  --seed S                   data and credential seed (default "salesdash")
  --scale K                  volume multiplier (default 1; 20 gives the first creator over 1,000,000 purchases in two years)
  --data-dir DIR             where the certificate is kept (default .data; it goes to DIR/sandbox/cert.pem)
  --credentials-out FILE     write baseUrl, caFile and the demo credentials as JSON
  --rate-limit-per-minute R  requests per minute per client (default 60)
  --rate-limit-per-day R     requests per day per client (default 50000)
  --rate-window-ms MS        length of the sliding rate window (default 60000; shorter for fast limiter tests)
Test controls (all off by default):
  --now ISO                  fixed "now" for the data, e.g. 2026-06-15T12:00:00Z
  --latency-ms N             extra latency on every API response
  --error-rate-5xx P         share (0..1) of authenticated requests answered 500
  --token-ttl-seconds N      Flow B token lifetime (default 3600)
  --disable-flow a|b         switch one credential flow off
  --disable-refunds          /refunds and /chargebacks answer 404
  --disable-catalog          /products and /offers answer 404 (an upstream with only the contract's paths)
  --odd-shape-rate P         share of records with an amount as a string and an unknown field
  --omit-currency            purchases come without their currency field
  --test-controls            enable /__sandbox/controls, /__sandbox/stats, /__sandbox/reset (loopback only)
`;

function number(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`--${name} must be a number, got "${value}"`);
  return n;
}

function parseOptions(argv: string[]): SandboxOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      help: { type: "boolean" },
      port: { type: "string" }, host: { type: "string" }, seed: { type: "string" }, scale: { type: "string" },
      "data-dir": { type: "string" }, "credentials-out": { type: "string" },
      "rate-limit-per-minute": { type: "string" }, "rate-limit-per-day": { type: "string" }, "rate-window-ms": { type: "string" },
      now: { type: "string" }, "latency-ms": { type: "string" }, "error-rate-5xx": { type: "string" },
      "token-ttl-seconds": { type: "string" }, "disable-flow": { type: "string", multiple: true },
      "disable-refunds": { type: "boolean" }, "disable-catalog": { type: "boolean" }, "odd-shape-rate": { type: "string" }, "omit-currency": { type: "boolean" },
      "test-controls": { type: "boolean" },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  const flows = values["disable-flow"] ?? [];
  const controls: Partial<Controls> = controlsSchema.partial().parse(Object.fromEntries(Object.entries({
    now: values.now,
    latencyMs: number(values["latency-ms"], "latency-ms"),
    errorRate5xx: number(values["error-rate-5xx"], "error-rate-5xx"),
    tokenTtlSeconds: number(values["token-ttl-seconds"], "token-ttl-seconds"),
    flowA: flows.some((f) => f.toLowerCase() === "a") ? false : undefined,
    flowB: flows.some((f) => f.toLowerCase() === "b") ? false : undefined,
    refundsEnabled: values["disable-refunds"] ? false : undefined,
    catalogEnabled: values["disable-catalog"] ? false : undefined,
    oddShapeRate: number(values["odd-shape-rate"], "odd-shape-rate"),
    omitCurrency: values["omit-currency"] || undefined,
    ratePerMinute: number(values["rate-limit-per-minute"], "rate-limit-per-minute"),
    ratePerDay: number(values["rate-limit-per-day"], "rate-limit-per-day"),
    rateWindowMs: number(values["rate-window-ms"], "rate-window-ms"),
  }).filter(([, v]) => v !== undefined)));
  return {
    ...DEFAULT_OPTIONS,
    port: number(values.port, "port") ?? DEFAULT_OPTIONS.port,
    host: values.host ?? DEFAULT_OPTIONS.host,
    seed: values.seed ?? DEFAULT_OPTIONS.seed,
    scale: number(values.scale, "scale") ?? DEFAULT_OPTIONS.scale,
    dataDir: values["data-dir"] ?? DEFAULT_OPTIONS.dataDir,
    credentialsOut: values["credentials-out"],
    testControls: values["test-controls"] ?? false,
    controls,
  };
}

async function main(): Promise<void> {
  let options: SandboxOptions;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`sandbox: ${error instanceof Error ? error.message : String(error)}\n\n${HELP}`);
    process.exit(2);
  }
  const sandbox = await startSandbox(options);
  const c = sandbox.controls;
  process.stdout.write(
    `Sandbox listening on ${sandbox.baseUrl} (seed "${options.seed}", scale ${options.scale}, ` +
      `${c.ratePerMinute}/min, now ${c.now ?? "real clock"})\nCertificate (trust it as an extra CA): ${sandbox.caFile}\n` +
      (options.credentialsOut ? `Credentials written to ${options.credentialsOut}\n` : ""),
  );
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

void main().catch((error: unknown) => {
  process.stderr.write(`sandbox failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
