import fc from 'fast-check';
import { filterOptions } from './filter-options';
import type { SearchOption } from './types';

const fruit: SearchOption[] = [
  { key: 'a', label: 'Apple' },
  { key: 'b', label: 'Banana', keywords: ['yellow'] },
  { key: 'c', label: 'Cherry' },
  { key: 'p', label: 'Pineapple' },
];

describe('filterOptions', () => {
  it('matches the label case-insensitively, keeping order', () => {
    expect(filterOptions(fruit, 'APP').map((o) => o.key)).toEqual(['a', 'p']);
  });

  it('matches keywords', () => {
    expect(filterOptions(fruit, 'yell').map((o) => o.key)).toEqual(['b']);
  });

  it('keeps every option for an empty or blank query', () => {
    expect(filterOptions(fruit, '')).toHaveLength(4);
    expect(filterOptions(fruit, '   ')).toHaveLength(4);
  });

  it('returns nothing when nothing matches', () => {
    expect(filterOptions(fruit, 'kiwi')).toEqual([]);
  });

  it('caps the result at the limit', () => {
    expect(filterOptions(fruit, '', 2).map((o) => o.key)).toEqual(['a', 'b']);
  });

  it('never returns an option that was not given, and never more than the limit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ key: fc.string(), label: fc.string() })),
        fc.string(),
        fc.nat(20),
        (options, query, limit) => {
          const result = filterOptions(options, query, limit);
          expect(result.length).toBeLessThanOrEqual(limit);
          for (const option of result) expect(options).toContain(option);
        },
      ),
    );
  });
});
