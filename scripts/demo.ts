// npm run demo [-- --port 3000 --sandbox-port 8443 --dev]
// Starts the local HTTPS sandbox of the Sales Analytics Read API and the
// dashboard wired to it, prints where to go and which credentials to use.
// Ctrl-C (or SIGTERM) stops both, with everything they spawned.
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { getDemoAuthSecret } from "./demo/auth-secret";
import { readCredentials, type DemoCredentials } from "./demo/credentials";
import { printBanner } from "./demo/banner";
import { buildIsCurrent, markBuild, sourceFingerprint } from "./demo/build-fingerprint";
import { spawnGroup, stopGroup, type GroupProcess } from "./demo/process-group";
import { answers, waitFor } from "./demo/wait-for";

const { values: options } = parseArgs({
  options: {
    port: { type: "string", default: "3000" },
    "sandbox-port": { type: "string", default: "8443" },
    dev: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});

if (options.help) {
  console.log("Usage: npm run demo -- [--port 3000] [--sandbox-port 8443] [--dev]");
  process.exit(0);
}

function portOption(name: string, value: string): string {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    console.error(`demo: --${name} must be a port number, got "${value}"`);
    process.exit(2);
  }
  return String(port);
}

const port = portOption("port", options.port);
const sandboxPort = portOption("sandbox-port", options["sandbox-port"]);
const root = fileURLToPath(new URL("..", import.meta.url));
const dataDir = ".data/demo";
const credentialsFile = join(dataDir, "credentials.json");
const running: GroupProcess[] = [];
let stopping = false;

async function shutdown(exitCode: number): Promise<never> {
  if (stopping) return new Promise<never>(() => {}); // the first call finishes the job
  stopping = true;
  console.log("\ndemo: stopping the dashboard and the sandbox ...");
  await Promise.all(running.map((group) => stopGroup(group)));
  process.exit(exitCode);
}

process.on("SIGINT", () => void shutdown(130));
process.on("SIGTERM", () => void shutdown(143));

function start(name: string, args: string[], env: NodeJS.ProcessEnv, color: string): GroupProcess {
  const group = spawnGroup(name, "npx", args, { cwd: root, env, color });
  running.push(group);
  void group.exited.then((code) => {
    if (stopping || name === "build") return;
    console.error(`demo: ${name} exited unexpectedly (code ${code}).`);
    void shutdown(1);
  });
  return group;
}

async function startSandbox(): Promise<DemoCredentials> {
  rmSync(join(root, credentialsFile), { force: true }); // never read a previous run's file
  const args = ["tsx", "sandbox/cli.ts", "--port", sandboxPort, "--data-dir", dataDir, "--credentials-out", credentialsFile];
  start("sandbox", args, process.env, "\x1b[36m");
  let lastReason = "";
  const credentials = await waitFor(
    "the sandbox credentials file",
    async () => {
      const read = readCredentials(join(root, credentialsFile));
      if (read.ok) return read.value;
      lastReason = read.reason;
      return undefined;
    },
    90_000,
  ).catch((error: Error) => {
    throw new Error(`${error.message}: ${lastReason}`);
  });
  await waitFor("the sandbox health endpoint", () => answers(`${credentials.baseUrl}/api/v1/health`, resolve(root, credentials.caFile)), 30_000);
  return credentials;
}

async function startDashboard(credentials: DemoCredentials, authSecret: string): Promise<void> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SALES_API_BASE_URL: credentials.baseUrl,
    SALES_API_CA_FILE: credentials.caFile,
    AUTH_SECRET: authSecret,
    NEXTAUTH_URL: `http://localhost:${port}`,
    SALESDASH_DATA_DIR: dataDir,
    // The sign-in page offers these sandbox accounts; a real deployment never sets it.
    SALESDASH_DEMO_CREDENTIALS_FILE: credentialsFile,
  };
  if (options.dev) {
    start("dashboard", ["next", "dev", "-p", port], { ...env, NODE_ENV: "development" }, "\x1b[35m");
  } else {
    // The build holds no configuration (it is given at start), so one build serves every run of the same source.
    const fingerprint = sourceFingerprint(root);
    if (buildIsCurrent(root, fingerprint)) {
      console.log("demo: reusing the build in .next (made from this same source)");
    } else {
      const build = start("build", ["next", "build"], { ...env, NODE_ENV: "production" }, "\x1b[33m");
      const code = await build.exited;
      running.splice(running.indexOf(build), 1);
      if (code !== 0) {
        console.error(`demo: next build failed (code ${code}).`);
        await shutdown(1);
      }
      markBuild(root, fingerprint);
    }
    start("dashboard", ["next", "start", "-p", port], { ...env, NODE_ENV: "production" }, "\x1b[35m");
  }
  await waitFor("the dashboard", () => answers(`http://127.0.0.1:${port}/`), options.dev ? 180_000 : 60_000);
}

async function main(): Promise<void> {
  mkdirSync(join(root, dataDir), { recursive: true });
  const authSecret = getDemoAuthSecret(join(root, dataDir, "auth-secret"));
  console.log(`demo: starting the sandbox on https://127.0.0.1:${sandboxPort} ...`);
  const credentials = await startSandbox();
  console.log(`demo: ${options.dev ? "starting next dev" : "building and starting the dashboard"} on port ${port} ...`);
  await startDashboard(credentials, authSecret);
  printBanner({ dashboardUrl: `http://localhost:${port}`, credentials, credentialsFile, dev: options.dev });
}

main().catch(async (error: unknown) => {
  console.error(`demo: ${error instanceof Error ? error.message : String(error)}`);
  await shutdown(1);
});
