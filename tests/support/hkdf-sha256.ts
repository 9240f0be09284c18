// RFC 5869 HKDF-SHA256, written out independently of node:crypto's hkdfSync: the cipher tests
// (the vault's and the mirror's) check the keys they derive against it.
import { createHmac } from "node:crypto";

export function hkdfSha256(ikm: string, salt: string, info: string, length: number): Buffer {
  const prk = createHmac("sha256", salt).update(ikm).digest();
  const blocks: Buffer[] = [];
  let previous = Buffer.alloc(0);
  for (let i = 1; Buffer.concat(blocks).length < length; i++) {
    previous = createHmac("sha256", prk).update(Buffer.concat([previous, Buffer.from(info), Buffer.from([i])])).digest();
    blocks.push(previous);
  }
  return Buffer.concat(blocks).subarray(0, length);
}
