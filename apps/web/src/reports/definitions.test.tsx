import { getFilterQuery } from '@storelens/data';
import type { Query } from '@storelens/navigation';
import { render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categoriesReport, categoryCells } from './categories/definition';
import { couponCells, couponsChartMode, couponsReport } from './coupons/definition';
import { customerCells, customersReport } from './customers/definition';
import { downloadCells, downloadsReport } from './downloads/definition';
import { reportRoutes } from './index';
import { ordersReport } from './orders/definition';
import { categoryTrail, isLowStock, stockStatusLabel } from './page/cells';
import { sharedFields, summaryFields } from './page/ReportPage';
import { tableRequest } from './page/requests';
import { testContext } from './page/test-context';
import type { ReportDefinition } from './page/types';
import { productsChartMode, productsReport } from './products/definition';
import { productCells } from './products/table';
import { revenueReport } from './revenue/definition';
import { stockCells, stockReport } from './stock/definition';
import { taxCells, taxCode, taxesChartMode, taxesReport } from './taxes/definition';
import { variationsChartMode, variationsReport } from './variations/definition';
import { variationCells } from './variations/table';

const categories = new Map([
  ['1', { name: 'Clothing', parent: '0' }],
  ['2', { name: 'Tops', parent: '1' }],
  ['3', { name: 'Shirts', parent: '2' }],
  ['4', { name: 'Linen', parent: '3' }],
]);
const ctx = (query: Query = {}) =>
  testContext(query, { categories, products: new Map([['9', { name: 'Cookbook' }]]) });

/** The request a definition's page sends for a URL query. */
function request(definition: ReportDefinition, query: Query) {
  return tableRequest(definition.table(query, {}), query, {
    query,
    filters: definition.filters?.(query, {}) ?? [],
    ...(definition.advancedFilters ? { advancedFilters: definition.advancedFilters({}) } : {}),
  }).args;
}

describe('the report registry', () => {
  it('lists every report once, Customers under both paths', () => {
    expect(reportRoutes.map((r) => r.path)).toEqual([
      '/analytics/products',
      '/analytics/revenue',
      '/analytics/orders',
      '/analytics/variations',
      '/analytics/categories',
      '/analytics/coupons',
      '/analytics/taxes',
      '/analytics/downloads',
      '/analytics/stock',
      '/analytics/cohorts',
      '/analytics/sources',
      '/analytics/profit',
      '/analytics/costs',
      '/customers',
      '/analytics/customers',
    ]);
    const customers = reportRoutes.filter((r) => r.title === 'Customers');
    expect(customers[0]?.component).toBe(customers[1]?.component);
  });
});

