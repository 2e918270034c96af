import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldLines, foldText, PART_SEPARATOR } from './fold';
import { SearchField } from './grams';
import { SearchSet, type SortValue } from './set';

/** Characters that make matches likely, plus accents, wildcards and non-alphabet ones. */
const CHARS = ['a', 'b', 'n', 'A', 'N', 'é', 'É', 'ß', '%', '_', ' ', '-', "'", 'ö', 'Ø', '1', 'ǅ'];
const text = (max: number) =>
  fc.array(fc.constantFrom(...CHARS), { maxLength: max }).map((cs) => cs.join(''));

/** What a search must return: rows whose folded text contains the folded term. */
const naive = (rows: readonly string[], term: string) =>
  rows.flatMap((r, i) => (foldText(r).includes(foldText(term)) ? [i] : []));

describe('foldText', () => {
  it('folds case, accents and compatibility forms; leaves wildcards and quotes alone', () => {
    expect(foldText('ÉLODIE Lefèvre')).toBe('elodie lefevre');
    expect(foldText('Müller-Straße')).toBe('muller-strasse');
    expect(foldText('Ærø Œuvre Łódź')).toBe('aero oeuvre lodz');
    expect(foldText('ﬁne ＡＢＣ')).toBe('fine abc');
    expect(foldText('ΟΔΟΣ')).toBe(foldText('οδοσ'));
    expect(foldText("100% O'Brien_x")).toBe("100% o'brien_x");
    expect(foldText('a\nb\tc')).toBe('a b c');
  });

  it('is idempotent and folds a concatenation as the concatenation of the folds', () => {
    // Any character, weighted towards ASCII, Latin letters and the combining accents. (Not
    // half of a surrogate pair: two halves meeting across a + b make a different character.)
    const codePoint = fc
      .oneof(
        fc.integer({ min: 0, max: 0x7f }),
        fc.integer({ min: 0x80, max: 0x24f }),
        fc.integer({ min: 0x300, max: 0x36f }),
        fc.integer({ min: 0x370, max: 0xd7ff }),
        fc.integer({ min: 0xe000, max: 0x10ffff }),
      )
      .map((c) => String.fromCodePoint(c));
    const anyText = fc.string({ unit: codePoint, maxLength: 12 });
    fc.assert(
      fc.property(anyText, anyText, (a, b) => {
        expect(foldText(foldText(a))).toBe(foldText(a));
        expect(foldText(a + b)).toBe(foldText(a) + foldText(b));
      }),
      { numRuns: 500 },
    );
  });
});

describe('foldLines', () => {
  it('folds many rows at once as foldText folds each part, keeping the separators', () => {
    const part = fc.string({
      unit: fc.constantFrom(...CHARS, '\t', '\r', 'Σ', 'ﬁ', '😀', '\u0301'),
      maxLength: 6,
    });
    fc.assert(
      fc.property(
        fc.array(fc.array(part, { minLength: 1, maxLength: 3 }), { maxLength: 6 }),
        (rows) => {
          const text = rows.map((parts) => parts.join(PART_SEPARATOR)).join('\n');
          const expected = rows.map((parts) => parts.map(foldText).join(PART_SEPARATOR)).join('\n');
          expect(foldLines(text)).toBe(expected);
        },
      ),
    );
  });
});

