import { Link } from '@storelens/components';
import type { ReportRow } from '@storelens/data';
import { __ } from '@storelens/i18n';
import type { Query } from '@storelens/navigation';
import {
  categoriesLookup,
  categoryTrail,
  linkCell,
  plural,
  stockQuantityCell,
  stockStatusCell,
} from '../page/cells';
import { reportHref } from '../page/links';
import type { RowContext, TableDefinition } from '../page/types';

interface ProductInfo {
  name?: string;
  sku?: string;
  category_ids?: number[];
  variations?: unknown[];
  stock_status?: string;
  stock_quantity?: number | null;
  manage_stock?: boolean;
  low_stock_amount?: number | null;
}

/** A product's categories as breadcrumbs, each linking to its single-category view. */
function CategoryCell({ ids, context }: { ids: readonly number[]; context: RowContext }) {
  const categories = context.lookups.categories;
  if (!categories) return <span className="sl-report__pending">{__('Loading…')}</span>;
  const [first, ...rest] = ids;
  if (first === undefined) return null;
  const link = (id: number) => {
    const trail = categoryTrail(String(id), categories);
    return (
      <>
        {trail.ancestors}
        <Link
          href={reportHref(
            '/analytics/categories',
            { filter: 'single_category', categories: id },
            context.query,
          )}
        >
          {trail.name || String(id)}
        </Link>
      </>
    );
  };
  return (
    <span className="sl-report__item-list">
      {link(first)}
      {rest.length > 0 && (
        <details className="sl-report__more">
          <summary>{`+${rest.length} ${__('more')}`}</summary>
          <ul>
            {rest.map((id) => (
              <li key={id}>{link(id)}</li>
            ))}
          </ul>
        </details>
      )}
    </span>
  );
}

/** One product's cells (PAGES.md §6.3), in header order. */
export function productCells(row: ReportRow, context: RowContext) {
  const info = (row.extended_info ?? {}) as ProductInfo;
  const id = Number(row.product_id);
  const name = info.name ?? '';
  const categoryIds = info.category_ids ?? [];
  const categoryNames = categoryIds
    .map((c) => categoryTrail(String(c), context.lookups.categories).name)
    .filter(Boolean);
  const ordersCount = Number(row.orders_count ?? 0);
  const stock = stockQuantityCell(info);
  const status = stockStatusCell(info, id, context);
  return [
    linkCell(
      name,
      name,
      '/analytics/products',
      { filter: 'single_product', products: id },
      context.query,
    ),
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
      { filter: 'advanced', product_includes: id },
      context.query,
    ),
    {
      display: <CategoryCell ids={categoryIds} context={context} />,
      value: categoryNames.join(', '),
    },
    { display: String(info.variations?.length ?? 0), value: info.variations?.length ?? 0 },
    status,
    stock,
  ];
}

/**
 * The Products table (PAGES.md §6.3): the Products report's, and the Categories report's in
 * its single-category view (where it has no compare and its search keeps that view).
 */
export function productsTable(
  options: { readonly singleCategory?: boolean } = {},
): TableDefinition {
  return {
    endpoint: 'products',
    title: __('Products'),
    columnsKey: 'products_report_columns',
    headers: [
      {
        key: 'product_name',
        label: __('Product title'),
        isSortable: true,
        required: true,
        isLeftAligned: true,
      },
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
      { key: 'product_cat', label: __('Category') },
      { key: 'variations', label: __('Variations'), isSortable: true },
      { key: 'stock_status', label: __('Status') },
      { key: 'stock', label: __('Stock'), isNumeric: true },
    ],
    defaultOrderby: 'items_sold',
    defaultOrder: 'desc',
    tableQuery: (query: Query) => ({
      extended_info: true,
      ...(typeof query.segmentby === 'string' ? { segmentby: query.segmentby } : {}),
    }),
    rowId: (row) => String(row.product_id),
    ...(options.singleCategory
      ? {}
      : {
          compare: {
            filterParam: 'filter',
            filterValue: 'compare-products',
            idParam: 'products',
            helpText: __('Check at least two products below to compare'),
          },
        }),
    search: {
      autocompleter: { type: 'products' },
      listPath: 'products',
      idParam: 'products',
      placeholder: __('Search by product name or SKU'),
      ...(options.singleCategory ? { baseQuery: { filter: 'single_category' } } : {}),
    },
    toCells: productCells,
    lookups: [categoriesLookup],
    summary: {
      endpoint: 'products',
      // products/stats has no product count: the list's total is the products sold.
      fields: ['items_sold', 'net_revenue', 'orders_count'],
      items: (t, c) => {
        const n = (key: string) => Number(t[key] ?? 0);
        return [
          {
            label: plural(c.totalRows, __('Product'), __('Products')),
            value: c.formatNumber(c.totalRows),
          },
          {
            label: plural(n('items_sold'), __('Item sold'), __('Items sold')),
            value: c.formatNumber(n('items_sold')),
          },
          { label: __('Net sales'), value: c.formatAmount(n('net_revenue')) },
          {
            label: plural(n('orders_count'), __('Order'), __('Orders')),
            value: c.formatNumber(n('orders_count')),
          },
        ];
      },
    },
  };
}