describe('row mapping: one cell per header, raw values for CSV', () => {
  const cases: [string, ReportDefinition, Query, () => ReturnType<typeof productCells>][] = [
    [
      'products',
      productsReport,
      {},
      () =>
        productCells(
          {
            product_id: 7,
            items_sold: 3,
            net_revenue: 30,
            orders_count: 2,
            extended_info: {
              name: 'Shirt',
              sku: 'S-1',
              category_ids: [3, 4],
              variations: [1, 2],
              stock_status: 'instock',
              manage_stock: true,
              stock_quantity: 2,
              low_stock_amount: 5,
            },
          },
          ctx(),
        ),
    ],
    [
      'variations',
      variationsReport,
      {},
      () =>
        variationCells(
          {
            product_id: 7,
            variation_id: 8,
            items_sold: 1,
            net_revenue: 10,
            orders_count: 1,
            extended_info: {
              name: 'Shirt - Red',
              sku: 'S-1-R',
              stock_status: 'outofstock',
              manage_stock: true,
              stock_quantity: 0,
            },
          },
          ctx(),
        ),
    ],
    [
      'categories',
      categoriesReport,
      {},
      () =>
        categoryCells(
          { category_id: 4, items_sold: 5, net_revenue: 50, orders_count: 4, products_count: 2 },
          ctx(),
        ),
    ],
    [
      'coupons',
      couponsReport,
      {},
      () =>
        couponCells(
          {
            coupon_id: 5,
            amount: 12,
            orders_count: 3,
            gross_profit: 40.5,
            net_profit: null,
            extended_info: {
              code: 'spring',
              date_created: '2025-03-01T00:00:00',
              date_expires: '',
              discount_type: 'percent',
            },
          },
          ctx(),
        ),
    ],
    [
      'taxes',
      taxesReport,
      {},
      () =>
        taxCells(
          {
            tax_rate_id: 1,
            name: 'State tax',
            tax_rate: 7.25,
            country: 'US',
            state: 'CA',
            priority: 1,
            total_tax: 9,
            order_tax: 8,
            shipping_tax: 1,
            orders_count: 3,
          },
          ctx(),
        ),
    ],
    [
      'downloads',
      downloadsReport,
      {},
      () =>
        downloadCells(
          {
            date: '2025-12-31 22:53:22',
            product_id: 9,
            file_name: 'book.pdf',
            file_path: 'https://files.example/9.pdf',
            order_number: '2632',
            username: 'yuki',
            ip_address: '1.2.3.4',
          },
          ctx(),
        ),
    ],
    [
      'stock',
      stockReport,
      {},
      () =>
        stockCells(
          {
            id: 11,
            parent_id: 10,
            name: 'Hoodie - S',
            sku: 'H-S',
            stock_status: 'instock',
            stock_quantity: 1,
            manage_stock: true,
            low_stock_amount: 2,
          },
          ctx(),
        ),
    ],
    [
      'customers',
      customersReport,
      {},
      () =>
        customerCells(
          {
            id: 3,
            name: '',
            username: '',
            email: 'g@example.com',
            country: 'US',
            orders_count: 2,
            total_spend: 40,
            avg_order_value: 20,
            date_registered: null,
            date_last_active: '2025-05-01T10:00:00',
          },
          ctx(),
        ),
    ],
  ];

  it.each(cases)('%s', (_name, definition, query, cells) => {
    expect(cells()).toHaveLength(definition.table(query, {}).headers.length);
  });

  it('products: name links to its single view, category breadcrumb, Low stock, quantity', () => {
    const cells = cases[0]![3]();
    expect(cells.map((c) => c.value)).toEqual([
      'Shirt',
      'S-1',
      3,
      30,
      2,
      null,
      null,
      null,
      null,
      'Shirts, Linen',
      2,
      'Low stock',
      2,
    ]);
    render(
      <div>
        {cells[0]?.display}
        {cells[4]?.display}
        {cells[9]?.display}
      </div>,
    );
    expect(screen.getByRole('link', { name: 'Shirt' }).getAttribute('href')).toContain(
      'products=7',
    );
    expect(screen.getByRole('link', { name: '2' }).getAttribute('href')).toContain(
      'product_includes=7',
    );
    expect(screen.getByRole('link', { name: 'Shirts' }).getAttribute('href')).toContain(
      'categories=3',
    );
    expect(screen.getByText('+1 more')).toBeInTheDocument();
  });

  it('variations, coupons, taxes, downloads, stock, customers: their values', () => {
    expect(cases[1]![3]().map((c) => c.value)).toEqual([
      'Shirt - Red',
      'S-1-R',
      1,
      10,
      1,
      null,
      null,
      null,
      'Out of stock',
      0,
    ]);
    expect(cases[3]![3]().map((c) => c.value)).toEqual([
      'spring',
      3,
      12,
      40.5,
      null,
      'Mar 1, 2025',
      'N/A',
      'Percentage',
    ]);
    expect(cases[4]![3]().map((c) => c.value)).toEqual(['US-CA-STATE TAX-1', 7.25, 9, 8, 1, 3]);
    expect(cases[4]![3]()[1]?.display).toBe('7.25%');
    expect(cases[5]![3]().map((c) => c.value)).toEqual([
      '2025-12-31',
      'Cookbook',
      'book.pdf',
      '2632',
      'yuki',
      '1.2.3.4',
    ]);
    expect(cases[6]![3]().map((c) => c.value)).toEqual(['Hoodie - S', 'H-S', 'Low stock', 1]);
    const customer = cases[7]![3]();
    expect(customer[0]?.value).toBe('Guest');
    expect(customer[2]?.display).toBe('May 1, 2025');
    expect(customer[3]?.display).toBe('—');
  });

  it('stock rows link to the parent product, a deleted coupon has no link', () => {
    render(<div>{cases[6]![3]()[0]?.display}</div>);
    expect(screen.getByRole('link').getAttribute('href')).toContain('products=10');
    const deleted = couponCells(
      { coupon_id: 0, orders_count: 1, amount: 1, extended_info: { code: 'gone' } },
      ctx(),
    );
    expect(deleted[0]?.display).toBe('gone');
  });
});

