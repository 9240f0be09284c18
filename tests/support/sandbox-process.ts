// Starts the sandbox as a real child process (`tsx sandbox/cli.ts`) and talks to it over
// HTTPS with its certificate as the only extra CA: contract tests never call handlers in-process.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Agent, fetch, type Response } from "undici";

export const FIXED_NOW = "2026-06-15T12:00:00Z";

export interface Credential { clientId: string; apiKey: string; label: string; keyType: "creator" | "affiliate" }
export interface Credentials {
  baseUrl: string;
  caFile: string;
  creator: Credential;
  creator2: Credential;
  affiliate: Credential;
  revoked: Credential;
}

export interface RunningSandbox {
  creds: Credentials;
  ca: string;
  dataDir: string;
  agent: Agent;
  /** GET or POST against the sandbox; `token` becomes the Bearer credential. */
  request(pathAndQuery: string, init?: { token?: string; method?: string; body?: string; headers?: Record<string, string> }): Promise<Response>;
  json<T = any>(pathAndQuery: string, token?: string): Promise<{ status: number; body: T; headers: Headers }>;
  controls(patch: Record<string, unknown>): Promise<void>;
  stats(): Promise<Record<string, { requests: number; byStatus: Record<string, number>; log: Array<{ t: number; path: string; query?: string; status: number; flow: string }> }>>;
  /** Requests answered 401 before any account was known (wrong keys): how many reached the sandbox. */
  unauthenticated(): Promise<{ requests: number }>;
  reset(): Promise<void>;
  invalidateTokens(): Promise<void>;
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, "../..");

export async function startSandboxProcess(args: string[] = [], { testControls = true } = {}): Promise<RunningSandbox> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-sandbox-"));
  const credsFile = path.join(dataDir, "credentials.json");
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", "sandbox/cli.ts", "--port", "0", "--data-dir", dataDir, "--credentials-out", credsFile, ...(testControls ? ["--test-controls"] : []), ...args],
    { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const deadline = Date.now() + 30_000;
  while (!fs.existsSync(credsFile)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`sandbox did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const creds = JSON.parse(fs.readFileSync(credsFile, "utf8")) as Credentials;
  const ca = fs.readFileSync(creds.caFile, "utf8");
  const agent = new Agent({ connect: { ca } });
  const send = (pathAndQuery: string, init: Parameters<RunningSandbox["request"]>[1] = {}) =>
    fetch(`${creds.baseUrl}${pathAndQuery}`, {
      method: init.method ?? "GET",
      body: init.body,
      dispatcher: agent,
      headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...init.headers },
    });
  // The sandbox (Node's http server) closes a kept-alive socket after 5 s idle; on a loaded
  // machine the agent can pick that socket as it closes ("other side closed", seen after a
  // 7 s fetch). A request that never got an answer is sent once more on a fresh socket: the
  // tests' requests are reads and idempotent controls, so sending one twice changes nothing.
  const request: RunningSandbox["request"] = async (pathAndQuery, init = {}) => {
    try {
      return await send(pathAndQuery, init);
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code !== "UND_ERR_SOCKET" && code !== "ECONNRESET") throw error;
      return send(pathAndQuery, init);
    }
  };
  const post = async (p: string, body: unknown) => {
    const res = await request(p, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  return {
    creds,
    ca,
    dataDir,
    agent,
    request,
    async json(pathAndQuery, token) {
      const res = await request(pathAndQuery, { token });
      return { status: res.status, body: (await res.json()) as any, headers: res.headers as unknown as Headers };
    },
    controls: async (patch) => void (await post("/__sandbox/controls", patch)),
    stats: async () => ((await (await request("/__sandbox/stats")).json()) as any).accounts,
    unauthenticated: async () => ((await (await request("/__sandbox/stats")).json()) as any).unauthenticated,
    reset: async () => void (await post("/__sandbox/reset", {})),
    invalidateTokens: async () => void (await post("/__sandbox/invalidate-tokens", {})),
    async stop() {
      await agent.close();
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Round-trips ground truth through JSON, as it would arrive over the wire. */
export function wire<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
