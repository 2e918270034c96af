import { Link } from '@storelens/components';
import type { ProductsListRow, ReportRow } from '@storelens/data';
import { __ } from '@storelens/i18n';
import type { Query } from '@storelens/navigation';
import { categoriesLookup, categoryTrail, linkCell } from '../page/cells';
import {
  cellsOf,
  columns,
  hiddenByDefault,
  type ItemColumn,
  infoOf,
  itemTable,
  salesSummary,
} from '../page/item-table';
import { reportHref } from '../page/links';
import { moneyOrUnknown, profitColumns, profitValue } from '../page/profit';
import type { RowContext, TableDefinition } from '../page/types';

type ProductInfo = ProductsListRow['extended_info'];

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

const productId = (row: ReportRow) => Number(row.product_id);

/** The Products table's columns. */
const productColumns: readonly ItemColumn[] = [
  {
    header: {
      key: 'product_name',
      label: __('Product title'),
      isSortable: true,
      required: true,
      isLeftAligned: true,
    },
    cell: (row, context) => {
      const name = infoOf<ProductInfo>(row).name ?? '';
      return linkCell(
        name,
        name,
        '/analytics/products',
        { filter: 'single_product', products: productId(row) },
        context.query,
      );
    },
  },
  columns.sku,
  columns.itemsSold,
  columns.netSales(true),
  columns.orders({ param: 'product_includes', id: productId }),
  ...profitColumns,
  {
    // The unit cost in force today (the shop's or one entered in Storelens); editable there.
    header: { key: 'unit_cost', label: __('Unit cost'), isNumeric: true },
    cell: (row, context) => {
      const cost = profitValue(infoOf<ProductInfo>(row).cost);
      return { display: moneyOrUnknown(cost, context), value: cost };
    },
  },
  {
    header: { key: 'product_cat', label: __('Category') },
    cell: (row, context) => {
      const ids = infoOf<ProductInfo>(row).category_ids ?? [];
      const names = ids
        .map((c) => categoryTrail(String(c), context.lookups.categories).name)
        .filter(Boolean);
      return { display: <CategoryCell ids={ids} context={context} />, value: names.join(', ') };
    },
  },
  {
    // In the column picker with the stock columns (each product's view lists its variations).
    header: { key: 'variations', label: __('Variations'), isSortable: true, hiddenByDefault: true },
    cell: (row) => {
      const n = infoOf<ProductInfo>(row).variations?.length ?? 0;
      return { display: String(n), value: n };
    },
  },
  // Stock has its own report: its columns here wait in the column picker, so the profit
  // columns fit beside the sales at 1400 px.
  hiddenByDefault(columns.stockStatus(productId)),
  hiddenByDefault(columns.stock),
];

/** One product's cells, in header order. */
export const productCells = cellsOf(productColumns);

/**
 * The Products table: the Products report's, and the Categories report's in
 * its single-category view (where it has no compare and its search keeps that view).
 */
export function productsTable(
  options: { readonly singleCategory?: boolean } = {},
): TableDefinition {
  return itemTable({
    endpoint: 'products',
    title: __('Products'),
    columnsKey: 'products_report_columns',
    columns: productColumns,
    idField: 'product_id',
    tableQuery: (query: Query) => ({
      extended_info: true,
      ...(typeof query.segmentby === 'string' ? { segmentby: query.segmentby } : {}),
    }),
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
    lookups: [categoriesLookup],
    costEdit: true,
    // products/stats has no product count: the list's total is the products sold.
    summary: salesSummary({
      endpoint: 'products',
      items: { singular: __('Product'), plural: __('Products') },
    }),
  });
}
