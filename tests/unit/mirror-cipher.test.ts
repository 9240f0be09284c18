import { gunzipSync, inflateRawSync, inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { deriveMirrorKey, openDay, sealDay } from "@/lib/mirror/mirror-cipher";
import { credentialFrom } from "@/lib/sales-api";
import { hkdfSha256 } from "../support/hkdf-sha256";

const SECRET = "server-secret-for-tests-0123456789abcdef";
const OTHER_SECRET = "another-server-secret-0123456789abcdef";
const flowA = credentialFrom({ apiKey: "sak_0123456789abcdef0123456789abcdef01234567" });
const flowB = credentialFrom({ apiKey: "sak_0123456789abcdef0123456789abcdef01234567", clientId: "cli_0123456789abcdef" });
const otherKeyA = credentialFrom({ apiKey: "sak_ffffffffffffffffffffffffffffffffffffffff" });
const otherClientB = credentialFrom({ apiKey: "sak_0123456789abcdef0123456789abcdef01234567", clientId: "cli_fedcba9876543210" });

const IV_BYTES = 12;
const TAG_BYTES = 16;
const AAD = "acct-identity|purchases|2026-06-14";

// A day of purchases as the upstream sends it: customer details in clear.
const customer = {
  customerName: "Zoë Quartermaine-Oyelaran",
  customerEmail: "zoe.quartermaine@example-mail.test",
  customerPhone: "+44 20 7946 0958",
  billingAddress1: "221B Baker Street",
  cardLast4: "4242",
};
const payload = {
  records: [
    { purchaseId: "p-1", amountTransaction: 49.9, currency: "EUR", checkoutInitializedAt: "2026-06-14T10:00:00.000Z", ...customer },
    { purchaseId: "p-2", amountTransaction: 12, currency: "EUR", checkoutInitializedAt: "2026-06-14T11:00:00.000Z", customerName: "Ana Ñúñez", customerEmail: "ana@example-mail.test" },
  ],
  invalid: [],
  oddShapes: 0,
};

describe("deriveMirrorKey", () => {
  it("gives a 32-byte key (AES-256)", () => {
    expect(deriveMirrorKey(SECRET, flowA).length).toBe(32);
  });

  it("gives the same key for the same server secret and credential (a restart reads what was written)", () => {
    expect(deriveMirrorKey(SECRET, flowA).equals(deriveMirrorKey(SECRET, credentialFrom({ apiKey: flowA.apiKey })))).toBe(true);
    expect(deriveMirrorKey(SECRET, flowB).equals(deriveMirrorKey(SECRET, flowB))).toBe(true);
  });

  it("is HKDF-SHA256 of the API key, salted with the server secret: a change would strand every stored mirror", () => {
    expect(deriveMirrorKey(SECRET, flowA).equals(hkdfSha256(`A\0${flowA.apiKey}`, `salesdash-mirror:${SECRET}`, "salesdash/mirror aes-256-gcm v1", 32))).toBe(true);
  });

  it.each([
    ["another server secret", () => deriveMirrorKey(OTHER_SECRET, flowA)],
    ["another API key", () => deriveMirrorKey(SECRET, otherKeyA)],
  ])("gives another key for %s, which cannot open what the first sealed", (_, other) => {
    const key = deriveMirrorKey(SECRET, flowA);
    const sealed = sealDay(key, AAD, payload);
    expect(other().equals(key)).toBe(false);
    expect(() => openDay(other(), AAD, sealed)).toThrow();
    expect(openDay(key, AAD, sealed)).toEqual(payload);
  });

  // One account, one mirror: a day sealed by a Flow A session opens in a Flow B session of the same key (issue 24, point 12).
  it("gives the same key for the same API key in Flow A and in Flow B, whatever the client id", () => {
    const key = deriveMirrorKey(SECRET, flowA);
    expect(deriveMirrorKey(SECRET, flowB).equals(key)).toBe(true);
    expect(deriveMirrorKey(SECRET, otherClientB).equals(key)).toBe(true);
    expect(openDay(deriveMirrorKey(SECRET, flowB), AAD, sealDay(key, AAD, payload))).toEqual(payload);
  });
});

describe("sealDay / openDay", () => {
  const key = deriveMirrorKey(SECRET, flowA);

  it("round-trips a day's payload", () => {
    expect(openDay(key, AAD, sealDay(key, AAD, payload))).toEqual(payload);
    expect(openDay(key, AAD, sealDay(key, AAD, { records: [] }))).toEqual({ records: [] });
  });

  it("seals under a fresh IV each time: the same day twice gives different bytes", () => {
    const one = sealDay(key, AAD, payload);
    const two = sealDay(key, AAD, payload);
    expect(one.subarray(0, IV_BYTES).equals(two.subarray(0, IV_BYTES))).toBe(false);
    expect(one.equals(two)).toBe(false);
  });

  it.each([
    ["another day", "acct-identity|purchases|2026-06-13"],
    ["another resource", "acct-identity|orders|2026-06-14"],
    ["another account", "other-identity|purchases|2026-06-14"],
    ["no associated data", ""],
  ])("binds the payload to its place: opened as %s, it fails", (_, otherAad) => {
    const sealed = sealDay(key, AAD, payload);
    expect(() => openDay(key, otherAad, sealed)).toThrow();
  });

  it.each([
    ["the IV", 0],
    ["the tag", IV_BYTES + 3],
    ["the first byte of the body", IV_BYTES + TAG_BYTES],
    ["the last byte", -1],
  ])("refuses a payload with a bit flipped in %s", (_, at) => {
    const sealed = sealDay(key, AAD, payload);
    const index = at < 0 ? sealed.length + at : at;
    const tampered = Buffer.from(sealed);
    tampered[index] = (tampered[index] as number) ^ 0x01;
    expect(() => openDay(key, AAD, tampered)).toThrow();
  });

  it("refuses a truncated or extended payload", () => {
    const sealed = sealDay(key, AAD, payload);
    expect(() => openDay(key, AAD, sealed.subarray(0, sealed.length - 1))).toThrow();
    expect(() => openDay(key, AAD, Buffer.concat([sealed, Buffer.from([0])]))).toThrow();
    expect(() => openDay(key, AAD, sealed.subarray(0, IV_BYTES + TAG_BYTES))).toThrow();
  });

  it("leaves no customer value readable in the sealed bytes", () => {
    const sealed = sealDay(key, AAD, payload);
    const values = [...Object.values(customer), "Ana Ñúñez", "ana@example-mail.test", "checkoutInitializedAt"];
    for (const value of values) {
      expect(sealed.includes(Buffer.from(value, "utf8")), value).toBe(false);
      expect(sealed.toString("latin1").includes(value), value).toBe(false);
    }
    // Nor the plaintext's JSON in any common encoding of it.
    expect(sealed.toString("base64")).not.toContain(Buffer.from(customer.customerEmail).toString("base64").slice(0, 16));
  });

  it("is not merely compressed: no decompression of the sealed bytes, at any header offset, gives the payload back", () => {
    // Deflate alone would pass a grep for customer values (Huffman codes hide the letters).
    const sealed = sealDay(key, AAD, payload);
    for (let offset = 0; offset <= IV_BYTES + TAG_BYTES; offset++) {
      for (const inflate of [inflateRawSync, inflateSync, gunzipSync]) {
        let plain = "";
        try {
          plain = inflate(sealed.subarray(offset)).toString("utf8");
        } catch {
          // Not a compressed stream: as expected.
        }
        expect(plain).not.toContain("customerEmail");
      }
    }
  });

  it("compresses before sealing (records repeat their field names)", () => {
    const many = { records: Array.from({ length: 200 }, (_, i) => ({ ...payload.records[0], purchaseId: `p-${i}` })) };
    const sealed = sealDay(key, AAD, many);
    expect(sealed.length).toBeLessThan(Buffer.byteLength(JSON.stringify(many)) / 4);
    expect(openDay(key, AAD, sealed)).toEqual(many);
  });
});
