/*
 * The picker search sets held in memory (issue 4: picker searches over 100,000 products and
 * 100,000 customers at p50 ≤ 10 ms, with the same results on both engines).
 *
 * Why not SQL: a contains-search (`LIKE '%an%'`) tests every row, and every picker page carries
 * an exact total (X-WP-Total), so each request pays that test over the whole set: 8–13 ms for
 * 100,000 rows in SQLite on this machine before any ordering, more in PostgreSQL. SQLite's FTS5
 * trigram index finds no term under three characters and its shadow tables make `resetStore`
 * fail; a row per trigram in a plain table would add ~180 MB to a 230 MB store; PostgreSQL's
 * pg_trgm is not always installed and skips short terms too.
 *
 * So each set (top-level products, variations, customers) is held as folded text: one string
 * per searchable field, a line per row, with the exact number of rows holding each 1–3
 * character gram and (built on first need) the rows of each 3-character gram, about a byte
 * a row. A term of three characters or more intersects the rows of its two rarest grams and
 * checks each; a common shorter term walks the sort order until the page is full; anything
 * else reads the text with indexOf. The database then returns the page's rows by id.
 * Matching here serves both engines, so results are identical, and folds case and accents on
 * every character, as WooCommerce's MySQL collation does (SQLite's LOWER() folds ASCII only).
 *
 * Freshness: migration 005 changes `search_versions` from triggers on every table a set reads,
 * whoever writes it (ingestion, admin, the demo generator, tests). A search reads the version
 * first and reloads the set when it changed.
 */
import type { Db } from '../db/database';
import { RawSql } from '../db/sql';

/** Letters spelled out after accents are removed (as a case- and accent-insensitive collation does). */
const SPELLED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ŀ: 'l',
  ı: 'i',
  ħ: 'h',
  ς: 'σ',
};
const SPELLED_RE = new RegExp(`[${Object.keys(SPELLED).join('')}]`, 'g');
/** Combining marks of the Latin, Greek and Cyrillic accents (what NFKD splits off). */
const COMBINING = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;
/** Control characters: rows are lines of one string, so these become spaces. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;
/** Control characters other than the line and part separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const OTHER_CONTROL = /[\u0000\u0002-\u0009\u000b-\u001f\u007f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const SEPARATORS = /[\n\u0001]/g;
const NON_ASCII = /[\u0080-\uffff]+/g;
const PRINTABLE_ASCII = /^[\u0020-\u007e]*$/;

/** Folded forms of the non-ASCII characters met so far (a store uses a few hundred). */
const foldedChars = new Map<string, string>();
const MAX_CACHED_CHARS = 20_000;

/** The folded form of a run of non-ASCII characters, one code point at a time. */
function foldRun(run: string): string {
  let out = '';
  for (const ch of run) {
    let folded = foldedChars.get(ch);
    if (folded === undefined) {
      folded = ch
        .normalize('NFKD')
        .toLowerCase()
        .normalize('NFKD')
        .replace(COMBINING, '')
        .replace(SPELLED_RE, (c) => SPELLED[c]!)
        .replace(CONTROL, ' ');
      if (foldedChars.size < MAX_CACHED_CHARS) foldedChars.set(ch, folded);
    }
    out += folded;
  }
  return out;
}

/**
 * Folds rows given as one text, a row per line (parts separated by PART_SEPARATOR): as
 * `foldText` on each part, keeping the separators. One pass over the whole text.
 */
export function foldLines(text: string): string {
  return text.replace(NON_ASCII, foldRun).replace(OTHER_CONTROL, ' ').toLowerCase();
}

/**
 * Folds text for matching, one character at a time: lower case, accents removed,
 * compatibility forms spelled plainly (`ﬁ` → `fi`, `ß` → `ss`, `Æ` → `ae`), control characters
 * as spaces. Search terms and rows fold alike, and since each character folds on its own,
 * a text that contains a term still contains it once both are folded.
 */
export function foldText(text: string): string {
  if (PRINTABLE_ASCII.test(text)) return text.toLowerCase();
  return foldLines(text).replace(SEPARATORS, ' ');
}