describe('SearchField', () => {
  it('finds exactly the rows containing a term, and counts 1–3 character grams exactly', () => {
    fc.assert(
      fc.property(fc.array(text(12), { maxLength: 40 }), text(5), (rows, term) => {
        const folded = foldText(term);
        fc.pre(folded.length > 0);
        const field = SearchField.of(rows.map(foldText));
        const expected = naive(rows, term);
        expect(field.matches(folded)).toEqual(expected);
        const count = field.countOf(folded);
        if (count !== undefined) expect(count).toBe(expected.length);
        for (let r = 0; r < rows.length; r++)
          expect(field.contains(r, folded)).toBe(expected.includes(r));
      }),
      { numRuns: 300 },
    );
  });

  it('finds rows far apart (gaps of several bytes in the gram lists)', () => {
    const rows = Array.from({ length: 20_000 }, (_, i) =>
      [5, 300, 17_000, 19_999].includes(i) ? `x abcd ${i}` : `row ${i}`,
    );
    const field = SearchField.of(rows);
    expect(field.matches('abc')).toEqual([5, 300, 17_000, 19_999]);
    expect(field.matches('abcd 3')).toEqual([300]);
    expect(field.matches('w 1999')).toEqual([
      1999,
      ...Array.from({ length: 10 }, (_, i) => 19_990 + i).filter((i) => i !== 19_999),
    ]);
  });

  it('never matches across the parts of a row or across rows', () => {
    const field = SearchField.of([['mug', 'sku1'].join(PART_SEPARATOR), 'tea', 'pot']);
    expect(field.matches('gsku')).toEqual([]);
    expect(field.matches('g sku')).toEqual([]);
    expect(field.matches('teapot')).toEqual([]);
    expect(field.matches('sku1')).toEqual([0]);
    expect(field.countOf('ap')).toBe(0);
  });
});

describe('SearchSet.query', () => {
  const compare = (a: SortValue, b: SortValue) =>
    a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1;

  it('pages the matching rows in (key, id) order with the exact total, as SQL would, prepared ahead or not', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            text: text(6),
            key: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
            date: fc.option(
              fc.constantFrom('2024-01-02 10:00:00', '2024-01-10 09:00:00', '2023-12-31 23:59:59'),
              { nil: null },
            ),
            even: fc.boolean(),
          }),
          { maxLength: 120 },
        ),
        fc.option(text(3), { nil: undefined }),
        fc.record({
          desc: fc.boolean(),
          offset: fc.integer({ min: 0, max: 15 }),
          limit: fc.constantFrom(1, 2, 5, -1),
          filtered: fc.boolean(),
          byText: fc.boolean(),
          shuffled: fc.boolean(),
          prepared: fc.boolean(),
        }),
        (rows, term, q) => {
          // Rows come from the database in any order.
          const ids = Float64Array.from(rows, (_, i) => (q.shuffled ? (i * 37) % 131 : i) * 3 + 1);
          const set = new SearchSet(
            ids,
            { text: SearchField.of(rows.map((r) => foldText(r.text))) },
            // Text keys are compared; small integers are sorted packed with the row number.
            { key: rows.map((r) => (q.byText ? r.date : r.key)) },
            {},
          );
          // Built ahead (as the server does at start-up) or on the first search: the same.
          if (q.prepared) set.prepare();
          const accept = q.filtered ? (row: number) => rows[row]!.even : undefined;
          const got = set.query({
            term,
            fields: ['text'],
            ...(accept ? { accept } : {}),
            sort: 'key',
            desc: q.desc,
            offset: q.offset,
            limit: q.limit,
          });
          const wanted = foldText(term ?? '');
          const matching = rows
            .map((r, i) => ({ ...r, id: ids[i]! }))
            .filter((r) => (!wanted || foldText(r.text).includes(wanted)) && (!accept || r.even))
            .sort(
              (a, b) =>
                (q.desc ? -1 : 1) *
                (compare(q.byText ? a.date : a.key, q.byText ? b.date : b.key) || a.id - b.id),
            );
          expect(got.total).toBe(matching.length);
          const end = q.limit < 0 ? undefined : q.offset + q.limit;
          expect(got.ids).toEqual(matching.slice(q.limit < 0 ? 0 : q.offset, end).map((r) => r.id));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('walks the sort order for a common short term and reads all rows for a rare one', () => {
    const rows = Array.from({ length: 400 }, (_, i) => (i % 50 === 7 ? `zq ${i}` : `an ${i}`));
    const set = new SearchSet(
      Float64Array.from(rows, (_, i) => i + 1),
      { text: SearchField.of(rows) },
      { key: rows.map((_, i) => i % 10) },
      {},
    );
    const page = (term: string) =>
      set.query({ term, fields: ['text'], sort: 'key', desc: true, offset: 2, limit: 3 });
    expect(page('AN')).toEqual({ total: 392, ids: [380, 370, 360] });
    expect(page('zq')).toEqual({ total: 8, ids: [258, 208, 158] });
    expect(page('q 35')).toEqual({ total: 1, ids: [] });
  });
});
