/*
 * One searchable field of a picker set: its folded text and the 1–3 character gram counts and
 * 3-character gram row lists that find a term's candidate rows without reading every row.
 */
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

  /** Builds what the first long search would (the 3-character gram lists) ahead of it. */
  prepare(): void {
    this.trigramPostings();
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