/** Separates the parts of one row (name, SKU, …) so that no match spans two of them. */
export const PART_SEPARATOR = '\u0001';

/** Characters whose grams are counted; any other character is code 0 (not counted). */
const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789 -.@_'&+/,#";
const A = ALPHABET.length + 1;
const CODES = new Uint8Array(65_536);
for (let i = 0; i < ALPHABET.length; i++) CODES[ALPHABET.charCodeAt(i)] = i + 1;
const BIGRAMS = A;
const TRIGRAMS = A + A * A;
const SLOTS = A + A * A + A * A * A;
/** What SearchField's gram pass does: count grams, size the row lists, write them. */
const COUNT = 0;
const SIZE = 1;
const WRITE = 2;

/** Where a 1–3 character term's count lives in the gram table, or -1 if it is not counted. */
function gramSlot(term: string, from = 0, length = term.length): number {
  if (length < 1 || length > 3) return -1;
  const a = CODES[term.charCodeAt(from)]!;
  if (!a) return -1;
  if (length === 1) return a;
  const b = CODES[term.charCodeAt(from + 1)]!;
  if (!b) return -1;
  if (length === 2) return BIGRAMS + a * A + b;
  const c = CODES[term.charCodeAt(from + 2)]!;
  return c ? TRIGRAMS + (a * A + b) * A + c : -1;
}

/**
 * One searchable field of a set: every row's folded text as a line of one string, how many
 * rows contain each counted 1–3 character gram, and (built on first use) the rows of each
 * counted 3-character gram, as gaps in variable-length bytes (about a byte a row).
 */
export class SearchField {
  readonly text: string;
  /** Row i is `text.slice(starts[i], starts[i + 1] - 1)`. */
  readonly starts: Int32Array;
  private readonly grams: Int32Array;
  private postings: { offsets: Int32Array; bytes: Uint8Array } | undefined;

  /**
   * `lines` is `count` folded rows joined by newlines (parts of a row may be joined with
   * PART_SEPARATOR); see `SearchField.of` for an array of rows.
   */
  constructor(lines: string, count: number) {
    this.text = count ? `${lines}\n` : '';
    this.starts = new Int32Array(count + 1);
    let at = 0;
    for (let i = 0; i < count; i++) {
      this.starts[i] = at;
      at = this.text.indexOf('\n', at) + 1;
      if (at === 0) throw new Error(`Expected ${count} rows, found ${i}`);
    }
    if (at !== this.text.length) throw new Error(`Expected ${count} rows, found more`);
    this.starts[count] = at;
    this.grams = new Int32Array(SLOTS);
    this.eachGram(COUNT);
  }

  /** A field of folded rows (none may contain a newline). */
  static of(rows: readonly string[]): SearchField {
    return new SearchField(rows.join('\n'), rows.length);
  }

  /**
   * Visits each row's distinct counted grams. COUNT counts every gram in `grams`; for the
   * 3-character grams, SIZE adds each row's gap (from the gram's previous row) to `list.next`
   * as a byte count, and WRITE writes it at `list.next` in `list.bytes`.
   */
  private eachGram(mode: number, list?: { next: Int32Array; bytes: Uint8Array }) {
    const { text, starts, grams } = this;
    // `seen[slot]` is the last row (plus one) that met the gram: a row counts a gram once.
    const seen = new Int32Array(SLOTS);
    const n = starts.length - 1;
    for (let r = 0; r < n; r++) {
      const mark = r + 1;
      const end = starts[r + 1]! - 1;
      let p1 = 0;
      let p2 = 0;
      for (let i = starts[r]!; i < end; i++) {
        const c = CODES[text.charCodeAt(i)]!;
        if (c) {
          if (mode === COUNT && seen[c] !== mark) {
            seen[c] = mark;
            grams[c]!++;
          }
          if (p1) {
            const two = BIGRAMS + p1 * A + c;
            if (mode === COUNT && seen[two] !== mark) {
              seen[two] = mark;
              grams[two]!++;
            }
            if (p2) {
              const three = TRIGRAMS + (p2 * A + p1) * A + c;
              const last = seen[three]!;
              if (last !== mark) {
                seen[three] = mark;
                if (mode === COUNT) grams[three]!++;
                else {
                  // The gap from the gram's previous row (`last` is that row plus one).
                  let gap = mark - last;
                  const { next, bytes } = list!;
                  if (mode === SIZE)
                    next[three]! +=
                      gap < 128
                        ? 1
                        : gap < 16_384
                          ? 2
                          : gap < 2_097_152
                            ? 3
                            : gap < 268_435_456
                              ? 4
                              : 5;
                  else {
                    let at = next[three]!;
                    while (gap >= 128) {
                      bytes[at++] = (gap & 127) | 128;
                      gap >>>= 7;
                    }
                    bytes[at++] = gap;
                    next[three] = at;
                  }
                }
              }
            }
          }
        }
        p2 = p1;
        p1 = c;
      }
    }
  }

