import type { TableCell, TableHeader } from '@storelens/components';
import type { ProductsListRow, QueryArgs, ReportRow, VariationsListRow } from '@storelens/data';
import { __ } from '@storelens/i18n';
import type { Query } from '@storelens/navigation';
import { countItem, linkCell, stockQuantityCell, stockStatusCell } from './cells';
import type {
  LookupDefinition,
  RowContext,
  TableCompare,
  TableDefinition,
  TableSearch,
  TableSummaryDefinition,
} from './types';

/**
 * The item reports' tables (products, variations, categories): one column is its header and its
 * cell together, so a table's cells are in its header order by construction.
 */
export interface ItemColumn {
  readonly header: TableHeader;
  readonly cell: (row: ReportRow, context: RowContext) => TableCell;
}

/** What a product or variation row's `extended_info` holds (their row schemas). */
export type ItemInfo = ProductsListRow['extended_info'] | VariationsListRow['extended_info'];

/**
 * A row's `extended_info` as its report's row schema types it (`I`: the `extended_info` of
 * that report's row in @storelens/api), or an empty one.
 */
export const infoOf = <I extends object = ItemInfo>(row: ReportRow) =>
  (row.extended_info ?? {}) as I;

const count = (row: ReportRow, key: string) => Number(row[key] ?? 0);

/** A row's cells, one per column in column order. */
export const cellsOf =
  (columns: readonly ItemColumn[]) =>
  (row: ReportRow, context: RowContext): TableCell[] =>
    columns.map((c) => c.cell(row, context));

const skuColumn: ItemColumn = {
  header: { key: 'sku', label: __('SKU'), isSortable: true, hiddenByDefault: true },
  cell: (row) => {
    const sku = infoOf(row).sku ?? '';
    return { display: sku, value: sku };
  },
};

/** Items sold: required, and the default sort of every item table. */
const itemsSoldColumn: ItemColumn = {
  header: {
    key: 'items_sold',
    label: __('Items sold'),
    isSortable: true,
    isNumeric: true,
    required: true,
    defaultSort: true,
  },
  cell: (row, context) => ({
    display: context.formatNumber(count(row, 'items_sold')),
    value: count(row, 'items_sold'),
  }),
};

/** Net sales; the products and variations tables cannot hide it, the categories table can. */
const netSalesColumn = (required: boolean): ItemColumn => ({
  header: {
    key: 'net_revenue',
    label: __('Net sales'),
    isSortable: true,
    isNumeric: true,
    ...(required ? { required: true } : {}),
  },
  cell: (row, context) => ({
    display: context.formatAmount(count(row, 'net_revenue')),
    value: count(row, 'net_revenue'),
  }),
});

/**
 * Orders, linking to the Orders report filtered to the row's item (`<param>=<id>`) when
 * `includes` is given.
 */
const ordersColumn = (includes?: {
  readonly param: string;
  readonly id: (row: ReportRow) => number;
}): ItemColumn => ({
  header: { key: 'orders_count', label: __('Orders'), isSortable: true, isNumeric: true },
  cell: (row, context) => {
    const orders = count(row, 'orders_count');
    if (!includes) return { display: context.formatNumber(orders), value: orders };
    return linkCell(
      context.formatNumber(orders),
      orders,
      '/analytics/orders',
      { filter: 'advanced', [includes.param]: includes.id(row) },
      context.query,
    );
  },
});

/** The stock status; "Low stock" links to the product (`productId`) in the shop. */
const stockStatusColumn = (productId: (row: ReportRow) => number): ItemColumn => ({
  header: { key: 'stock_status', label: __('Status') },
  cell: (row, context) => stockStatusCell(infoOf(row), productId(row), context),
});

const stockColumn: ItemColumn = {
  header: { key: 'stock', label: __('Stock'), isNumeric: true },
  cell: (row) => stockQuantityCell(infoOf(row)),
};

/** The shared columns, by name (`columns.itemsSold`, `columns.orders({ … })`…). */
export const columns = {
  sku: skuColumn,
  itemsSold: itemsSoldColumn,
  netSales: netSalesColumn,
  orders: ordersColumn,
  stockStatus: stockStatusColumn,
  stock: stockColumn,
};

/**
 * A column left to the column picker: the default columns of a wide report fit a 1400 px
 * screen (the e2e test checks each report's table there).
 */
export const hiddenByDefault = (column: ItemColumn): ItemColumn => ({
  ...column,
  header: { ...column.header, hiddenByDefault: true },
});

/**
 * The summary under an item table: how many items (the list's total rows, or a stats field),
 * items sold, net sales and orders. `lowercase` is the variations report's wording.
 */
export function salesSummary(options: {
  readonly endpoint: string;
  readonly items: { readonly singular: string; readonly plural: string; readonly field?: string };
  readonly lowercase?: boolean;
  readonly query?: TableSummaryDefinition['query'];
}): TableSummaryDefinition {
  const { field } = options.items;
  const words = options.lowercase
    ? {
        itemSold: __('item sold'),
        itemsSold: __('items sold'),
        netSales: __('net sales'),
        order: __('order'),
        orders: __('orders'),
      }
    : {
        itemSold: __('Item sold'),
        itemsSold: __('Items sold'),
        netSales: __('Net sales'),
        order: __('Order'),
        orders: __('Orders'),
      };
  return {
    endpoint: options.endpoint,
    ...(options.query ? { query: options.query } : {}),
    fields: [...(field ? [field] : []), 'items_sold', 'net_revenue', 'orders_count'],
    items: (t, c) => {
      const n = (key: string) => Number(t[key] ?? 0);
      const items = field ? n(field) : c.totalRows;
      return [
        countItem(c, items, options.items.singular, options.items.plural),
        countItem(c, n('items_sold'), words.itemSold, words.itemsSold),
        { label: words.netSales, value: c.formatAmount(n('net_revenue')) },
        countItem(c, n('orders_count'), words.order, words.orders),
      ];
    },
  };
}

/**
 * An item table: its columns, the row id field, and what differs between the products,
 * variations and categories tables. Sorted by items sold, most first.
 */
export function itemTable(spec: {
  readonly endpoint: string;
  readonly title: string;
  readonly columnsKey: string;
  readonly columns: readonly ItemColumn[];
  /** The row field holding the item's id (`product_id`…): the compare checkboxes' ids. */
  readonly idField: string;
  readonly tableQuery: (query: Query) => QueryArgs;
  readonly compare?: TableCompare;
  readonly search: TableSearch;
  readonly summary: TableSummaryDefinition;
  readonly lookups?: readonly LookupDefinition[];
  readonly costEdit?: boolean;
}): TableDefinition {
  const { columns, idField, ...rest } = spec;
  return {
    ...rest,
    headers: columns.map((c) => c.header),
    defaultOrderby: 'items_sold',
    defaultOrder: 'desc',
    rowId: (row) => String(row[idField]),
    toCells: cellsOf(columns),
  };
}