describe('stock helpers', () => {
  it('is low only when in stock, managed and at or under its low-stock amount', () => {
    const base = {
      stock_status: 'instock',
      manage_stock: true,
      stock_quantity: 3,
      low_stock_amount: 3,
    };
    expect(isLowStock(base)).toBe(true);
    expect(isLowStock({ ...base, stock_quantity: 4 })).toBe(false);
    expect(isLowStock({ ...base, manage_stock: false })).toBe(false);
    expect(isLowStock({ ...base, stock_status: 'outofstock' })).toBe(false);
    expect(isLowStock({ ...base, low_stock_amount: null })).toBe(false);
    expect(stockStatusLabel({ manage_stock: false, stock_status: 'instock' }, true)).toBe('N/A');
  });

  it('builds category breadcrumbs of any depth', () => {
    expect(categoryTrail('1', categories)).toEqual({ ancestors: '', name: 'Clothing' });
    expect(categoryTrail('2', categories)).toEqual({ ancestors: 'Clothing › ', name: 'Tops' });
    expect(categoryTrail('3', categories)).toEqual({
      ancestors: 'Clothing › Tops › ',
      name: 'Shirts',
    });
    expect(categoryTrail('4', categories)).toEqual({
      ancestors: 'Clothing … Shirts › ',
      name: 'Linen',
    });
  });

  it('builds tax codes upper-cased without empty parts', () => {
    expect(taxCode({ country: 'DE', state: '', name: 'MwSt', priority: 1 })).toBe('DE-MWST-1');
    expect(taxCode({ country: 'US', state: 'NY', name: '', priority: 2 })).toBe('US-NY-TAX-2');
  });
});