  /** The 3-character gram lists (built on the first long search): byte offsets and bytes. */
  private trigramPostings() {
    if (!this.postings) {
      const sizes = new Int32Array(SLOTS);
      this.eachGram(SIZE, { next: sizes, bytes: new Uint8Array(0) });
      const offsets = new Int32Array(SLOTS + 1);
      for (let slot = 0; slot < SLOTS; slot++) offsets[slot + 1] = offsets[slot]! + sizes[slot]!;
      const bytes = new Uint8Array(offsets[SLOTS]!);
      this.eachGram(WRITE, { next: offsets.slice(0, SLOTS), bytes });
      this.postings = { offsets, bytes };
    }
    return this.postings;
  }

  /** The rows (ascending) containing a counted 3-character gram. */
  private gramRows(slot: number): Int32Array {
    const { offsets, bytes } = this.trigramPostings();
    const rows = new Int32Array(this.grams[slot]!);
    let at = offsets[slot]!;
    let row = -1;
    for (let i = 0; i < rows.length; i++) {
      let gap = 0;
      let shift = 0;
      let b: number;
      do {
        b = bytes[at++]!;
        gap |= (b & 127) << shift;
        shift += 7;
      } while (b & 128);
      row += gap;
      rows[i] = row;
    }
    return rows;
  }

  /** Number of rows. */
  get size(): number {
    return this.starts.length - 1;
  }

  /** The exact number of rows containing a folded 1–3 character term, when it is counted. */
  countOf(term: string): number | undefined {
    const slot = gramSlot(term);
    return slot < 0 ? undefined : this.grams[slot];
  }

  /** Rows (ascending) whose text contains the folded, non-empty `term`. */
  matches(term: string): number[] {
    // Three characters or more, all counted: the rows of its two rarest 3-character grams,
    // then (for longer terms) a check of each.
    const slots: number[] = [];
    for (let i = 0; i + 3 <= term.length; i++) {
      const slot = gramSlot(term, i, 3);
      if (slot < 0) return this.scan(term);
      slots.push(slot);
    }
    if (!slots.length) return this.scan(term);
    slots.sort((a, b) => this.grams[a]! - this.grams[b]!);
    if (!this.grams[slots[0]!]) return [];
    let candidates: ArrayLike<number> = this.gramRows(slots[0]!);
    const second = slots.find((s) => s !== slots[0]);
    if (second !== undefined) candidates = intersect(candidates, this.gramRows(second));
    const out: number[] = [];
    if (term.length === 3) {
      for (let i = 0; i < candidates.length; i++) out.push(candidates[i]!);
      return out;
    }
    // Check each candidate: `at` is the first place at or after the candidate's start holding
    // the term, found once and kept while the candidates (ascending) have not passed it.
    const { text, starts } = this;
    let at = -1;
    for (let i = 0; i < candidates.length; i++) {
      const row = candidates[i]!;
      if (at < starts[row]!) {
        at = text.indexOf(term, starts[row]!);
        if (at < 0) break;
      }
      if (at < starts[row + 1]!) out.push(row);
    }
    return out;
  }

