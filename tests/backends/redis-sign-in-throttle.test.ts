import { expect, it } from "vitest";
import { createSignInThrottle, credentialFingerprint, FAILURES_PER_ADDRESS, type SignInAttempt } from "@/lib/auth/sign-in-throttle";
import { keysUnder, randomPrefix, redisInstances } from "../support/redis-test";

// The sign-in throttle on Redis (issue #24, point 11): two instances count one address's
// consecutive refusals between them, a success on either clears them, no key is stored in
// clear, and while Redis is away each instance counts in memory instead of refusing sign-ins.
const prefix = randomPrefix();
const { connect, unreachable } = redisInstances(prefix);
const KEY_MATERIAL = "sak_0000000000000000000000000000000001";

async function refuse(attempt: Promise<SignInAttempt>): Promise<void> {
  const started = await attempt;
  expect(started.ok).toBe(true);
  if (started.ok) await started.settle("refused");
}

it("counts one address's refusals across instances; a success on either clears them", async () => {
  const [a, b] = [connect(), connect()];
  await Promise.all([a.ping(), b.ping()]);
  const first = createSignInThrottle({ redis: a, keyPrefix: prefix, waitSeconds: 60 });
  const second = createSignInThrottle({ redis: b, keyPrefix: prefix, waitSeconds: 60 });
  const keyed = credentialFingerprint({ apiKey: KEY_MATERIAL }, "a-server-secret-of-enough-length-for-tests");
  for (let i = 0; i < FAILURES_PER_ADDRESS - 1; i++) await refuse((i % 2 ? first : second).begin("203.0.113.7", i === 0 ? keyed : `fp-${i}`));
  const right = await first.begin("203.0.113.7", "fp-right");
  expect(right.ok).toBe(true);
  if (right.ok) await right.settle("success");
  for (let i = 0; i < FAILURES_PER_ADDRESS; i++) await refuse((i % 2 ? first : second).begin("203.0.113.7", `fp-again-${i}`));
  expect(await second.begin("203.0.113.7", "fp-next")).toMatchObject({ ok: false, scope: "address", retryAfterSeconds: 60 });
  expect(await first.begin("203.0.113.7", "fp-next")).toMatchObject({ ok: false, scope: "address" });
  const keys = await keysUnder(a, prefix);
  expect(keys.length).toBeGreaterThan(0);
  expect(keys.some((key) => key.includes(keyed))).toBe(true);
  expect(keys.join(" ")).not.toContain(KEY_MATERIAL.slice(4));
});

it("counts in memory while Redis cannot be reached, and never refuses a sign-in for it", async () => {
  const away = unreachable();
  const throttle = createSignInThrottle({ redis: away, keyPrefix: prefix, waitSeconds: 60 });
  for (let i = 0; i < FAILURES_PER_ADDRESS; i++) await refuse(throttle.begin("192.0.2.1", `fp-${i}`));
  expect(await throttle.begin("192.0.2.1", "fp-next")).toMatchObject({ ok: false, scope: "address" });
  expect((await throttle.begin("192.0.2.2", "fp-other")).ok).toBe(true);
});
