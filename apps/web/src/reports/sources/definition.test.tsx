import { getFilterQuery } from '@storelens/data';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customersAdvancedFilters } from '../customers/definition';
import { ordersAdvancedFilters, ordersReport } from '../orders/definition';
import { testContext } from '../page/test-context';
import {
  groupbyOf,
  sourceCells,
  sourceParams,
  sourcesChartMode,
  sourcesReport,
  valueList,
} from './definition';
import { SOURCE_DIMENSIONS, sourceValuesAutocompleter } from './source-filters';

const row = {
  value: 'google',
  label: 'google',
  groupby: 'utm_source',
  orders_count: 12,
  net_revenue: 345.5,
  new_customers: 4,
  avg_order_value: 28.79,
  orders_share: 12.5,
  first_customers: 8,
  repeat_customers: 3,
  repeat_rate: 0.375,
  payment_fees: 9.9,
  gross_profit: null,
  net_profit: null,
};

describe('Sources definition', () => {
  it('maps a value to its cells, the label leading one level down', () => {
    const table = sourcesReport.table({ groupby: 'utm_source' }, {});
    const cells = sourceCells(row, testContext({ period: 'last_year', groupby: 'utm_source' }));
    expect(cells).toHaveLength(table.headers.length);
    expect(cells.map((c) => c.value)).toEqual([
      'google',
      12,
      12.5,
      345.5,
      4,
      28.79,
      8,
      0.375,
      9.9,
      null,
      null,
    ]);
    expect(cells[2]?.display).toBe('12.5%');
    render(<div>{cells[7]?.display}</div>);
    expect(screen.getByTitle('3 of 8 first customers have ordered again').textContent).toBe(
      '37.5%',
    );
    expect(cells[3]?.display).toBe('$345.50');
    render(<div>{cells[0]?.display}</div>);
    const drill = screen.getByRole('link', { name: 'google' }).getAttribute('href') ?? '';
    expect(drill).toContain('path=/analytics/sources');
    expect(drill).toContain('groupby=utm_medium');
    expect(drill).toContain('utm_source_is=google');
    expect(drill).toContain('period=last_year');
  });

  it('links a value’s orders to the Orders report filtered by it', () => {
    const cells = sourceCells(
      { ...row, groupby: 'payment_method', value: 'stripe', label: 'Card' },
      testContext(),
    );
    expect(cells[0]?.display).toBe('Card');
    render(<div>{cells[1]?.display}</div>);
    const href = screen.getByRole('link', { name: '12' }).getAttribute('href') ?? '';
    expect(href).toContain('path=/analytics/orders');
    expect(href).toContain('payment_method_is=stripe');
    const narrowed = sourceCells(
      { ...row, groupby: 'utm_medium', value: 'cpc', label: 'cpc' },
      testContext({ utm_source_is: 'google' }),
    );
    render(<div>{narrowed[1]?.display}</div>);
    const both = screen.getAllByRole('link', { name: '12' })[1]?.getAttribute('href') ?? '';
    expect(both).toContain('utm_medium_is=cpc');
    expect(both).toContain('utm_source_is=google');
  });

  it('groups by source type unless the URL names a known dimension', () => {
    expect(groupbyOf({})).toBe('source_type');
    expect(groupbyOf({ groupby: 'nope' })).toBe('source_type');
    expect(groupbyOf({ groupby: 'created_via' })).toBe('created_via');
    expect(sourcesReport.table({ groupby: 'device_type' }, {}).title).toBe(
      'Sources by device type',
    );
    expect(sourcesReport.table({}, {}).tableQuery?.({ groupby: 'origin' })).toEqual({
      groupby: 'origin',
    });
  });

  it('keeps a drill-down’s filters on every request and compares checked values', () => {
    const query = { utm_source_is: 'google', utm_medium_is: 'cpc', unrelated: 'x' };
    expect(sourceParams(query)).toEqual({ utm_source_is: 'google', utm_medium_is: 'cpc' });
    expect(sourcesChartMode({ filter: 'compare-sources', sources: 'google' }).mode).toBe(
      'time-comparison',
    );
    const mode = sourcesChartMode({
      filter: 'compare-sources',
      sources: 'google,facebook.com',
      groupby: 'utm_source',
    });
    expect(mode).toMatchObject({
      mode: 'item-comparison',
      segmentby: 'utm_source',
      selectedIds: ['1', '2'],
    });
    expect(valueList('a,,b')).toEqual(['a', 'b']);
    expect(
      sourcesReport.statsQuery?.(
        { filter: 'compare-sources', sources: 'a,b', utm_source_is: 'x' },
        {},
      ),
    ).toEqual({ utm_source_is: 'x', values: ['a', 'b'] });
  });

  it('offers every dimension as an is / is not filter on Orders and Customers', () => {
    const orders = ordersAdvancedFilters({});
    for (const { key } of SOURCE_DIMENSIONS) {
      expect(orders.filters[key]?.rules?.map((r) => r.value)).toEqual(['is', 'is_not']);
      expect(customersAdvancedFilters.filters[key]?.labels.add).toMatch(/^First order’s /);
    }
    const query = {
      filter: 'advanced',
      match: 'any',
      utm_source_is: 'google,instagram',
      device_type_is_not: 'mobile',
    };
    expect(
      getFilterQuery({
        endpoint: 'orders',
        query,
        filters: ordersReport.filters?.({}, {}) ?? [],
        advancedFilters: orders,
      }),
    ).toEqual({ match: 'any', utm_source_is: 'google,instagram', device_type_is_not: 'mobile' });
  });

  it('searches a dimension’s values on the server, and labels chosen ones', async () => {
    const asked: string[] = [];
    const apiFetch = async (path: string) => {
      asked.push(path);
      return [{ value: 'google', label: 'google', orders_count: 3 }];
    };
    const completer = sourceValuesAutocompleter('utm_source');
    const found = await completer.search('goo', { apiFetch });
    expect(found.map((o) => o.key)).toEqual(['google']);
    expect(asked[0]).toContain('/wc-analytics/reports/sources/values?dimension=utm_source');
    expect(asked[0]).toContain('search=goo');
    const labels = await completer.getLabels(['google', 'gone'], { apiFetch });
    expect(labels.map((o) => o.label)).toEqual(['google', 'gone']);
    expect(asked[1]).toContain('include=google%2Cgone');
  });
});