  /** `matches` by reading the whole text (terms with characters grams are not kept for). */
  private scan(term: string): number[] {
    const out: number[] = [];
    const { text, starts } = this;
    let row = 0;
    let at = text.indexOf(term);
    while (at >= 0) {
      // Positions only grow, so the row cursor only moves forward.
      while (starts[row + 1]! <= at) row++;
      out.push(row);
      at = text.indexOf(term, starts[row + 1]!);
    }
    return out;
  }

  /** Whether row `row` contains the folded `term`. */
  contains(row: number, term: string): boolean {
    return this.text.substring(this.starts[row]!, this.starts[row + 1]! - 1).includes(term);
  }
}

/** Values in both ascending lists. */
function intersect(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  const out: number[] = [];
  let j = 0;
  for (let i = 0; i < a.length && j < b.length; i++) {
    const v = a[i]!;
    while (j < b.length && b[j]! < v) j++;
    if (b[j] === v) out.push(v);
  }
  return out;
}

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

/* ---- the picker sets and their cache ---- */

/** The sets kept in memory, and the `search_versions` kind each depends on. */
export type SetKind = 'products' | 'variations' | 'customers';
const VERSION_OF: Record<SetKind, 'products' | 'customers'> = {
  products: 'products',
  variations: 'products',
  customers: 'customers',
};

/** The number written by the digits of `v` from `from` to `to`, or NaN. */
function digits(v: string, from: number, to: number): number {
  let out = 0;
  for (let i = from; i < to; i++) {
    const d = v.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return Number.NaN;
    out = out * 10 + d;
  }
  return out;
}

/** Seconds of a 'YYYY-MM-DD HH:MM:SS' text, or NaN for any other text or an impossible date. */
function dateSeconds(v: string): number {
  if (v.length !== 19 || v[4] !== '-' || v[7] !== '-' || v[10] !== ' ' || v[13] !== ':') {
    return Number.NaN;
  }
  if (v[16] !== ':') return Number.NaN;
  const month = digits(v, 5, 7);
  const day = digits(v, 8, 10);
  const h = digits(v, 11, 13);
  const m = digits(v, 14, 16);
  const s = digits(v, 17, 19);
  if (!(month >= 1 && month <= 12 && day >= 1 && h < 24 && m < 60 && s < 60)) return Number.NaN;
  const ms = Date.UTC(digits(v, 0, 4), month - 1, day, h, m, s);
  // No rolling over: 2024-02-31 is not March 2nd.
  return new Date(ms).getUTCDate() === day ? ms / 1000 : Number.NaN;
}

/**
 * Sort keys of `count` 'YYYY-MM-DD HH:MM:SS' texts, one per line ('' for null): seconds as
 * numbers (the same order, less memory, sorted natively), unless some value has another
 * shape; then the texts themselves.
 */
function datesOf(text: string, count: number): SortValue[] {
  const out: SortValue[] = new Array(count);
  let at = 0;
  for (let i = 0; i < count; i++) {
    const end = i === count - 1 ? text.length : text.indexOf('\n', at);
    const seconds = end === at ? null : dateSeconds(text.slice(at, end));
    if (Number.isNaN(seconds)) return text.split('\n').map((v) => v || null);
    out[i] = seconds;
    at = end + 1;
  }
  return out;
}

/** `count` integers, one per line, read without splitting the text. */
function integersOf(text: string, count: number): Float64Array {
  const out = new Float64Array(count);
  let i = 0;
  let value = 0;
  let sign = 1;
  for (let at = 0; at <= text.length; at++) {
    const c = at < text.length ? text.charCodeAt(at) : 10;
    if (c === 10) {
      out[i++] = sign * value;
      value = 0;
      sign = 1;
    } else if (c === 45 && value === 0) sign = -1;
    else if (c >= 48 && c <= 57) value = value * 10 + (c - 48);
    else return Float64Array.from(text.split('\n'), Number); // not a plain integer
  }
  return count ? out : new Float64Array(0);
}

/** One string object per distinct value (a column of 100,000 'simple' is one string). */
function interned(values: readonly string[]): string[] {
  const seen = new Map<string, string>();
  return values.map((v) => {
    const found = seen.get(v);
    if (found !== undefined) return found;
    seen.set(v, v);
    return v;
  });
}

