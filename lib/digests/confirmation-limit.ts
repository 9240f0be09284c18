import "server-only";

// How many confirmation mails an account may have sent: 10 a day, and 3 a day to one address,
// so that "subscribe, stop, subscribe" cannot turn the server into a mailer of anyone's inbox
// (the cap of subscriptions counts the current ones only). Counted as the share links' openings
// are (lib/store/point-limiter.ts): in memory, or in Redis when configured.
import type { Redis } from "ioredis";
import { pointLimiter } from "@/lib/store/point-limiter";
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
  const perAccount = pointLimiter({ points: CONFIRMATIONS_PER_ACCOUNT_DAY, duration: DAY_SECONDS, keyPrefix: `${prefix}:account` }, options.redis);
  const perAddress = pointLimiter({ points: CONFIRMATIONS_PER_ADDRESS_DAY, duration: DAY_SECONDS, keyPrefix: `${prefix}:address` }, options.redis);
  return {
    async consume(account, addressKey) {
      return (await perAddress.take(addressKey)).ok && (await perAccount.take(account)).ok;
    },
  };
}

export function getConfirmationLimiter(): ConfirmationLimiter {
  return processShared("digest-confirmation-limiter", () => createConfirmationLimiter({ redis: getProcessState().redis }));
}
