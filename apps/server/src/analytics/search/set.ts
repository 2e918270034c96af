/*
 * A picker set in memory: which rows match a query (term and filters), in which order, and
 * which page of them to return.
 */
import { foldText } from './fold';
import type { SearchField } from './grams';

/** A sort key value; null sorts first ascending, as in SQLite and MySQL. */
export type SortValue = number | string | null;

function compareValues(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

const identity = (n: number) => {
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  return order;
};

/** Row positions to fit below a key in one exact double: 2^21 rows, keys spanning < 2^32. */
const ROW_BITS = 2 ** 21;

/**
 * Sorts `n` rows by integer `values` (null first), breaking ties by `tie` (a distinct integer
 * in [0, 2^21) per row) by packing both into one number and sorting natively, a tenth of the
 * time of a comparator. Undefined when the values are not integers of a modest span.
 */
function sortPacked(
  n: number,
  value: (row: number) => SortValue,
  tie: (row: number) => number,
): Int32Array | undefined {
  if (n >= ROW_BITS) return undefined;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let r = 0; r < n; r++) {
    const v = value(r);
    if (v === null) continue;
    if (typeof v !== 'number' || !Number.isInteger(v)) return undefined;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (min > max) min = max = 0; // every value null
  if ((max - min + 2) * ROW_BITS >= Number.MAX_SAFE_INTEGER) return undefined;
  // null sorts first: one below the smallest value.
  const packed = new Float64Array(n);
  const rowOfTie = new Int32Array(n);
  for (let r = 0; r < n; r++) {
    const v = value(r);
    const t = tie(r);
    rowOfTie[t] = r;
    packed[r] = ((v === null ? min - 1 : (v as number)) - min + 1) * ROW_BITS + t;
  }
  packed.sort();
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = rowOfTie[packed[i]! % ROW_BITS]!;
  return order;
}

/** A picker set: row ids, searchable fields, sort keys and filter columns. */
export class SearchSet {
  private readonly orders = new Map<string, { order: Int32Array; rank: Int32Array }>();

  /** `keys` and `columns` hold one value per row (rows in any order; ids distinct). */
  constructor(
    readonly ids: Float64Array,
    readonly fields: Readonly<Record<string, SearchField>>,
    readonly keys: Readonly<Record<string, readonly SortValue[]>>,
    readonly columns: Readonly<Record<string, readonly (string | number)[]>>,
  ) {}

  get size(): number {
    return this.ids.length;
  }

  /** Builds the sort orders and gram lists ahead of the first search that needs them. */
  prepare(): void {
    this.sorted('id');
    for (const key of Object.keys(this.keys)) this.sorted(key);
    for (const field of Object.values(this.fields)) field.prepare();
  }

  /** Rows in ascending (key, id) order and each row's position in it (built on first use). */
  private sorted(key: string) {
    let found = this.orders.get(key);
    if (!found) {
      const { ids, size } = this;
      let order: Int32Array;
      if (key === 'id') {
        let ascending = true;
        for (let r = 1; r < size && ascending; r++) ascending = ids[r - 1]! < ids[r]!;
        order = ascending
          ? identity(size)
          : (sortPacked(
              size,
              (r) => ids[r]!,
              (r) => r,
            ) ?? identity(size).sort((a, b) => ids[a]! - ids[b]!));
      } else {
        const values = this.keys[key];
        if (!values) throw new Error(`No sort key ${key}`);
        // Ties go by id: its position in id order breaks them.
        const byId = this.sorted('id').rank;
        order =
          sortPacked(
            size,
            (r) => values[r]!,
            (r) => byId[r]!,
          ) ??
          identity(size).sort((a, b) => compareValues(values[a]!, values[b]!) || ids[a]! - ids[b]!);
      }
      const rank = new Int32Array(order.length);
      for (let i = 0; i < order.length; i++) rank[order[i]!] = i;
      found = { order, rank };
      this.orders.set(key, found);
    }
    return found;
  }

  /**
   * The ids of one page of the rows matching `q`, in order, and how many rows match.
   * Ties on the sort key are broken by id in the same direction (as the SQL lists do).
   */
  query(q: SetQuery): { total: number; ids: number[] } {
    const term = q.term === undefined ? '' : foldText(q.term);
    const fields = q.fields.map((name) => {
      const field = this.fields[name];
      if (!field) throw new Error(`No search field ${name}`);
      return field;
    });
    const { order, rank } = this.sorted(q.sort);
    const offset = q.limit < 0 ? 0 : q.offset;
    const want = q.limit < 0 ? Number.POSITIVE_INFINITY : offset + q.limit;
    const pick = (rows: Iterable<number>) => {
      const at = (i: number) => (q.desc ? order[order.length - 1 - i]! : order[i]!);
      const ranks: number[] = [];
      for (const r of rows) ranks.push(q.desc ? order.length - 1 - rank[r]! : rank[r]!);
      const sortedRanks = Int32Array.from(ranks).sort();
      const end = Math.min(sortedRanks.length, want);
      const ids: number[] = [];
      for (let i = Math.min(offset, end); i < end; i++) ids.push(this.ids[at(sortedRanks[i]!)]!);
      return { total: sortedRanks.length, ids };
    };
    const accept = q.accept;

    if (!term) {
      if (!accept) return { total: this.size, ids: this.walk(order, q, offset, want, () => true) };
      const rows: number[] = [];
      for (let r = 0; r < this.size; r++) if (accept(r)) rows.push(r);
      return pick(rows);
    }
    // A common short term with no other filter: the count is known, and walking the sort
    // order finds the page after about (offset + limit) × size / count rows.
    const field = fields.length === 1 ? fields[0]! : undefined;
    const count = field && !accept ? field.countOf(term) : undefined;
    if (field && count !== undefined) {
      if (count === 0) return { total: 0, ids: [] };
      if (Number.isFinite(want) && (want * this.size) / count <= this.size / 8) {
        return {
          total: count,
          ids: this.walk(order, q, offset, want, (r) => field.contains(r, term)),
        };
      }
    }
    let rows: number[] = fields.length === 1 ? fields[0]!.matches(term) : union(fields, term);
    if (accept) rows = rows.filter(accept);
    // Many matches: walking the order to the page is cheaper than sorting them all.
    if (Number.isFinite(want) && rows.length && (want * this.size) / rows.length <= rows.length) {
      const matched = new Uint8Array(this.size);
      for (const r of rows) matched[r] = 1;
      return {
        total: rows.length,
        ids: this.walk(order, q, offset, want, (r) => matched[r] === 1),
      };
    }
    return pick(rows);
  }

  /** Walks the sort order, keeping rows that pass `test`, until the page is full. */
  private walk(
    order: Int32Array,
    q: SetQuery,
    offset: number,
    want: number,
    test: (row: number) => boolean,
  ) {
    const ids: number[] = [];
    let seen = 0;
    const n = order.length;
    for (let i = 0; i < n && seen < want; i++) {
      const r = q.desc ? order[n - 1 - i]! : order[i]!;
      if (!test(r)) continue;
      if (seen++ >= offset) ids.push(this.ids[r]!);
    }
    return ids;
  }
}

/** Rows matching `term` in any of `fields`, ascending, each once. */
function union(fields: readonly SearchField[], term: string): number[] {
  const all = new Set<number>();
  for (const f of fields) for (const r of f.matches(term)) all.add(r);
  return [...all].sort((a, b) => a - b);
}

/** What to find in a set and which page of it to return. */
export interface SetQuery {
  /** Raw search text (folded here); undefined or empty matches every row. */
  term: string | undefined;
  /** Fields searched; a row matches when any of them contains the term. */
  fields: readonly string[];
  /** Other filters, by row. */
  accept?: (row: number) => boolean;
  sort: string;
  desc: boolean;
  offset: number;
  /** Rows per page; -1 for all (then `offset` is ignored). */
  limit: number;
}