/** Number of lines of a text of `count` values joined by newlines (0 for no values). */
function lineCount(text: string, count: number): number {
  if (!count) return 0;
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}

/** A column part: an SQL expression, or one already free of newlines and part separators. */
type Part = string | { clean: string };
/** A column: one expression, or the parts of a searchable row. */
type Column = string | readonly Part[];

/**
 * Columns of the rows of `from` (an SQL FROM/WHERE over alias p), each read as one text of
 * one value per line, and the row count. The database joins the values (string_agg): reading
 * 100,000 rows value by value into JavaScript costs several times as much. The aggregates of
 * one SELECT read the rows in one pass, so line i of every column is the same row (in no
 * particular order: SearchSet sorts by id). A column given as a list of expressions is a
 * searchable row of parts joined by PART_SEPARATOR. A value holding a newline (which would
 * split its row) or a part separator is read again with it as a space (as folding makes it).
 */
async function readColumns<K extends string>(
  sql: RawSql,
  from: string,
  columns: Record<K, Column>,
): Promise<{ count: number; texts: Record<K, string> }> {
  const names = Object.keys(columns) as K[];
  const chr = (n: number) => (sql.engine === 'sqlite' ? `char(${n})` : `chr(${n})`);
  const asText = (part: Part, clean = false) =>
    typeof part !== 'string'
      ? part.clean
      : clean
        ? `replace(replace(CAST(${part} AS TEXT), ${chr(10)}, ' '), ${chr(1)}, ' ')`
        : `CAST(${part} AS TEXT)`;
  const column = (k: K, clean = false) => {
    const c = columns[k];
    return typeof c === 'string'
      ? asText(c, clean)
      : c.map((part) => asText(part, clean)).join(` || ${chr(1)} || `);
  };
  // For a row of parts, whether some part holds a separator itself.
  const position = sql.engine === 'sqlite' ? 'instr' : 'strpos';
  const separators = (k: K) => {
    const c = columns[k];
    const plain = typeof c === 'string' ? [] : c.filter((part) => typeof part === 'string');
    return plain.length
      ? `MAX(${plain.map((x) => `${position}(${asText(x)}, ${chr(1)})`).join(' + ')})`
      : '0';
  };
  const [row] = await sql.query<Record<string, string | number | null>>(
    `SELECT COUNT(*) AS n, ${names
      .map((k, i) => `string_agg(${column(k)}, ${chr(10)}) AS c${i}, ${separators(k)} AS s${i}`)
      .join(', ')} ${from}`,
  );
  const count = Number(row?.n ?? 0);
  const texts = {} as Record<K, string>;
  for (const [i, k] of names.entries()) {
    let text = count ? String(row?.[`c${i}`] ?? '') : '';
    if (lineCount(text, count) !== count || Number(row?.[`s${i}`] ?? 0) > 0) {
      const [again] = await sql.query<{ c: string | null }>(
        `SELECT string_agg(${column(k, true)}, ${chr(10)}) AS c ${from}`,
      );
      text = again?.c ?? '';
    }
    // A lone separator in a one-part value is a control character like any other.
    texts[k] =
      typeof columns[k] === 'string' && text.includes(PART_SEPARATOR)
        ? text.replaceAll(PART_SEPARATOR, ' ')
        : text;
  }
  return { count, texts };
}

