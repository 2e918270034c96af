import fc from 'fast-check';
import {
  findFilterChain,
  getInitialNav,
  getPickerQuery,
  getSelectedValue,
  getVisibleFilters,
} from './picker';
import type { ReportFilter, ReportFilterConfig } from './types';

const filters: ReportFilter[] = [
  { value: 'all', label: 'All products' },
  {
    value: 'select_category',
    label: 'Single category',
    subFilters: [
      { value: 'single_category', label: 'Pick one' },
      {
        value: 'deeper',
        label: 'Deeper',
        subFilters: [{ value: 'deepest', label: 'Deepest' }],
      },
    ],
  },
  { value: 'compare-products', label: 'Comparison' },
  { value: 'pinned', label: 'Pinned', path: ['select_category'] },
];

const config: ReportFilterConfig = {
  label: 'Show',
  param: 'filter',
  staticParams: ['chartType'],
  filters,
};

describe('getSelectedValue', () => {
  it('reads the param, else the default, else all', () => {
    expect(getSelectedValue(config, { filter: 'pinned' })).toBe('pinned');
    expect(getSelectedValue(config, {})).toBe('all');
    expect(getSelectedValue(config, { filter: '' })).toBe('all');
    expect(getSelectedValue({ ...config, defaultValue: 'none' }, {})).toBe('none');
  });
});

describe('findFilterChain and getInitialNav', () => {
  it('find the filters above a nested filter', () => {
    expect(findFilterChain(filters, 'deepest')?.map((filter) => filter.value)).toEqual([
      'select_category',
      'deeper',
      'deepest',
    ]);
    expect(getInitialNav(filters, 'deepest')).toEqual(['select_category', 'deeper']);
  });

  it('open at the top for top-level and unknown values', () => {
    expect(getInitialNav(filters, 'all')).toEqual([]);
    expect(getInitialNav(filters, 'nope')).toEqual([]);
    expect(findFilterChain(filters, 'nope')).toBeUndefined();
  });

  it('prefer a filter’s own path', () => {
    expect(getInitialNav(filters, 'pinned')).toEqual(['select_category']);
  });
});

describe('getVisibleFilters', () => {
  it('descends one level per nav value', () => {
    expect(getVisibleFilters(filters, []).map((filter) => filter.value)).toEqual([
      'all',
      'select_category',
      'compare-products',
      'pinned',
    ]);
    expect(getVisibleFilters(filters, ['select_category', 'deeper'])).toEqual([
      { value: 'deepest', label: 'Deepest' },
    ]);
  });

  it('falls back to the top for a nav that leads nowhere', () => {
    expect(getVisibleFilters(filters, ['all'])).toBe(filters);
    expect(getVisibleFilters(filters, ['missing'])).toBe(filters);
  });
});

describe('getPickerQuery', () => {
  const query = {
    period: 'month',
    compare: 'previous_year',
    chartType: 'bar',
    filter: 'compare-products',
    products: '1,2',
    status_is: 'completed',
    page: '2',
  };

  it('keeps persisted and static params, drops the rest, sets the param', () => {
    expect(getPickerQuery(config, query, 'single_category')).toEqual({
      period: 'month',
      compare: 'previous_year',
      chartType: 'bar',
      filter: 'single_category',
    });
  });

  it('clears the param for the default value', () => {
    expect(getPickerQuery(config, query, 'all')).toEqual({
      period: 'month',
      compare: 'previous_year',
      chartType: 'bar',
    });
    expect(getPickerQuery({ ...config, defaultValue: 'x' }, query, 'x')).not.toHaveProperty(
      'filter',
    );
  });

  it('adds extra params (a search filter’s chosen id)', () => {
    expect(getPickerQuery(config, {}, 'single_product', { products: '11' })).toEqual({
      filter: 'single_product',
      products: '11',
    });
  });

  it('never keeps a param outside the persisted and static ones', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.string()), fc.string(), (anyQuery, value) => {
        const allowed = new Set([
          'period',
          'compare',
          'before',
          'after',
          'interval',
          'type',
          'chartType',
          'filter',
        ]);
        for (const key of Object.keys(getPickerQuery(config, anyQuery, value))) {
          expect(allowed.has(key)).toBe(true);
        }
      }),
    );
  });
});
