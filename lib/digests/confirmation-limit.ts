import "server-only";

// How many confirmation mails an account may have sent: 10 a day, and 3 a day to one address,
// so that "subscribe, stop, subscribe" cannot turn the server into a mailer of anyone's inbox
// (the cap of subscriptions counts the current ones only). rate-limiter-flexible, as the share
// links' opening limit: in memory, or in Redis when configured so that instances share the count.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Redis } from "ioredis";
import { getProcessState, processShared } from "@/lib/store/process-state";

export const CONFIRMATIONS_PER_ACCOUNT_DAY = 10;
export const CONFIRMATIONS_PER_ADDRESS_DAY = 3;
const DAY_SECONDS = 86_400;

export interface ConfirmationLimiter {
  /** Counts one confirmation to `addressKey` for `account`; false when either is spent for the day. */
  consume(account: string, addressKey: string): Promise<boolean>;
}

export function createConfirmationLimiter(options: { redis?: Redis; keyPrefix?: string } = {}): ConfirmationLimiter {
  const prefix = options.keyPrefix ?? "salesdash:digest-confirm";
  const make = (points: number, name: string): RateLimiterAbstract => {
    const settings = { points, duration: DAY_SECONDS, keyPrefix: `${prefix}:${name}` };
    const memory = new RateLimiterMemory(settings);
    return options.redis ? new RateLimiterRedis({ ...settings, storeClient: options.redis, rejectIfRedisNotReady: true, insuranceLimiter: memory }) : memory;
  };
  const perAccount = make(CONFIRMATIONS_PER_ACCOUNT_DAY, "account");
  const perAddress = make(CONFIRMATIONS_PER_ADDRESS_DAY, "address");
  const take = async (limiter: RateLimiterAbstract, key: string): Promise<boolean> => {
    try {
      await limiter.consume(key);
      return true;
    } catch (rejection) {
      // No points left; a store failure the insurance limiter did not absorb lets the mail go.
      return !(rejection instanceof RateLimiterRes);
    }
  };
  return {
    async consume(account, addressKey) {
      return (await take(perAddress, addressKey)) && (await take(perAccount, account));
    },
  };
}

export function getConfirmationLimiter(): ConfirmationLimiter {
  return processShared("digest-confirmation-limiter", () => createConfirmationLimiter({ redis: getProcessState().redis }));
}
