/*
 * Coupon multisets: the coupons of a revenue rollup row as 'id:count,…', ids ascending, zero
 * counts dropped. A count, not a set, so that subtracting an order (re-ingestion) removes its
 * coupons only when no other order in the bucket used them.
 */

/** Parses a coupon multiset 'id:count,…'. */
export function parseMultiset(text: string): Map<number, number> {
  const out = new Map<number, number>();
  if (!text) return out;
  for (const part of text.split(',')) {
    if (part === '') continue; // empty multisets concatenated by an aggregate
    const [id, count] = part.split(':');
    out.set(Number(id), Number(count));
  }
  return out;
}

/**
 * Calls `found` with each id whose count is positive in a multiset text, or in several
 * concatenated by an aggregate (an id may repeat). One pass over the characters: reports read
 * a day's worth of these per interval, and splitting into strings and a map cost more than
 * the query.
 */
export function forEachPositiveId(text: string, found: (id: number) => void): void {
  let id = 0;
  let count = 0;
  let inCount = false;
  let negative = false;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 44;
    if (c === 44) {
      // ',' ends an entry (an empty one, from an empty multiset, has no count).
      if (inCount && count > 0 && !negative) found(id);
      id = 0;
      count = 0;
      inCount = false;
      negative = false;
    } else if (c === 58) inCount = true;
    else if (c === 45) negative = true;
    else if (inCount) count = count * 10 + (c - 48);
    else id = id * 10 + (c - 48);
  }
}

/** Serialises a multiset, dropping ids whose count reached zero. */
export function formatMultiset(set: Map<number, number>): string {
  return [...set]
    .filter(([, n]) => n !== 0)
    .sort((a, b) => a[0] - b[0])
    .map(([id, n]) => `${id}:${n}`)
    .join(',');
}

/** The sum of two multiset texts, as `formatMultiset` writes it. */
export function addMultisets(a: string, b: string): string {
  // Both sides are already normalised, so an empty side leaves the other as it is.
  if (b === '') return a;
  if (a === '') return b;
  const sum = parseMultiset(a);
  for (const [id, n] of parseMultiset(b)) sum.set(id, (sum.get(id) ?? 0) + n);
  return formatMultiset(sum);
}

/** Name of the SQL function that adds two multiset texts (rollup upserts merge with it). */
export const ADD_MULTISETS_SQL = 'add_multisets';
