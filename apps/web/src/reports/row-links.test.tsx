import { parseQuery } from '@storelens/navigation';
import { render } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customerCells } from './customers/definition';
import { downloadCells } from './downloads/definition';
import { orderCells } from './orders/definition';
import { customerLink, orderLink } from './page/links';
import { testContext } from './page/test-context';
import { productCells, productsTable } from './products/table';
import { revenueCells } from './revenue/definition';
import { stockCells } from './stock/definition';
import { variationCells, variationsTable } from './variations/table';

const SHOP = 'https://shop.example/';

/** The in-app route and query of an `admin.php?page=wc-admin&path=…` href. */
function target(href: string | null | undefined) {
  const query = parseQuery((href ?? '').split('?')[1] ?? '');
  const { path, page, ...rest } = query;
  return { path, page, query: rest };
}

/** Renders a cell's display and returns its only link. */
function linkOf(display: unknown): HTMLAnchorElement {
  const { container, unmount } = render(<div>{display as never}</div>);
  const links = container.querySelectorAll('a');
  expect(links).toHaveLength(1);
  const link = links[0]!.cloneNode(true) as HTMLAnchorElement;
  unmount();
  return link;
}

const order = {
  order_id: 2632,
  parent_id: 0,
  order_number: '2632',
  customer_id: 41,
  date: '2025-12-31 14:41:28',
  status: 'completed',
  customer_type: 'new',
  num_items_sold: 1,
  net_total: 10,
  extended_info: { customer: { first_name: 'Ada', last_name: 'Lovelace' } },
};

describe('row links', () => {
  it('an order number opens the Orders report on the order’s day, keeping the comparison', () => {
    const cells = orderCells(order, testContext({ period: 'year', compare: 'previous_year' }));
    const link = linkOf(cells[1]?.display);
    expect(link.textContent).toBe('2632');
    expect(target(link.getAttribute('href'))).toEqual({
      page: 'wc-admin',
      path: '/analytics/orders',
      query: {
        period: 'custom',
        compare: 'previous_year',
        after: '2025-12-31',
        before: '2025-12-31',
      },
    });
  });

  it('with a connected shop, an order number opens the order in the shop (a refund, its parent)', () => {
    const ctx = testContext({}, {}, SHOP);
    const link = linkOf(orderCells(order, ctx)[1]?.display);
    expect(link.getAttribute('href')).toBe(
      'https://shop.example/wp-admin/post.php?post=2632&action=edit',
    );
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const refund = orderCells({ ...order, order_id: 2700, parent_id: 2632 }, ctx);
    expect(linkOf(refund[1]?.display).getAttribute('href')).toBe(
      'https://shop.example/wp-admin/post.php?post=2632&action=edit#order_refunds',
    );
  });

  it('a customer’s name opens the Customers report narrowed to that customer; guests have none', () => {
    const cells = orderCells(order, testContext({ period: 'year' }));
    const link = linkOf(cells[3]?.display);
    expect(link.textContent).toBe('Ada Lovelace');
    expect(target(link.getAttribute('href'))).toEqual({
      page: 'wc-admin',
      path: '/customers',
      query: { filter: 'single_customer', customers: '41' },
    });
    const guest = orderCells({ ...order, customer_id: 0 }, testContext());
    expect(guest[3]?.display).toBe('Ada Lovelace');
    const named = customerCells({ id: 41, name: 'Ada Lovelace' }, testContext());
    expect(target(linkOf(named[0]?.display).getAttribute('href')).query).toEqual({
      filter: 'single_customer',
      customers: '41',
    });
  });

  it('a download’s order number narrows Downloads to that order without a shop', () => {
    const row = {
      date: '2025-12-31 22:53:22',
      product_id: 9,
      order_id: 2632,
      order_number: '2632',
    };
    const cells = downloadCells(row, testContext({ period: 'quarter' }));
    expect(target(linkOf(cells[3]?.display).getAttribute('href'))).toEqual({
      page: 'wc-admin',
      path: '/analytics/downloads',
      query: { period: 'quarter', filter: 'advanced', order_includes: '2632' },
    });
    const shop = downloadCells(row, testContext({}, {}, SHOP));
    expect(linkOf(shop[3]?.display).getAttribute('href')).toBe(
      'https://shop.example/wp-admin/post.php?post=2632&action=edit',
    );
  });

  it('a Revenue day’s order count opens the Orders report of that day', () => {
    const cells = revenueCells(
      { date_start: '2025-03-04 00:00:00', subtotals: { orders_count: 3 } },
      testContext({ period: 'month' }),
    );
    const link = linkOf(cells[1]?.display);
    expect(link.textContent).toBe('3');
    expect(target(link.getAttribute('href')).query).toEqual({
      period: 'custom',
      after: '2025-03-04',
      before: '2025-03-04',
    });
    const empty = revenueCells(
      { date_start: '2025-03-05 00:00:00', subtotals: { orders_count: 0 } },
      testContext(),
    );
    expect(empty[1]?.display).toBe('0');
  });

  it('"Low stock" links to the Stock report’s low list, or to the product in the shop', () => {
    const info = {
      name: 'Shirt',
      stock_status: 'instock',
      stock_quantity: 1,
      manage_stock: true,
      low_stock_amount: 2,
    };
    // The Status column by its key: the profit columns stand before it.
    const at = (headers: readonly { key: string }[]) =>
      headers.findIndex((h) => h.key === 'stock_status');
    const productStatus = at(productsTable().headers);
    const variationStatus = at(variationsTable().headers);
    const status = (ctx: ReturnType<typeof testContext>) =>
      productCells({ product_id: 7, extended_info: info }, ctx)[productStatus]?.display;
    expect(target(linkOf(status(testContext())).getAttribute('href'))).toEqual({
      page: 'wc-admin',
      path: '/analytics/stock',
      query: { type: 'lowstock' },
    });
    expect(linkOf(status(testContext({}, {}, SHOP))).getAttribute('href')).toBe(
      'https://shop.example/wp-admin/post.php?post=7&action=edit',
    );
    const variation = variationCells(
      { product_id: 7, variation_id: 8, extended_info: info },
      testContext({}, {}, SHOP),
    );
    expect(linkOf(variation[variationStatus]?.display).getAttribute('href')).toContain('post=7&');
    // Not low: plain text.
    const fine = productCells(
      { product_id: 7, extended_info: { ...info, stock_quantity: 9 } },
      testContext(),
    );
    expect(fine[productStatus]?.display).toBe('In stock');
    // Stock: the status goes to the parent product in the shop.
    const stock = stockCells(
      { id: 11, parent_id: 10, name: 'Hoodie - S', stock_status: 'outofstock' },
      testContext({}, {}, SHOP),
    );
    expect(linkOf(stock[2]?.display).getAttribute('href')).toContain('post=10&');
  });

  it('never builds a link from an id that is not a positive integer, nor to a non-web shop', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ max: 0 }), fc.double()), (id) => {
        if (Number.isInteger(id) && id > 0) return;
        expect(customerLink(id)).toBeNull();
        expect(orderLink({ id, date: '2025-01-01' }, { query: {} })).toBeNull();
      }),
    );
    expect(
      orderLink({ id: 5, date: '2025-01-01' }, { query: {}, shopUrl: 'javascript:alert(1)' }),
    ).toEqual({ href: expect.stringContaining('path=/analytics/orders'), external: false });
  });
});
