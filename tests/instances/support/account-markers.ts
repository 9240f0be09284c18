// Values only one account's records carry (its creator name, product and offer names, offer
// codes), from the sandbox's ground truth: a response to the other account's session that
// contains one of them leaks that account's data.
import type { Page, Response } from "@playwright/test";
import { groundTruth } from "../../../sandbox/ground-truth";
import { FIXED_NOW } from "../../support/sandbox-process";
import type { Account } from "./report-loads";

const FIELDS = ["creatorName", "productName", "offerName", "offerCode"] as const;

function valuesOf(account: Account, from: string, toExclusive: string): Set<string> {
  const values = new Set<string>();
  for (const purchase of groundTruth({ now: FIXED_NOW }, account, "purchases", from, toExclusive)) {
    for (const field of FIELDS) {
      const value = purchase[field];
      if (typeof value === "string" && value.length >= 4) values.add(value);
    }
  }
  return values;
}

/** Per account, the values that only it has, over the days from `from` to `toExclusive`. */
export function accountMarkers(from: string, toExclusive: string): Record<Account, string[]> {
  const creator = valuesOf("creator", from, toExclusive);
  const creator2 = valuesOf("creator2", from, toExclusive);
  return {
    creator: [...creator].filter((v) => !creator2.has(v)),
    creator2: [...creator2].filter((v) => !creator.has(v)),
  };
}

export interface BodyScan {
  /** Bodies read and scanned. */
  bodies: number;
  /** Responses without a body to read (redirects, aborted navigations). */
  unreadable: number;
  /** "url: marker" for every forbidden value found. */
  leaks: string[];
  /** Resolves once every response seen so far has been scanned. */
  settled(): Promise<void>;
}

/** Scans the body of every response the page receives for any of `forbidden`. */
export function scanResponses(page: Page, forbidden: readonly string[]): BodyScan {
  const pending = new Set<Promise<void>>();
  const scan: BodyScan = {
    bodies: 0,
    unreadable: 0,
    leaks: [],
    async settled() {
      // A body that never ends (a stream cut by the last navigation) is given up after 30 s.
      const giveUp = Date.now() + 30_000;
      while (pending.size > 0 && Date.now() < giveUp) await Promise.race([Promise.allSettled([...pending]), new Promise((resolve) => setTimeout(resolve, 1_000))]);
    },
  };
  const onResponse = async (response: Response) => {
    let text: string;
    try {
      text = (await response.body()).toString("utf8");
    } catch {
      scan.unreadable++;
      return;
    }
    scan.bodies++;
    for (const value of forbidden) if (text.includes(value)) scan.leaks.push(`${response.url()}: ${value}`);
  };
  page.on("response", (response) => {
    const job = onResponse(response);
    pending.add(job);
    void job.finally(() => pending.delete(job));
  });
  return scan;
}
