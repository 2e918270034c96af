import { afterEach, describe, expect, it, vi } from 'vitest';
import { isReportStatsEmpty } from './empty-stats.ts';
import {
  type AdvancedFiltersConfig,
  getFilterQuery,
  type ReportFilterConfig,
} from './filter-query.ts';
import { getReportStatsQuery, getReportTableQuery } from './report-query.ts';

afterEach(() => vi.useRealTimers());

const custom = {
  period: 'custom',
  after: '2024-05-01',
  before: '2024-05-31',
  compare: 'previous_period',
};

describe('getReportTableQuery', () => {
  it('defaults: orderby date, order desc, page 1, per_page from settings, dates at start and end of day', () => {
    expect(getReportTableQuery({ endpoint: 'orders', query: custom, defaultPerPage: 50 })).toEqual({
      orderby: 'date',
      order: 'desc',
      page: 1,
      per_page: 50,
      after: '2024-05-01T00:00:00',
      before: '2024-05-31T23:59:59',
    });
  });

  it('per_page falls back to 25 without a setting', () => {
    expect(getReportTableQuery({ endpoint: 'orders', query: custom }).per_page).toBe(25);
  });

  it('takes the primary range of a preset period (clock frozen)', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2024-05-15T12:00:00Z'));
    const query = getReportTableQuery({ endpoint: 'orders', query: { period: 'last_month' } });
    expect(query).toMatchObject({ after: '2024-04-01T00:00:00', before: '2024-04-30T23:59:59' });
  });

  it('query values win over defaults; paged is the page', () => {
    expect(
      getReportTableQuery({
        endpoint: 'products',
        query: { ...custom, orderby: 'items_sold', order: 'asc', paged: '3', per_page: '75' },
      }),
    ).toMatchObject({ orderby: 'items_sold', order: 'asc', page: 3, per_page: 75 });
  });

  it.each(['stock', 'customers'])('leaves the dates out for %s', (endpoint) => {
    const query = getReportTableQuery({ endpoint, query: custom });
    expect(query).not.toHaveProperty('after');
    expect(query).not.toHaveProperty('before');
  });

  it('adds filter params and lets tableQuery win', () => {
    const filters: ReportFilterConfig[] = [
      {
        param: 'filter',
        filters: [{ value: 'all' }, { value: 'refunds', query: { refunds: 'all' } }],
      },
    ];
    expect(
      getReportTableQuery({
        endpoint: 'orders',
        query: { ...custom, filter: 'refunds' },
        filters,
        tableQuery: { extended_info: true, order: 'asc' },
      }),
    ).toMatchObject({ refunds: 'all', extended_info: true, order: 'asc' });
  });
});

describe('getReportStatsQuery', () => {
  it('order asc, allowed interval, per_page 100, stamped range, segmentby and fields', () => {
    expect(
      getReportStatsQuery({
        endpoint: 'revenue',
        query: { ...custom, interval: 'week' },
        segmentby: 'product',
        fields: ['net_revenue'],
      }),
    ).toEqual({
      order: 'asc',
      interval: 'week',
      per_page: 100,
      after: '2024-05-01T00:00:00',
      before: '2024-05-31T23:59:59',
      segmentby: 'product',
      fields: ['net_revenue'],
    });
  });

  it('an interval not allowed for the range falls back to the first allowed', () => {
    expect(
      getReportStatsQuery({ endpoint: 'revenue', query: { ...custom, interval: 'year' } }).interval,
    ).toBe('day');
  });

  it('the secondary range is used for comparison data', () => {
    const q = getReportStatsQuery({ endpoint: 'revenue', query: custom, dataType: 'secondary' });
    expect(q).toMatchObject({ after: '2024-03-31T00:00:00', before: '2024-04-30T23:59:59' });
  });

  it('stock and customers get neither dates nor interval', () => {
    const q = getReportStatsQuery({ endpoint: 'customers', query: custom });
    expect(q).not.toHaveProperty('interval');
    expect(q).not.toHaveProperty('after');
  });
});

