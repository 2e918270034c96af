import type { ReportRow } from '@storelens/data';
import { __ } from '@storelens/i18n';
import { linkCell, plural, stockQuantityCell, stockStatusCell } from '../page/cells';
import type { RowContext, TableDefinition } from '../page/types';

interface VariationInfo {
  name?: string;
  sku?: string;
  attributes?: { name: string; option: string }[];
  stock_status?: string;
  stock_quantity?: number | null;
  manage_stock?: boolean;
  low_stock_amount?: number | null;
}

/**
 * One variation's cells (PAGES.md §7.3). Storelens has no product edit page, so the name links
 * to the parent's single-product view in Analytics; a deleted variation shows "(Deleted)".
 */
export function variationCells(row: ReportRow, context: RowContext) {
  const info = (row.extended_info ?? {}) as VariationInfo;
  const productId = Number(row.product_id);
  const variationId = Number(row.variation_id);
  const name = info.name ? info.name : `${__('Variation')} #${variationId} ${__('(Deleted)')}`;
  const ordersCount = Number(row.orders_count ?? 0);
  const status = stockStatusCell(info, productId, context);
  return [
    info.name
      ? linkCell(
          name,
          name,
          '/analytics/products',
          { filter: 'single_product', products: productId },
          context.query,
        )
      : { display: name, value: name },
    { display: info.sku ?? '', value: info.sku ?? '' },
    {
      display: context.formatNumber(Number(row.items_sold ?? 0)),
      value: Number(row.items_sold ?? 0),
    },
    {
      display: context.formatAmount(Number(row.net_revenue ?? 0)),
      value: Number(row.net_revenue ?? 0),
    },
    linkCell(
      context.formatNumber(ordersCount),
      ordersCount,
      '/analytics/orders',
      { filter: 'advanced', variation_includes: variationId },
      context.query,
    ),
    status,
    stockQuantityCell(info),
  ];
}

/**
 * The Variations table (PAGES.md §7.3). Inside a single variable product it is always limited
 * to that product (`product_includes`, PAGES.md §6.4) and its compare writes the variations
 * picker of the Products page.
 */
export function variationsTable(productId?: string): TableDefinition {
  return {
    endpoint: 'variations',
    title: __('Variations'),
    columnsKey: 'variations_report_columns',
    headers: [
      { key: 'name', label: __('Product / Variation title'), required: true, isLeftAligned: true },
      { key: 'sku', label: __('SKU'), isSortable: true, hiddenByDefault: true },
      {
        key: 'items_sold',
        label: __('Items sold'),
        isSortable: true,
        isNumeric: true,
        required: true,
        defaultSort: true,
      },
      {
        key: 'net_revenue',
        label: __('Net sales'),
        isSortable: true,
        isNumeric: true,
        required: true,
      },
      { key: 'orders_count', label: __('Orders'), isSortable: true, isNumeric: true },
      { key: 'stock_status', label: __('Status') },
      { key: 'stock', label: __('Stock'), isNumeric: true },
    ],
    defaultOrderby: 'items_sold',
    defaultOrder: 'desc',
    // Inside a product the Products filter's `products` param is not the variations report's:
    // the product goes as `product_includes` (the variations endpoint refuses `products`).
    tableQuery: (query) => ({
      extended_info: true,
      ...(productId ? { products: undefined, product_includes: productId } : {}),
      ...(typeof query.variations === 'string' && query.variations !== ''
        ? { variations: query.variations }
        : {}),
    }),
    rowId: (row) => String(row.variation_id),
    compare: {
      filterParam: 'filter-variations',
      filterValue: 'compare-variations',
      idParam: 'variations',
      helpText: __('Check at least two variations below to compare'),
    },
    search: {
      autocompleter: productId ? { type: 'variations', productId } : { type: 'variations' },
      listPath: productId ? `products/${productId}/variations` : 'variations',
      idParam: 'variations',
      placeholder: __('Search by variation name or SKU'),
      ...(productId ? { baseQuery: { filter: 'single_product', products: productId } } : {}),
    },
    toCells: variationCells,
    summary: {
      endpoint: 'variations',
      ...(productId ? { query: () => ({ products: undefined, product_includes: productId }) } : {}),
      fields: ['variations_count', 'items_sold', 'net_revenue', 'orders_count'],
      items: (t, c) => {
        const n = (key: string) => Number(t[key] ?? 0);
        return [
          {
            label: plural(n('variations_count'), __('variation sold'), __('variations sold')),
            value: c.formatNumber(n('variations_count')),
          },
          {
            label: plural(n('items_sold'), __('item sold'), __('items sold')),
            value: c.formatNumber(n('items_sold')),
          },
          { label: __('net sales'), value: c.formatAmount(n('net_revenue')) },
          {
            label: plural(n('orders_count'), __('order'), __('orders')),
            value: c.formatNumber(n('orders_count')),
          },
        ];
      },
    },
  };
}
