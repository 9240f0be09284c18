import "server-only";

// The stores' Lua scripts, registered with ioredis's defineCommand: it sends EVALSHA and falls
// back to EVAL the first time a connection (or a restarted server) lacks the script. One script
// per operation is what makes an operation atomic across dashboard instances: Redis runs a
// script alone, so no other instance reads or writes between its read and its write.
import type { Redis } from "ioredis";

export type ScriptArg = string | number;
export type RedisScript = (keys: readonly string[], args: readonly ScriptArg[]) => Promise<unknown>;

/** Registers `lua` under `name` on `redis` and returns a typed caller; `name` must be unique per script. */
export function defineScript(redis: Redis, name: string, numberOfKeys: number, lua: string): RedisScript {
  redis.defineCommand(name, { numberOfKeys, lua });
  // defineCommand adds the method at run time; ioredis's types cannot know it.
  const command = (redis as unknown as Record<string, (...args: ScriptArg[]) => Promise<unknown>>)[name];
  if (!command) throw new Error(`ioredis did not define the script ${name}`);
  return (keys, args) => {
    if (keys.length !== numberOfKeys) throw new Error(`${name} takes ${numberOfKeys} keys, not ${keys.length}`);
    return command.call(redis, ...keys, ...args);
  };
}
