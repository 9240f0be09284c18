import "server-only";

// A share link's optional password, kept as a salted scrypt hash (node's crypto, no extra
// dependency): "scrypt$N$r$p$salt$hash", the parameters stored so they can be raised later
// without breaking existing links. Compared in constant time.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

export const SHARE_PASSWORD_MIN = 8;
export const SHARE_PASSWORD_MAX = 200;

const COST = { N: 16_384, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const HASH_BYTES = 32;

function scrypt(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scryptCallback(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))));
}

// The same password typed on another keyboard or system may arrive composed differently (é as
// one code point or two): compare what a person sees.
const normalize = (password: string) => password.normalize("NFC");

export function isAcceptableSharePassword(password: string): boolean {
  const length = normalize(password).length;
  return length >= SHARE_PASSWORD_MIN && length <= SHARE_PASSWORD_MAX;
}

export async function hashSharePassword(password: string): Promise<string> {
  if (!isAcceptableSharePassword(password)) throw new Error(`A share password has ${SHARE_PASSWORD_MIN} to ${SHARE_PASSWORD_MAX} characters.`);
  const salt = randomBytes(SALT_BYTES);
  const hash = await scrypt(normalize(password), salt, HASH_BYTES, COST);
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

/** False for a wrong password, and for a stored hash this code cannot read (never throws). */
export async function verifySharePassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const cost = { N: Number(n), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024 };
  // A password far past the limit is refused without hashing it: scrypt's time must not be the
  // caller's to choose.
  if (password.length > SHARE_PASSWORD_MAX * 4 || expected.length === 0) return false;
  try {
    const actual = await scrypt(normalize(password), Buffer.from(salt, "base64url"), expected.length, cost);
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}
