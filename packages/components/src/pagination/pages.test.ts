import fc from 'fast-check';
import {
  hasNext,
  hasPrevious,
  pageAfterPerPageChange,
  pageCount,
  paginationLayout,
  parsePageInput,
} from './pages';

describe('pageCount', () => {
  it('is the ceiling of total over per page and covers every row', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.integer({ min: 1, max: 500 }), (total, perPage) => {
        const pages = pageCount(total, perPage);
        expect(pages * perPage).toBeGreaterThanOrEqual(total);
        if (total > 0) expect((pages - 1) * perPage).toBeLessThan(total);
        else expect(pages).toBe(0);
      }),
    );
  });
});

describe('bounds', () => {
  it('has no previous page on page 1 and no next page on the last', () => {
    expect(hasPrevious(1)).toBe(false);
    expect(hasPrevious(2)).toBe(true);
    expect(hasNext(4, 4)).toBe(false);
    expect(hasNext(3, 4)).toBe(true);
  });
});

describe('parsePageInput', () => {
  it('accepts exactly the whole numbers 1..pages', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -50, max: 150 }),
        fc.integer({ min: 1, max: 100 }),
        (n, pages) => {
          const parsed = parsePageInput(String(n), pages);
          if (n >= 1 && n <= pages) expect(parsed).toBe(n);
          else expect(parsed).toBeNull();
        },
      ),
    );
  });

  it('rejects fractions, words, blanks and signs', () => {
    for (const text of ['1.5', 'two', '', ' ', '+2', '2e1', '0x2']) {
      expect(parsePageInput(text, 50)).toBeNull();
    }
    expect(parsePageInput(' 3 ', 5)).toBe(3);
  });
});

describe('pageAfterPerPageChange', () => {
  it('goes to the last page when the current one would exceed it, else stays', () => {
    expect(pageAfterPerPageChange(4, 100, 230)).toBe(3);
    expect(pageAfterPerPageChange(2, 50, 230)).toBe(2);
    expect(pageAfterPerPageChange(3, 25, 0)).toBe(1);
  });

  it('always lands on an existing page', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }),
        fc.constantFrom(25, 50, 75, 100),
        fc.nat(10_000),
        (page, perPage, total) => {
          const next = pageAfterPerPageChange(page, perPage, total);
          expect(next).toBeGreaterThanOrEqual(1);
          expect(next).toBeLessThanOrEqual(Math.max(1, pageCount(total, perPage)));
          expect(next).toBeLessThanOrEqual(page);
        },
      ),
    );
  });
});

describe('paginationLayout', () => {
  it('shows nothing when the total fits the smallest page', () => {
    expect(paginationLayout(25, 25)).toEqual({ kind: 'none' });
    expect(paginationLayout(0, 25)).toEqual({ kind: 'none' });
  });

  it('shows the per-page picker alone above 25 rows that fit one page', () => {
    expect(paginationLayout(26, 50)).toEqual({ kind: 'per-page-only' });
    expect(paginationLayout(100, 100)).toEqual({ kind: 'per-page-only' });
  });

  it('shows everything when there is more than one page', () => {
    expect(paginationLayout(26, 25)).toEqual({ kind: 'full', pages: 2 });
  });
});
