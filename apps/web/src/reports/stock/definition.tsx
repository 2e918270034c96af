import type { BootSettings } from '@storelens/api';
import type { ReportRow } from '@storelens/data';
import { __, sprintf } from '@storelens/i18n';
import type { ReactNode } from 'react';
import { countItem, hrefCell, linkCell, stockQuantityCell, stockStatusLabel } from '../page/cells';
import { shopProductHref } from '../page/links';
import type { ReportDefinition, RowContext } from '../page/types';

/**
 * One product or variation's stock cells. The name goes to the parent's
 * single-product view; the status shows "Low stock" as intended and, with a
 * connected shop, links to the product's edit page there (Storelens has no product editor).
 */
export function stockCells(row: ReportRow, context: RowContext) {
  const id = Number(row.id);
  const parent = Number(row.parent_id ?? 0);
  const name = String(row.name ?? '');
  const status = stockStatusLabel(row);
  const shop = shopProductHref(parent > 0 ? parent : id, context.shopUrl);
  return [
    linkCell(
      name,
      name,
      '/analytics/products',
      { filter: 'single_product', products: parent > 0 ? parent : id },
      context.query,
    ),
    { display: String(row.sku ?? ''), value: String(row.sku ?? '') },
    hrefCell(status, status, shop ? { href: shop, external: true } : null),
    stockQuantityCell(row),
  ];
}

/**
 * The notice of a shop connected with a read-only key: stock changes go to the shop first, and
 * this key cannot make them, so the quantities are shown but not editable.
 */
export function stockNotice(settings: BootSettings): ReactNode {
  const shop = settings.connectedShop;
  if (shop?.canWrite !== false) return null;
  return (
    <div role="status" className="sl-notice sl-notice--info sl-report__notice">
      <p>
        {sprintf(
          __(
            'Stock cannot be edited here: %s is connected with a read-only API key. Connect it again with a Read/Write key (WooCommerce › Settings › Advanced › REST API) to change stock from Storelens.',
          ),
          shop.name || shop.url,
        )}
      </p>
    </div>
  );
}

/** The Stock report: a point-in-time list with no range, summary or chart. */
export const stockReport: ReportDefinition = {
  id: 'stock',
  title: __('Stock'),
  showDatePicker: false,
  notice: stockNotice,
  filters: () => [
    {
      label: __('Show'),
      param: 'type',
      staticParams: ['paged', 'per_page'],
      filters: [
        { value: 'all', label: __('All products') },
        { value: 'outofstock', label: __('Out of stock') },
        { value: 'lowstock', label: __('Low stock') },
        { value: 'instock', label: __('In stock') },
        { value: 'onbackorder', label: __('On backorder') },
      ],
    },
  ],
  table: () => ({
    endpoint: 'stock',
    title: __('Stock'),
    // Stock remembers its columns too (every table does).
    columnsKey: 'stock_report_columns',
    headers: [
      {
        key: 'title',
        label: __('Product / Variation'),
        isSortable: true,
        required: true,
        isLeftAligned: true,
      },
      { key: 'sku', label: __('SKU'), isSortable: true },
      {
        key: 'stock_status',
        label: __('Status'),
        isSortable: true,
        defaultSort: true,
        defaultOrder: 'asc',
      },
      { key: 'stock_quantity', label: __('Stock'), isSortable: true, isNumeric: true },
    ],
    defaultOrderby: 'stock_status',
    defaultOrder: 'asc',
    tableQuery: (query) => ({
      type: typeof query.type === 'string' && query.type !== '' ? query.type : 'all',
    }),
    rowId: (row) => String(row.id),
    stockEdit: true,
    toCells: stockCells,
    summary: {
      fields: ['products', 'outofstock', 'lowstock', 'onbackorder', 'instock'],
      sendFields: false,
      items: (t, c) => {
        const n = (key: string) => Number(t[key] ?? 0);
        return [
          countItem(c, n('products'), __('Product'), __('Products')),
          { label: __('Out of stock'), value: c.formatNumber(n('outofstock')) },
          { label: __('Low stock'), value: c.formatNumber(n('lowstock')) },
          { label: __('On backorder'), value: c.formatNumber(n('onbackorder')) },
          { label: __('In stock'), value: c.formatNumber(n('instock')) },
        ];
      },
    },
  }),
};
