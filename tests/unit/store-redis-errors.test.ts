import { ReplyError } from "ioredis";
import { MaxRetriesPerRequestError } from "ioredis/built/errors";
import { describe, expect, it } from "vitest";
import { isRedisUnavailable } from "@/lib/store/redis/errors";
import { reconnectDelay } from "@/lib/store/redis/connection";

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe("isRedisUnavailable", () => {
  it.each([
    ["a refused connection", withCode("connect ECONNREFUSED 127.0.0.1:6379", "ECONNREFUSED")],
    ["a reset connection", withCode("read ECONNRESET", "ECONNRESET")],
    ["a connection that timed out", withCode("connect ETIMEDOUT", "ETIMEDOUT")],
    ["an unknown host", withCode("getaddrinfo ENOTFOUND redis.internal", "ENOTFOUND")],
    ["a broken pipe", withCode("write EPIPE", "EPIPE")],
    ["an unreachable host", withCode("connect EHOSTUNREACH", "EHOSTUNREACH")],
    ["ioredis giving up on a queued command", new MaxRetriesPerRequestError(1)],
    ["a closed connection", new Error("Connection is closed.")],
    ["a command sent while disconnected without a queue", new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ["a command without an answer in time", new Error("Command timed out")],
    ["a dead socket", new Error("Socket timeout. Expecting data, but didn't receive any in 1000ms.")],
    ["a server still loading its data", new ReplyError("LOADING Redis is loading the dataset in memory")],
    ["a server busy with a script", new ReplyError("BUSY Redis is busy running a script.")],
    ["a replica without its master", new ReplyError("MASTERDOWN Link with MASTER is down and replica-serve-stale-data is set to 'no'.")],
    ["a demoted master during a failover", new ReplyError("READONLY You can't write against a read only replica.")],
    ["every address of a name refusing", new AggregateError([withCode("connect ECONNREFUSED ::1:6379", "ECONNREFUSED"), withCode("connect ECONNREFUSED 127.0.0.1:6379", "ECONNREFUSED")])],
    ["a wrapped failure", new Error("could not take the budget", { cause: new MaxRetriesPerRequestError(1) })],
  ])("recognises %s", (_, error) => {
    expect(isRedisUnavailable(error)).toBe(true);
  });

  it.each([
    ["a wrong password", new ReplyError("WRONGPASS invalid username-password pair or user is disabled.")],
    ["a missing password", new ReplyError("NOAUTH Authentication required.")],
    ["a full memory", new ReplyError("OOM command not allowed when used memory > 'maxmemory'.")],
    ["a script error", new ReplyError("ERR Error running script (call to f_x): @user_script:1: bad argument")],
    ["a wrong type", new ReplyError("WRONGTYPE Operation against a key holding the wrong kind of value")],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["a message that only mentions a code", new Error("ECONNREFUSED is what the docs call it")],
    ["a string", "Connection is closed."],
    ["nothing", undefined],
    ["null", null],
  ])("does not take %s for unavailability", (_, error) => {
    expect(isRedisUnavailable(error)).toBe(false);
  });

  it("stops following causes that loop", () => {
    const error = new Error("outer");
    (error as { cause?: unknown }).cause = error;
    expect(isRedisUnavailable(error)).toBe(false);
  });
});

describe("reconnectDelay", () => {
  it("doubles from 100 ms up to 3 s, jittered between half and all of it", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map((attempt) => reconnectDelay(attempt, () => 1))).toEqual([100, 200, 400, 800, 1_600, 3_000, 3_000, 3_000]);
    expect([1, 2, 6, 50].map((attempt) => reconnectDelay(attempt, () => 0))).toEqual([50, 100, 1_500, 1_500]);
  });
});
