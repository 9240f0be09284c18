// A record the upstream sent twice (windows that overlap) is one: its first copy, as fetchRange
// gives a report each record once. Every fact table's rows of a day are made of these.
export function firstCopies<R, K>(records: Iterable<R>, keyOf: (record: R) => K): R[] {
  const seen = new Set<K>();
  const kept: R[] = [];
  for (const record of records) {
    const key = keyOf(record);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(record);
  }
  return kept;
}
