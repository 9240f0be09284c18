// The account's lock across instances (lib/store/locks/pg-advisory-locks.ts): PostgreSQL's
// advisory locks, two instances standing for two servers, each with its own connection.
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { PgAdvisoryLocks } from "@/lib/store/locks/pg-advisory-locks";
import { TEST_DATABASE_URL } from "../support/postgres-test-schema";

const opened: PgAdvisoryLocks[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((locks) => locks.close()));
});
const instance = () => {
  const locks = new PgAdvisoryLocks({ connectionString: TEST_DATABASE_URL });
  opened.push(locks);
  return locks;
};
const name = () => `sync:test-${Math.random().toString(36).slice(2)}`;

describe("PgAdvisoryLocks", () => {
  it("one holder at a time across instances, and in one instance (a session's lock is reentrant in PostgreSQL)", async () => {
    const [a, b] = [instance(), instance()];
    const lock = name();
    const held = await a.tryHold(lock);
    expect(held).not.toBeNull();
    expect(await b.tryHold(lock)).toBeNull();
    expect(await a.tryHold(lock)).toBeNull();
    // Another name is another lock.
    expect(await b.tryHold(name())).not.toBeNull();
    await held!.release();
    const taken = await b.tryHold(lock);
    expect(taken).not.toBeNull();
    expect(await a.tryHold(lock)).toBeNull();
    await taken!.release();
    // Released twice: the second does nothing (it must not let go of a later hold's lock, in
    // the same instance: PostgreSQL would let it).
    const again = await b.tryHold(lock);
    expect(again).not.toBeNull();
    await taken!.release();
    expect(await a.tryHold(lock)).toBeNull();
    await again!.release();
    expect(await a.tryHold(lock)).not.toBeNull();
  });

  it("lets go when its instance's connection drops: its holds say they are lost, another instance takes the lock, and it connects again", async () => {
    const [a, b] = [instance(), instance()];
    const lock = name();
    const held = await a.tryHold(lock);
    expect(held).not.toBeNull();
    expect(held!.lost.aborted).toBe(false);
    // The instance's connection ends as a killed process's would (terminated from outside).
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rowCount } = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid()", [`salesdash-locks:${process.pid}`]);
      expect(rowCount).toBeGreaterThanOrEqual(1);
    } finally {
      await admin.end();
    }
    await expect.poll(() => held!.lost.aborted, { timeout: 10_000 }).toBe(true);
    // b's connection was terminated too (one process here): it connects again on its next hold.
    await expect.poll(async () => (await b.tryHold(lock).catch(() => null)) !== null, { timeout: 10_000 }).toBe(true);
    expect(await a.tryHold(lock).catch(() => "refused")).toBeNull();
  });

  it("says a hold lost at a confirm when its connection stops answering, though nothing told it so", async () => {
    const locks = new PgAdvisoryLocks({ connectionString: TEST_DATABASE_URL, queryTimeoutMs: 500 });
    opened.push(locks);
    const lock = name();
    const held = await locks.tryHold(lock);
    expect(held).not.toBeNull();
    await held!.confirm();
    expect(held!.lost.aborted).toBe(false);
    // Answers stop coming, and no error or end says why (as when the network is cut).
    const connection = (locks as unknown as { connection: { client: { connection: { stream: { pause(): void } } } } }).connection;
    connection.client.connection.stream.pause();
    expect(held!.lost.aborted).toBe(false);
    await held!.confirm();
    expect(held!.lost.aborted).toBe(true);
    // And it connects again for the next hold; the server lets the old session's lock go once that session ends.
    await expect.poll(async () => (await locks.tryHold(lock).catch(() => null)) !== null, { timeout: 10_000 }).toBe(true);
  });
});
