import type { ReportRow } from '@storelens/data';
import { __ } from '@storelens/i18n';
import type { Query } from '@storelens/navigation';
import { categoriesLookup, categoryTrail, compareLabels, linkCell, plural } from '../page/cells';
import type { ChartModeChoice, ReportDefinition, RowContext, TableDefinition } from '../page/types';
import { idList, productCharts } from '../products/definition';
import { productsTable } from '../products/table';

/** One category's cells (PAGES.md §8.3): breadcrumb, items sold, net sales, products, orders. */
export function categoryCells(row: ReportRow, context: RowContext) {
  const id = Number(row.category_id);
  const info = (row.extended_info ?? {}) as { name?: string };
  const trail = categoryTrail(String(id), context.lookups.categories);
  const name = trail.name || info.name || '';
  const products = Number(row.products_count ?? 0);
  const single = { filter: 'single_category', categories: id };
  const link = linkCell(
    name,
    `${trail.ancestors}${name}`,
    '/analytics/categories',
    single,
    context.query,
  );
  return [
    {
      display: (
        <>
          {trail.ancestors}
          {link.display}
        </>
      ),
      value: link.value,
    },
    {
      display: context.formatNumber(Number(row.items_sold ?? 0)),
      value: Number(row.items_sold ?? 0),
    },
    {
      display: context.formatAmount(Number(row.net_revenue ?? 0)),
      value: Number(row.net_revenue ?? 0),
    },
    linkCell(
      context.formatNumber(products),
      products,
      '/analytics/categories',
      single,
      context.query,
    ),
    {
      display: context.formatNumber(Number(row.orders_count ?? 0)),
      value: Number(row.orders_count ?? 0),
    },
  ];
}

const categoriesTable: TableDefinition = {
  endpoint: 'categories',
  title: __('Categories'),
  columnsKey: 'categories_report_columns',
  headers: [
    {
      key: 'category',
      label: __('Category'),
      isSortable: true,
      required: true,
      isLeftAligned: true,
    },
    {
      key: 'items_sold',
      label: __('Items sold'),
      isSortable: true,
      isNumeric: true,
      required: true,
      defaultSort: true,
    },
    { key: 'net_revenue', label: __('Net sales'), isSortable: true, isNumeric: true },
    { key: 'products_count', label: __('Products'), isSortable: true, isNumeric: true },
    { key: 'orders_count', label: __('Orders'), isSortable: true, isNumeric: true },
  ],
  defaultOrderby: 'items_sold',
  defaultOrder: 'desc',
  tableQuery: () => ({ extended_info: true }),
  rowId: (row) => String(row.category_id),
  compare: {
    filterParam: 'filter',
    filterValue: 'compare-categories',
    idParam: 'categories',
    helpText: __('Check at least two categories below to compare'),
  },
  search: {
    autocompleter: { type: 'categories' },
    listPath: 'products/categories',
    idParam: 'categories',
    placeholder: __('Search by category name'),
  },
  toCells: categoryCells,
  lookups: [categoriesLookup],
  summary: {
    // There is no categories/stats: the totals are the products' of the same categories.
    endpoint: 'products',
    fields: ['items_sold', 'net_revenue', 'orders_count'],
    items: (t, c) => {
      const n = (key: string) => Number(t[key] ?? 0);
      return [
        {
          label: plural(c.totalRows, __('Category'), __('Categories')),
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

/** Compare: one line per category; single category: one per product in it (PAGES.md §8.2). */
export function categoriesChartMode(query: Query): ChartModeChoice {
  const ids = idList(query.categories);
  if (query.filter === 'compare-categories' && ids.length >= 2)
    return {
      mode: 'item-comparison',
      segmentby: 'category',
      itemsLabel: __('%d categories'),
      selectedIds: ids,
    };
  if (query.filter === 'single_category' && ids.length > 0)
    return {
      mode: 'item-comparison',
      segmentby: 'product',
      itemsLabel: __('%d products'),
      selectedIds: [],
    };
  return { mode: 'time-comparison' };
}

/** The Categories report (PAGES.md §8), with its single-category view. */
export const categoriesReport: ReportDefinition = {
  id: 'categories',
  title: __('Categories'),
  statsEndpoint: 'products',
  charts: productCharts,
  filters: () => [
    {
      label: __('Show'),
      param: 'filter',
      staticParams: ['chartType', 'paged', 'per_page'],
      filters: [
        { value: 'all', label: __('All categories') },
        {
          value: 'select_category',
          label: __('Single category'),
          chartMode: 'item-comparison',
          subFilters: [
            {
              component: 'Search',
              value: 'single_category',
              label: __('Single category'),
              chartMode: 'item-comparison',
              path: ['select_category'],
              settings: {
                type: 'categories',
                param: 'categories',
                labels: { placeholder: __('Type to search for a category') },
              },
            },
          ],
        },
        {
          value: 'compare-categories',
          label: __('Comparison'),
          chartMode: 'item-comparison',
          settings: {
            type: 'categories',
            param: 'categories',
            getLabels: compareLabels({ type: 'categories' }),
            labels: {
              helpText: __('Check at least two categories below to compare'),
              placeholder: __('Search for categories to compare'),
              title: __('Compare Categories'),
              update: __('Compare'),
            },
          },
        },
      ],
    },
  ],
  chartMode: categoriesChartMode,
  table: (query) =>
    query.filter === 'single_category' && idList(query.categories).length > 0
      ? productsTable({ singleCategory: true })
      : categoriesTable,
};
