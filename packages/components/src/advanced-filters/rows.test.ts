import { vi } from 'vitest';
import { customersAdvancedFilters, ordersAdvancedFilters } from './example-configs';
import {
  applyQueryUpdate,
  changeRowRule,
  createRow,
  getAvailableFilterKeys,
  getFilterUpdate,
  getInitialValue,
  getMatchFromQuery,
  getRowsFromQuery,
  getValueForRule,
  isFilterEnabled,
} from './rows';

const orders = ordersAdvancedFilters();
const customers = customersAdvancedFilters();
let n = 0;
const makeId = () => `r${++n}`;

describe('getMatchFromQuery', () => {
  it('is any only when the query says any', () => {
    expect(getMatchFromQuery({ match: 'any' })).toBe('any');
    expect(getMatchFromQuery({ match: 'all' })).toBe('all');
    expect(getMatchFromQuery({ match: 'some' })).toBe('all');
    expect(getMatchFromQuery({})).toBe('all');
  });
});

describe('getAvailableFilterKeys', () => {
  it('offers filters not in use plus those allowing multiples', () => {
    const rows = getRowsFromQuery(
      { status_is: 'completed', attribute_is: [['1', '2']], refunds: 'all' },
      orders,
      makeId,
    );
    expect(getAvailableFilterKeys(orders, rows)).toEqual([
      'product',
      'coupon',
      'customer_type',
      'tax_rate',
      'attribute',
    ]);
  });
});

describe('new rows', () => {
  it('start with the first rule and the default option', () => {
    expect(createRow('refunds', orders.filters.refunds!, 'a')).toEqual({
      id: 'a',
      key: 'refunds',
      rule: undefined,
      value: 'all',
    });
    expect(createRow('status', orders.filters.status!, 'b')).toEqual({
      id: 'b',
      key: 'status',
      rule: 'is',
      value: 'processing',
    });
  });

  it('start empty for inputs other than selects', () => {
    expect(getInitialValue(customers.filters.orders_count!)).toBe('');
    expect(getInitialValue(orders.filters.product!)).toBe('');
  });

  it('warn for an invalid default option', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(
      getInitialValue({
        ...orders.filters.refunds!,
        input: { component: 'SelectControl', options: [], defaultOption: 'x' },
      }),
    ).toBe('');
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

describe('rule changes', () => {
  it('collapse a pair for one-value rules', () => {
    expect(getValueForRule(['2', '5'], 'between', 'max')).toBe('2');
    expect(getValueForRule(['2', '5'], 'between', 'min')).toBe('2');
  });

  it('expand one value into the start of a pair for between', () => {
    expect(getValueForRule('2', 'min', 'between')).toEqual(['2', '']);
  });

  it('keep the value between one-value rules', () => {
    expect(getValueForRule('2', 'min', 'max')).toBe('2');
  });

  it('only reshape range inputs', () => {
    const product = { id: 'p', key: 'product', rule: 'includes', value: '11,12' };
    expect(changeRowRule(product, 'excludes', orders.filters.product!)).toEqual({
      ...product,
      rule: 'excludes',
    });
    const count = { id: 'c', key: 'orders_count', rule: 'between', value: ['1', '3'] };
    expect(changeRowRule(count, 'max', customers.filters.orders_count!).value).toBe('1');
  });
});

describe('getFilterUpdate and applyQueryUpdate', () => {
  it('replace the filter params, keep the rest and leave match out when all', () => {
    const query = { period: 'month', status_is: 'completed', match: 'any' };
    const rows = [{ id: 'x', key: 'refunds', value: 'full' }];
    expect(applyQueryUpdate(query, getFilterUpdate(rows, 'all', query, orders))).toEqual({
      period: 'month',
      refunds: 'full',
    });
    expect(applyQueryUpdate(query, getFilterUpdate(rows, 'any', query, orders))).toEqual({
      period: 'month',
      refunds: 'full',
      match: 'any',
    });
  });
});

describe('isFilterEnabled', () => {
  const query = { status_is: 'completed' };
  const rows = getRowsFromQuery(query, orders, makeId);

  it('is false without rows', () => {
    expect(isFilterEnabled([], 'any', {}, orders)).toBe(false);
  });

  it('is false when rows and match equal the query', () => {
    expect(isFilterEnabled(rows, 'all', query, orders)).toBe(false);
    expect(isFilterEnabled(rows, 'any', { ...query, match: 'any' }, orders)).toBe(false);
  });

  it('is true when a value, a rule or the match changed', () => {
    expect(isFilterEnabled([{ ...rows[0]!, value: 'failed' }], 'all', query, orders)).toBe(true);
    expect(isFilterEnabled([{ ...rows[0]!, rule: 'is_not' }], 'all', query, orders)).toBe(true);
    expect(isFilterEnabled(rows, 'any', query, orders)).toBe(true);
  });

  it('ignores rows that would be dropped', () => {
    const extra = { id: 'e', key: 'product', rule: 'includes', value: '' };
    expect(isFilterEnabled([...rows, extra], 'all', query, orders)).toBe(false);
  });
});
