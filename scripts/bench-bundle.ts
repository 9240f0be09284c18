// npm run bench:bundle [-- --skip-build] [--chunks] [--port 3310] [--dir DIR]
//
// First-load JavaScript per route, as a browser gets it: builds the app the way a user deploys
// it (`next build` with an empty environment, like scripts/e2e-dashboard.mjs), serves it with
// `next start` against the sandbox, signs in through the sign-in server action over HTTP (a
// dashboard page needs a session), makes a share link through the "Share" server action (the
// shared page needs one), then for every page reads the HTML and adds up the gzipped size of
// every script it names (<script src>, and chunks named in the inline RSC payload), except the
// `nomodule` polyfills, which no browser that runs the app downloads.
// Ends with the line `largest first-load JS of any route: N KiB gzip`. Results: docs/benchmarks.md.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import process from "node:process";
import zlib from "node:zlib";
import { startSandboxProcess, type RunningSandbox } from "../tests/support/sandbox-process";

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const skipBuild = args.includes("--skip-build");
// `--chunks`: each route's scripts one by one, to see what a change moved.
const listChunks = args.includes("--chunks");
const PORT = Number(option("--port") ?? 3310);
// `--dir DIR`: build and measure another checkout (an older commit, for a "before" figure).
const ROOT = path.resolve(option("--dir") ?? path.join(import.meta.dirname, ".."));
const BASE = `http://127.0.0.1:${PORT}`;
// Every page of the app: the public ones, the signed-in ones, and a shared report opened by a
// visitor without a session (`/s/<token>`, measured under that name).
// (tests/unit/bench-bundle-routes.test.ts checks that every app/**/page.tsx is here.)
export const PUBLIC_ROUTES = ["/", "/sign-in", "/unavailable", "/digests/confirm", "/digests/unsubscribe"];
export const SIGNED_IN_ROUTES = ["/overview", "/revenue", "/orders", "/abandonment", "/refunds", "/affiliates", "/payouts", "/shared-links", "/digests"];
export const SHARED_ROUTE = "/s/<token>";
// Strings that survive minification, to say which heavy libraries a route's first load holds.
const MARKERS: Record<string, RegExp> = {
  recharts: /recharts-(surface|wrapper|cartesian)/,
  "next-auth/react": /CLIENT_FETCH_ERROR/,
  zod: /ZodError|\$ZodType/,
  "date-fns": /unescaped latin alphabet character/,
};

const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");

function run(argv: string[], env: Record<string, string | undefined>): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [nextBin, ...argv], { cwd: ROOT, env: env as NodeJS.ProcessEnv, stdio: "inherit" });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function buildEnv(): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { NEXT_TELEMETRY_DISABLED: "1" };
  for (const name of ["PATH", "HOME", "TMPDIR", "LANG", "TERM"]) if (process.env[name] !== undefined) env[name] = process.env[name];
  return env;
}

/** `next start` in a process group of its own: stopping `npx next start` alone leaves next-server on the port. */
function startServer(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [nextBin, "start", "-p", String(PORT), "-H", "127.0.0.1"], { cwd: ROOT, env, stdio: ["ignore", "inherit", "inherit"], detached: true });
}