const LOADERS: Record<SetKind, (sql: RawSql) => Promise<SearchSet>> = {
  /** Top-level products that are not trashed: name or SKU. */
  async products(sql) {
    const { count, texts } = await readColumns(
      sql,
      "FROM products p WHERE p.parent_id = 0 AND p.status <> 'trash'",
      {
        id: 'p.id',
        search: ['p.name', 'p.sku'],
        type: 'p.type',
        sales: 'p.total_sales',
        date: 'p.date_created',
      },
    );
    return new SearchSet(
      integersOf(texts.id, count),
      { text: new SearchField(foldLines(texts.search), count) },
      { popularity: [...integersOf(texts.sales, count)], date: datesOf(texts.date, count) },
      { type: interned(count ? texts.type.split('\n') : []) },
    );
  },
  /** Variations that are not trashed: name, SKU, or the name or slug of an attribute value. */
  async variations(sql) {
    const chr = (n: number) => (sql.engine === 'sqlite' ? `char(${n})` : `chr(${n})`);
    const clean = (expr: string) => `replace(replace(${expr}, ${chr(1)}, ' '), ${chr(10)}, ' ')`;
    const { count, texts } = await readColumns(
      sql,
      "FROM products p WHERE p.type = 'variation' AND p.status <> 'trash'",
      {
        id: 'p.id',
        // Name, SKU, then each attribute value's name and slug, as the parts of a row.
        search: [
          'p.name',
          'p.sku',
          {
            clean: `COALESCE((SELECT string_agg(${clean('t.name')} || ${chr(1)} || ${clean('t.slug')}, ${chr(1)})
              FROM product_attributes pa JOIN attribute_terms t ON t.id = pa.term_id
              WHERE pa.product_id = p.id), '')`,
          },
        ],
        parent: 'p.parent_id',
        sales: 'p.total_sales',
        date: 'p.date_created',
      },
    );
    return new SearchSet(
      integersOf(texts.id, count),
      { text: new SearchField(foldLines(texts.search), count) },
      { popularity: [...integersOf(texts.sales, count)], date: datesOf(texts.date, count) },
      { parent: [...integersOf(texts.parent, count)] },
    );
  },
  /** Every customer: "first last", username and email searched apart (`searchby`). */
  async customers(sql) {
    const { count, texts } = await readColumns(sql, 'FROM customers p', {
      id: 'p.id',
      name: "p.first_name || ' ' || p.last_name",
      username: 'p.username',
      email: 'p.email',
      // '' for none: string_agg would skip a null.
      registered: "COALESCE(p.date_registered, '')",
    });
    return new SearchSet(
      integersOf(texts.id, count),
      {
        name: new SearchField(foldLines(texts.name), count),
        username: new SearchField(foldLines(texts.username), count),
        email: new SearchField(foldLines(texts.email), count),
      },
      { date_registered: datesOf(texts.registered, count) },
      {},
    );
  },
};

interface CacheEntry {
  version: string;
  set: Promise<SearchSet>;
}
const cache = new WeakMap<Db, Map<SetKind, CacheEntry>>();

/** The version a set was built from: changes whenever a trigger of migration 005 fires. */
async function readVersion(sql: RawSql, kind: 'products' | 'customers'): Promise<string> {
  const rows = await sql.query<{ v: string }>(
    'SELECT CAST(version AS TEXT) AS v FROM search_versions WHERE kind = ?',
    [kind],
  );
  return rows[0]?.v ?? 'none';
}

/**
 * The current set of a kind: read the version first, then (when it changed) the rows, so a
 * write committed in between only causes one more reload, never a stale set.
 */
export async function searchSet(db: Db, kind: SetKind): Promise<SearchSet> {
  const sql = new RawSql(db.kysely, db.engine, db.sqlite);
  const version = await readVersion(sql, VERSION_OF[kind]);
  let sets = cache.get(db);
  if (!sets) {
    sets = new Map();
    cache.set(db, sets);
  }
  const entry = sets.get(kind);
  if (entry?.version === version) return entry.set;
  const set = LOADERS[kind](sql);
  const fresh = { version, set };
  sets.set(kind, fresh);
  // A failed load is not kept: the next search tries again.
  set.catch(() => {
    if (sets.get(kind) === fresh) sets.delete(kind);
  });
  return set;
}

/**
 * Brings every set already loaded for a store up to date (after another process changed
 * what they are read from), so the next search does not wait for the reload. A search checks
 * the version itself anyway; this only moves the reload ahead of it.
 */
export async function refreshSearchSets(db: Db): Promise<void> {
  const sets = cache.get(db);
  if (!sets) return;
  await Promise.all([...sets.keys()].map((kind) => searchSet(db, kind)));
}
