import { describe, expect, it } from 'vitest';
import { filterClauses, filtersFromQuery, idsSql, noFilters, statusDefault } from './filters';

const cols = { orderId: 'o', parentId: 'p', status: 's', returning: 'r' };

describe('report filters', () => {
  it('maps aliases and removes duplicate ids', () => {
    const f = filtersFromQuery({
      products: [3, 1],
      product_includes: [1],
      customer: 'new',
      categories: [9],
    });
    expect(f.productIncludes).toEqual([1, 3]);
    expect(f.customerType).toBe('new');
    expect(f.categoryIncludes).toEqual([9]);
  });

  it('inlines only safe integers; an empty list matches nothing', () => {
    expect(idsSql([1, 2])).toBe('(1,2)');
    expect(idsSql([])).toBe('(-1)');
    expect(() => idsSql([1.5])).toThrow(RangeError);
  });

  it('drops the default exclusion when any explicit status filter is given', () => {
    expect(statusDefault(noFilters, ['pending'], 's')).toEqual({
      sql: 's NOT IN (?)',
      params: ['pending'],
    });
    expect(statusDefault({ ...noFilters, statusIsNot: ['failed'] }, ['pending'], 's').sql).toBe(
      '1=1',
    );
  });

  it('joins clauses with AND for match=all and OR for match=any', () => {
    const f = { ...noFilters, customerType: 'new' as const, refunds: 'none' as const };
    expect(filterClauses(f, cols, 'order').sql).toBe('((r = 0) AND (p = 0))');
    expect(filterClauses({ ...f, match: 'any' }, cols, 'order').sql).toBe('((r = 0) OR (p = 0))');
  });
});