function stopGroup(child: ChildProcess | undefined): void {
  if (!child?.pid || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
}

async function waitForServer(child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}`);
    try {
      await fetch(`${BASE}/sign-in`, { redirect: "manual" });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error("next start did not answer within 60 s");
}

/** A server action's id, from the build's server-reference manifest; undefined in a build from before it. */
function actionId(filename: string, exportedName: string): string | undefined {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, ".next/server/server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { filename: string; exportedName: string }>;
  };
  return Object.entries(manifest.node).find(([, v]) => v.filename === filename && v.exportedName === exportedName)?.[0];
}

const cookiePairs = (answer: Response) => answer.headers.getSetCookie().map((c) => c.split(";")[0]!);
const sessionCookie = (pairs: string[]) => pairs.find((c) => /^(__Host-)?next-auth\.session-token=./.test(c));

/**
 * Signs in as the sandbox's first creator the way the form does (a POST of the sign-in server
 * action; next-auth's Credentials callback in a build from before the action); the session cookie.
 */
async function signIn(sandbox: RunningSandbox): Promise<string> {
  const apiKey = sandbox.creds.creator.apiKey;
  const signInId = actionId("lib/actions/auth/sign-in.ts", "signInAction");
  let answer: Response;
  if (signInId) {
    answer = await fetch(`${BASE}/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: { "next-action": signInId, "content-type": "text/plain;charset=UTF-8", accept: "text/x-component", origin: BASE },
      body: JSON.stringify([{ apiKey, clientId: "", name: "Bench", target: "production", callbackUrl: "/revenue" }]),
    });
  } else {
    const csrf = await fetch(`${BASE}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    answer = await fetch(`${BASE}/api/auth/callback/sales-api`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookiePairs(csrf).join("; "), origin: BASE },
      body: new URLSearchParams({ csrfToken, apiKey, clientId: "", name: "Bench", target: "production", callbackUrl: `${BASE}/revenue`, json: "true" }),
    });
  }
  await answer.arrayBuffer();
  const session = sessionCookie(cookiePairs(answer));
  if (!session) throw new Error(`sign-in failed: HTTP ${answer.status}, no session cookie`);
  return session;
}

/**
 * A share link of the Revenue report, made the way the report's "Share" dialog makes it (a POST
 * of its server action with the session); its path (`/s/<token>`), or undefined in a build from
 * before share links.
 */
async function createShareLink(cookie: string): Promise<string | undefined> {
  const id = actionId("lib/actions/sharing/create-share-link.ts", "createShareLinkAction");
  if (!id) return undefined;
  const answer = await fetch(`${BASE}/revenue`, {
    method: "POST",
    redirect: "manual",
    headers: { "next-action": id, "content-type": "text/plain;charset=UTF-8", accept: "text/x-component", origin: BASE, cookie },
    body: JSON.stringify([{ report: "revenue", query: "", mode: "fixed", expiry: { kind: "days", days: 1 }, password: null }]),
  });
  const body = await answer.text();
  const sharePath = /"path":"(\/s\/[\w-]+)"/.exec(body)?.[1];
  if (!sharePath) throw new Error(`share link not created: HTTP ${answer.status} ${body.slice(0, 300)}`);
  return sharePath;
}

const kib = (n: number) => (n / 1024).toFixed(1);

interface RouteSize { route: string; status: number; scripts: number; bytes: number; gzip: number; libraries: string[]; chunks: string[] }

const chunkCache = new Map<string, Buffer>();
async function chunk(src: string): Promise<Buffer> {
  let body = chunkCache.get(src);
  if (!body) {
    const answer = await fetch(new URL(src, BASE));
    if (!answer.ok) throw new Error(`${src}: HTTP ${answer.status}`);
    body = Buffer.from(await answer.arrayBuffer());
    chunkCache.set(src, body);
  }
  return body;
}

/** Every script the HTML names: <script src> (nomodule ones aside) and chunks of the inline RSC payload. */
export function scriptsNamed(html: string): { scripts: string[]; nomodule: string[] } {
  const scripts = new Set<string>();
  const nomodule = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = /\ssrc="([^"]+)"/i.exec(tag)?.[1];
    if (!src) continue;
    // One chunk once: a query (a deployment id) does not make it another download.
    (/\snomodule\b/i.test(tag) ? nomodule : scripts).add(src.replace(/[?#].*$/, ""));
  }
  for (const match of html.matchAll(/\/_next\/static\/chunks\/[\w.\-/]+?\.js/g)) if (!nomodule.has(match[0])) scripts.add(match[0]);
  return { scripts: [...scripts], nomodule: [...nomodule] };
}

async function measure(route: string, cookie?: string, url = route): Promise<RouteSize> {
  const answer = await fetch(`${BASE}${url}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const html = await answer.text();
  if (answer.status !== 200) throw new Error(`${route}: HTTP ${answer.status} (${answer.headers.get("location") ?? "no location"})`);
  const { scripts } = scriptsNamed(html);
  let bytes = 0;
  let gzip = 0;
  const libraries = new Set<string>();
  const chunks: string[] = [];
  for (const src of scripts) {
    const body = await chunk(src);
    const size = zlib.gzipSync(body).length; // zlib's default level, the one `next start` compresses with
    bytes += body.length;
    gzip += size;
    const text = body.toString("utf8");
    for (const [name, marker] of Object.entries(MARKERS)) if (marker.test(text)) libraries.add(name);
    chunks.push(`${kib(size).padStart(6)} KiB  ${src}${html.includes(`src="${src}`) ? "" : "  (named in the RSC payload)"}`);
  }
  return { route, status: answer.status, scripts: scripts.length, bytes, gzip, libraries: [...libraries], chunks };
}

async function main(): Promise<void> {
  if (!skipBuild) {
    console.log("[bench:bundle] next build with an empty environment");
    const built = await run(["build"], buildEnv());
    if (built !== 0) process.exit(built);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-bench-bundle-"));
  let sandbox: RunningSandbox | undefined;
  let server: ChildProcess | undefined;
  const stop = () => stopGroup(server);
  process.on("SIGINT", () => (stop(), process.exit(130)));
  process.on("SIGTERM", () => (stop(), process.exit(143)));
  try {
    sandbox = await startSandboxProcess(["--now", "2026-06-15T12:00:00Z"], { testControls: false });
    server = startServer({
      ...process.env,
      SALES_API_BASE_URL: sandbox.creds.baseUrl,
      SALES_API_CA_FILE: sandbox.creds.caFile,
      AUTH_SECRET: randomBytes(32).toString("base64"),
      NEXTAUTH_URL: BASE,
      SALESDASH_DATA_DIR: dataDir,
      SALESDASH_SYNC_DAYS: "0",
      SALESDASH_DATABASE_URL: "",
      SALESDASH_REDIS_URL: "",
      SALESDASH_DEMO_CREDENTIALS_FILE: "",
      NEXT_TELEMETRY_DISABLED: "1",
    });
    await waitForServer(server);
    const results: RouteSize[] = [];
    for (const route of PUBLIC_ROUTES) results.push(await measure(route));
    const cookie = await signIn(sandbox);
    for (const route of SIGNED_IN_ROUTES) results.push(await measure(route, cookie));
    const sharePath = await createShareLink(cookie);
    if (sharePath) results.push(await measure(SHARED_ROUTE, undefined, sharePath));

    console.log("\nroute          scripts   raw KiB   gzip KiB   heavy libraries in the first load");
    for (const r of results) {
      console.log(`${r.route.padEnd(14)} ${String(r.scripts).padStart(7)} ${kib(r.bytes).padStart(9)} ${kib(r.gzip).padStart(10)}   ${r.libraries.join(", ") || "none"}`);
    }
    if (listChunks) for (const r of results) console.log(`\n${r.route}\n${r.chunks.join("\n")}`);
    const largest = results.reduce((a, b) => (b.gzip > a.gzip ? b : a));
    console.log(`\n${results.length} routes measured; the largest is ${largest.route}`);
    console.log(`largest first-load JS of any route: ${kib(largest.gzip)} KiB gzip`);
  } finally {
    stop();
    await sandbox?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(`[bench:bundle] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