const advancedFilters: AdvancedFiltersConfig = {
  filters: {
    status: {
      rules: [
        { value: 'is', label: 'Is' },
        { value: 'is_not', label: 'Is Not' },
      ],
    },
    registered: {
      rules: [
        { value: 'before', label: 'Before' },
        { value: 'after', label: 'After' },
        { value: 'between', label: 'Between' },
      ],
      input: { component: 'Date' },
    },
    last_active: {
      rules: [
        { value: 'before', label: 'Before' },
        { value: 'after', label: 'After' },
        { value: 'between', label: 'Between' },
      ],
      input: { component: 'Date' },
    },
    orders_count: {
      rules: [{ value: 'between', label: 'Between' }],
      input: { component: 'Number' },
    },
  },
};
const filters: ReportFilterConfig[] = [
  {
    param: 'filter',
    filters: [
      { value: 'all' },
      {
        value: 'single_product',
        settings: { param: 'products' },
        subFilters: [{ value: 'single_variation', settings: { param: 'variations' } }],
      },
      { value: 'advanced' },
    ],
  },
];

describe('getFilterQuery', () => {
  it('a search sends only the endpoint’s own ids', () => {
    expect(
      getFilterQuery({
        endpoint: 'products',
        query: { search: 'hat', products: '1,2', filter: 'advanced', status_is: 'x' },
        filters,
        advancedFilters,
      }),
    ).toEqual({ products: '1,2' });
  });

  it('a search with limitBy sends those params only', () => {
    expect(
      getFilterQuery({
        endpoint: 'variations',
        limitBy: ['products', 'variations'],
        query: { search: 'x', products: '1', variations: '5', match: 'any' },
      }),
    ).toEqual({ products: '1', variations: '5' });
  });

  it('a search-type filter sends its param (nested options too) when set', () => {
    expect(
      getFilterQuery({
        endpoint: 'orders',
        query: { filter: 'single_variation', variations: '9' },
        filters,
      }),
    ).toEqual({ variations: '9' });
    expect(
      getFilterQuery({ endpoint: 'orders', query: { filter: 'single_product' }, filters }),
    ).toEqual({});
  });

  it('advanced: match defaults to all, rule params are sent, dates stamped at start/end of day', () => {
    expect(
      getFilterQuery({
        endpoint: 'customers',
        query: {
          filter: 'advanced',
          status_is_not: 'failed',
          registered_before: '2024-01-31',
          last_active_between: ['2024-01-01', '2024-01-31'],
          orders_count_between: ['1', '5'],
        },
        filters,
        advancedFilters,
      }),
    ).toEqual({
      match: 'all',
      status_is_not: 'failed',
      registered_before: '2024-01-31T23:59:59',
      last_active_between: ['2024-01-01T00:00:00', '2024-01-31T23:59:59'],
      orders_count_between: ['1', '5'],
    });
  });

  it('advanced: match any is kept; an after date is stamped at start of day', () => {
    expect(
      getFilterQuery({
        endpoint: 'customers',
        query: { filter: 'advanced', match: 'any', registered_after: '2024-02-01' },
        filters,
        advancedFilters,
      }),
    ).toEqual({ match: 'any', registered_after: '2024-02-01T00:00:00' });
  });

  it('advanced without active filters sends nothing', () => {
    expect(
      getFilterQuery({
        endpoint: 'customers',
        query: { filter: 'advanced' },
        filters,
        advancedFilters,
      }),
    ).toEqual({});
  });
});

describe('isReportStatsEmpty', () => {
  const interval = {
    interval: '2024-05-01',
    date_start: '',
    date_start_gmt: '',
    date_end: '',
    date_end_gmt: '',
    subtotals: {},
  };
  it('empty when totals are null or missing', () => {
    expect(isReportStatsEmpty(null, 'revenue')).toBe(true);
    expect(isReportStatsEmpty({ totals: null, intervals: [interval] }, 'revenue')).toBe(true);
  });
  it('empty when an interval endpoint has no intervals', () => {
    expect(isReportStatsEmpty({ totals: { net_revenue: 0 }, intervals: [] }, 'revenue')).toBe(true);
    expect(
      isReportStatsEmpty({ totals: { net_revenue: 0 }, intervals: [interval] }, 'revenue'),
    ).toBe(false);
  });
  it('stock and customers only need totals', () => {
    expect(isReportStatsEmpty({ totals: { products: 0 } }, 'stock')).toBe(false);
    expect(isReportStatsEmpty({ totals: { customers_count: 3 } }, 'customers')).toBe(false);
  });
});