describe('filters in the URL become the right request', () => {
  it('single product, comparisons and single category send their ids', () => {
    expect(request(productsReport, { filter: 'single_product', products: '7' }).products).toBe('7');
    expect(request(productsReport, { filter: 'compare-products', products: '7,8' }).products).toBe(
      '7,8',
    );
    const single = request(categoriesReport, { filter: 'single_category', categories: '4' });
    expect(single.categories).toBe('4');
    expect(
      categoriesReport.table({ filter: 'single_category', categories: '4' }, {}).endpoint,
    ).toBe('products');
    expect(request(couponsReport, { filter: 'compare-coupons', coupons: '1,2' }).coupons).toBe(
      '1,2',
    );
    expect(request(taxesReport, { filter: 'compare-taxes', taxes: '3,4' }).taxes).toBe('3,4');
  });

  it('a variable product always limits its variations table to itself', () => {
    const query = { filter: 'single_product', products: '7' };
    const table = productsReport.table(query, { productType: 'variable' });
    expect(table.endpoint).toBe('variations');
    expect(table.tableQuery?.(query).product_includes).toBe('7');
    expect(productsReport.table(query, { productType: 'simple' }).endpoint).toBe('products');
    expect(
      productsReport.filters?.(query, { productType: 'variable' }).map((f) => f.param),
    ).toEqual(['filter', 'filter-variations']);
  });

  it('advanced filters of variations, downloads and customers use <key>_<rule> params', () => {
    const vq = {
      'filter-variations': 'advanced',
      category_includes: '2',
      attribute_is: [['1', '5']],
    };
    expect(request(variationsReport, vq)).toMatchObject({ match: 'all', category_includes: '2' });
    const dq = { filter: 'advanced', match: 'any', ip_address_includes: '1.2.3.4' };
    expect(request(downloadsReport, dq)).toMatchObject({
      match: 'any',
      ip_address_includes: '1.2.3.4',
    });
    const cq = {
      filter: 'advanced',
      orders_count_between: ['2', '5'],
      registered_after: '2025-01-01',
      total_spend_min: '100',
    };
    expect(request(customersReport, cq)).toMatchObject({
      orders_count_between: ['2', '5'],
      registered_after: '2025-01-01T00:00:00',
      total_spend_min: '100',
    });
  });

  it('customers and stock send no dates; stock sends its type', () => {
    const customers = request(customersReport, { period: 'last_year' });
    expect(customers.after).toBeUndefined();
    const stock = request(stockReport, { type: 'lowstock' });
    expect(stock).toMatchObject({ type: 'lowstock', orderby: 'stock_status', order: 'asc' });
    expect(stock.after).toBeUndefined();
  });

  it('a search in the URL limits the request to the matched ids only', () => {
    const query = { search: 'shirt', filter: 'compare-products', products: '7,8' };
    expect(
      getFilterQuery({
        endpoint: 'products',
        query,
        filters: productsReport.filters?.(query, {}) ?? [],
      }),
    ).toEqual({
      products: '7,8',
    });
  });

  it('chart modes follow the comparison rules of each report', () => {
    expect(productsChartMode({ filter: 'compare-products', products: '1' }, {}).mode).toBe(
      'time-comparison',
    );
    expect(productsChartMode({ filter: 'compare-products', products: '1,2' }, {})).toMatchObject({
      mode: 'item-comparison',
      segmentby: 'product',
    });
    expect(
      productsChartMode({ filter: 'single_product', products: '1' }, { productType: 'variable' }),
    ).toMatchObject({
      segmentby: 'variation',
    });
    expect(
      variationsChartMode({ 'filter-variations': 'compare-variations', variations: '1,2' }).mode,
    ).toBe('item-comparison');
    expect(couponsChartMode({ filter: 'single_coupon', coupons: '1' }).mode).toBe(
      'time-comparison',
    );
    expect(taxesChartMode({ filter: 'compare-taxes', taxes: '1' })).toMatchObject({
      segmentby: 'tax_rate_id',
    });
  });

  it('never sends a sort the table does not offer, whatever orderby the URL holds', () => {
    for (const definition of [productsReport, couponsReport, customersReport, stockReport]) {
      const table = definition.table({}, {});
      const sortable = table.headers.filter((h) => h.isSortable).map((h) => h.key);
      fc.assert(
        fc.property(fc.string(), fc.string(), (orderby, order) => {
          const args = request(definition, { orderby, order });
          expect(sortable).toContain(args.orderby);
          expect(['asc', 'desc']).toContain(args.order);
        }),
        { numRuns: 50 },
      );
    }
  });
});

describe('one stats request where the chart and the summary line read the same endpoint', () => {
  it('asks both for the union of their fields, else each for its own', () => {
    expect(sharedFields(revenueReport, revenueReport.table({}, {}).summary)).toEqual([
      'gross_sales',
      'refunds',
      'coupons',
      'net_revenue',
      'taxes',
      'shipping',
      'total_sales',
      'cost_of_goods',
      'payment_fees',
      'gross_profit',
      'gross_margin',
      'net_profit',
      'orders_count',
      'cost_coverage',
    ]);
    expect(sharedFields(categoriesReport, categoriesReport.table({}, {}).summary)).toEqual([
      'items_sold',
      'net_revenue',
      'orders_count',
      'gross_profit',
    ]);
    expect(sharedFields(stockReport, stockReport.table({}, {}).summary)).toContain('lowstock');
    expect(sharedFields(ordersReport, ordersReport.table({}, {}).summary)).toContain(
      'total_customers',
    );
  });

  it('a variable product’s summary asks variations/stats for variations_count', () => {
    const query = { filter: 'single_product', products: '12' };
    const table = productsReport.table(query, { productType: 'variable' });
    expect(table.summary.endpoint).toBe('variations');
    expect(summaryFields(productsReport, table)).toEqual([
      'variations_count',
      'items_sold',
      'net_revenue',
      'orders_count',
    ]);
    // The Products page's own summary still shares the chart's request.
    const products = productsReport.table({}, {});
    expect(summaryFields(productsReport, products)).toEqual(
      sharedFields(productsReport, products.summary),
    );
  });
});
