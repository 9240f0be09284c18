// What the digests' tests counted, for `npm run test:digests`'s last line (scripts/test-digests.mjs):
// each test adds its messages received, those received more than once, figures that differ from
// the ground truth and customer values found, as a line of test-results/digests-tally.jsonl.
import fs from "node:fs";
import path from "node:path";

export interface DigestTally {
  sent: number;
  duplicates: number;
  wrongFigures: number;
  personalData: number;
}

export const TALLY_FILE = path.join("test-results", "digests-tally.jsonl");

export function addToDigestTally(tally: Partial<DigestTally>): void {
  fs.mkdirSync(path.dirname(TALLY_FILE), { recursive: true });
  fs.appendFileSync(TALLY_FILE, `${JSON.stringify({ sent: 0, duplicates: 0, wrongFigures: 0, personalData: 0, ...tally })}\n`);
}

/** Message-IDs received more than once: each extra copy counts. */
export function duplicatesOf(ids: ReadonlyArray<string | undefined>): number {
  const seen = new Set<string>();
  let extra = 0;
  for (const id of ids) {
    if (id === undefined) continue;
    if (seen.has(id)) extra++;
    else seen.add(id);
  }
  return extra;
}
