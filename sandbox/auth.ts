// Both credential flows of the contract: Flow A (the API key itself as the Bearer token)
// and Flow B (POST /api/v1/auth exchanges clientId + apiKey for a short-lived JWT).
import { createHash, randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { API_KEY_PREFIX, type Account, type AccountName } from "./accounts";
import type { Controls } from "./controls";
import { ApiError } from "./http";

export interface Authenticated { account: Account; flow: "A" | "B" }

export class Authenticator {
  private secret: Uint8Array;
  private readonly byKey = new Map<string, Account>();
  private readonly byClientId = new Map<string, Account>();

  constructor(seed: string, private readonly accounts: Record<AccountName, Account>) {
    this.secret = createHash("sha256").update(`sandbox-jwt:${seed}`).digest();
    for (const account of Object.values(accounts)) {
      this.byKey.set(account.apiKey, account);
      this.byClientId.set(account.clientId, account);
    }
  }

  /** Test control: every token issued so far stops working, as if revoked early. */
  rotateSigningKey(): void {
    this.secret = createHash("sha256").update(this.secret).update(randomUUID()).digest();
  }

  /** Flow B: checks the pair and signs a token that expires after the configured lifetime. */
  async exchange(clientId: unknown, apiKey: unknown, controls: Controls): Promise<{ account: Account; accessToken: string }> {
    if (typeof clientId !== "string" || typeof apiKey !== "string" || clientId === "" || apiKey === "") {
      throw new ApiError(400, "invalid_request", "clientId and apiKey are required strings");
    }
    const account = this.byClientId.get(clientId);
    if (!account || account.apiKey !== apiKey) throw new ApiError(401, "invalid_token", "Invalid client credentials");
    if (account.revoked) throw new ApiError(401, "invalid_token", "This credential has been revoked");
    const issuedAt = Math.floor(Date.now() / 1000);
    const accessToken = await new SignJWT({ cid: account.clientId })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(account.name)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + controls.tokenTtlSeconds)
      .setJti(randomUUID())
      .sign(this.secret);
    return { account, accessToken };
  }

  /** Resolves the Bearer credential of a request, or throws the contract's 401. */
  async authenticate(req: IncomingMessage, controls: Controls): Promise<Authenticated> {
    const header = req.headers.authorization ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new ApiError(401, "invalid_token", "Missing bearer credential in the Authorization header");
    const token = match[1] as string;
    if (token.startsWith(API_KEY_PREFIX)) {
      const account = this.byKey.get(token);
      if (!controls.flowA) throw new ApiError(401, "invalid_token", "API keys cannot be used directly here; exchange them at /api/v1/auth");
      if (!account) throw new ApiError(401, "invalid_token", "Invalid credential");
      if (account.revoked) throw new ApiError(401, "invalid_token", "This credential has been revoked");
      return { account, flow: "A" };
    }
    if (!controls.flowB) throw new ApiError(401, "invalid_token", "Invalid credential");
    let name: string | undefined;
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: ["HS256"] });
      name = payload.sub;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new ApiError(401, "invalid_token", "Access token expired");
      throw new ApiError(401, "invalid_token", "Invalid credential");
    }
    const account = name ? this.accounts[name as AccountName] : undefined;
    if (!account) throw new ApiError(401, "invalid_token", "Invalid credential");
    if (account.revoked) throw new ApiError(401, "invalid_token", "This credential has been revoked");
    return { account, flow: "B" };
  }
}
