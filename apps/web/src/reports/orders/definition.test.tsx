import { getFilterQuery } from '@storelens/data';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testContext } from '../page/test-context';
import { orderCells, ordersAdvancedFilters, ordersReport } from './definition';

const row = {
  order_id: 12,
  order_number: '12',
  date: '2025-12-31 14:41:28',
  status: 'completed',
  customer_type: 'returning',
  num_items_sold: 4,
  net_total: 99.5,
  fee_total: 2.38,
  payment_method: 'cod',
  payment_method_title: 'Cash on delivery',
  extended_info: {
    products: [
      { id: 3, name: 'Cap', quantity: 1 },
      { id: 5, name: 'Scarf', quantity: 3 },
    ],
    coupons: [{ id: 9, code: 'spring' }],
    customer: { first_name: 'Ada', last_name: 'Lovelace' },
  },
};

describe('Orders definition', () => {
  it('maps an order to its cells: date, number, status, customer, products by quantity', () => {
    const table = ordersReport.table({}, {});
    const cells = orderCells(row, testContext({ period: 'last_year' }));
    expect(cells).toHaveLength(table.headers.length);
    expect(cells.map((c) => c.value)).toEqual([
      '2025-12-31',
      '12',
      'completed',
      'Ada Lovelace',
      'returning',
      '3× Scarf, 1× Cap',
      4,
      'spring',
      99.5,
      2.38,
      'Cash on delivery',
      null,
      null,
      null,
      null,
      'Unknown',
    ]);
    expect(cells[0]?.display).toBe('Dec 31, 2025');
    expect(cells[4]?.display).toBe('Returning');
    render(<div>{cells[5]?.display}</div>);
    const link = screen.getByRole('link', { name: '3× Scarf' });
    expect(link.getAttribute('href')).toContain('filter=single_product');
    expect(link.getAttribute('href')).toContain('products=5');
    expect(link.getAttribute('href')).toContain('period=last_year');
    expect(screen.getByText('+1 more')).toBeInTheDocument();
  });

  it('shows the order’s origin, linking to the orders of that origin', () => {
    const cells = orderCells(
      { ...row, attribution: { origin: 'Source: Google', source_type: 'utm' } },
      testContext({ period: 'last_year' }),
    );
    const origin = cells[cells.length - 1];
    expect(origin?.value).toBe('Source: Google');
    render(<div>{origin?.display}</div>);
    const link = screen.getByRole('link', { name: 'Source: Google' });
    expect(link.getAttribute('href')).toContain('filter=advanced');
    expect(link.getAttribute('href')).toContain('origin_is=Source:%20Google');
  });

  it('leaves the customer blank when the order has no name', () => {
    const cells = orderCells({ ...row, extended_info: { customer: {} } }, testContext());
    expect(cells[3]?.value).toBe('');
  });

  it('sends the advanced filters as <key>_<rule> params with match', () => {
    const query = {
      filter: 'advanced',
      match: 'any',
      status_is: 'completed',
      product_includes: '3,5',
      customer_type: 'new',
    };
    expect(
      getFilterQuery({
        endpoint: 'orders',
        query,
        filters: ordersReport.filters?.(query, {}) ?? [],
        advancedFilters: ordersAdvancedFilters({}),
      }),
    ).toEqual({
      match: 'any',
      status_is: 'completed',
      product_includes: '3,5',
      customer_type: 'new',
    });
  });

  it("labels a custom status with the store's label", () => {
    const shipped = { ...row, status: 'shipped' };
    const context = { ...testContext(), customStatuses: [{ value: 'shipped', label: 'Shipped' }] };
    render(<div>{orderCells(shipped, context)[2]?.display}</div>);
    expect(screen.getByText('Shipped')).toBeInTheDocument();
  });

  it('offers every input kind the page needs and the all/any title', () => {
    const config = ordersAdvancedFilters({});
    const kinds = new Set(Object.values(config.filters).map((f) => f.input.component));
    expect(kinds).toEqual(new Set(['SelectControl', 'Search', 'ProductAttribute']));
    expect(config.title).toContain('{{select /}}');
  });

  it("offers the store's custom statuses after WooCommerce's own in the status filter", () => {
    const options = (settings: Parameters<typeof ordersAdvancedFilters>[0]) =>
      (
        ordersAdvancedFilters(settings).filters.status!.input as unknown as {
          options: { value: string }[];
        }
      ).options;
    expect(options({}).map((o) => o.value)).toEqual([
      'pending',
      'processing',
      'on-hold',
      'completed',
      'cancelled',
      'refunded',
      'failed',
    ]);
    const custom = { customStatuses: [{ value: 'shipped', label: 'Shipped' }] };
    expect(options(custom).at(-1)).toEqual({ value: 'shipped', label: 'Shipped' });
    expect(options(custom)).toHaveLength(8);
  });

  it('counts the summary in the number each count asks for: 1 Order, 2 Customers', () => {
    const table = ordersReport.table({}, {});
    const items = table.summary.items(
      { orders_count: 1, total_customers: 2, products: 1, num_items_sold: 1200 },
      { ...testContext(), totalRows: 1 },
    );
    expect(items.slice(0, 4)).toEqual([
      { label: 'Order', value: '1' },
      { label: 'Customers', value: '2' },
      { label: 'Product', value: '1' },
      { label: 'Items sold', value: '1,200' },
    ]);
  });

  it('shows all orders or the advanced filters, keeping the chart type and paging', () => {
    expect(ordersReport.filters?.({}, {})).toEqual([
      {
        label: 'Show',
        param: 'filter',
        staticParams: ['chartType', 'paged', 'per_page'],
        filters: [
          { value: 'all', label: 'All orders' },
          { value: 'advanced', label: 'Advanced filters' },
        ],
      },
    ]);
  });
});
