import type { CategoriesListRow, ReportRow } from '@storelens/data';
import { __ } from '@storelens/i18n';
import type { Query } from '@storelens/navigation';
import { categoriesLookup, categoryTrail, linkCell } from '../page/cells';
import { itemFilters } from '../page/item-filters';
import {
  cellsOf,
  columns,
  type ItemColumn,
  infoOf,
  itemTable,
  salesSummary,
} from '../page/item-table';
import { profitColumns } from '../page/profit';
import type { ChartModeChoice, ReportDefinition, TableDefinition } from '../page/types';
import { idList, productCharts } from '../products/definition';
import { productsTable } from '../products/table';

const single = (row: ReportRow) => ({
  filter: 'single_category',
  categories: Number(row.category_id),
});

/** The Categories table's columns: breadcrumb, items sold, net sales, products, orders. */
const categoryColumns: readonly ItemColumn[] = [
  {
    header: {
      key: 'category',
      label: __('Category'),
      isSortable: true,
      required: true,
      isLeftAligned: true,
    },
    cell: (row, context) => {
      const trail = categoryTrail(String(row.category_id), context.lookups.categories);
      const name = trail.name || infoOf<CategoriesListRow['extended_info']>(row).name || '';
      const link = linkCell(
        name,
        `${trail.ancestors}${name}`,
        '/analytics/categories',
        single(row),
        context.query,
      );
      return {
        display: (
          <>
            {trail.ancestors}
            {link.display}
          </>
        ),
        value: link.value,
      };
    },
  },
  columns.itemsSold,
  columns.netSales(false),
  {
    header: { key: 'products_count', label: __('Products'), isSortable: true, isNumeric: true },
    cell: (row, context) => {
      const products = Number(row.products_count ?? 0);
      return linkCell(
        context.formatNumber(products),
        products,
        '/analytics/categories',
        single(row),
        context.query,
      );
    },
  },
  columns.orders(),
  ...profitColumns,
];

/** One category's cells, in header order. */
export const categoryCells = cellsOf(categoryColumns);

const categoriesTable: TableDefinition = itemTable({
  endpoint: 'categories',
  title: __('Categories'),
  columnsKey: 'categories_report_columns',
  columns: categoryColumns,
  idField: 'category_id',
  tableQuery: () => ({ extended_info: true }),
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
  lookups: [categoriesLookup],
  // There is no categories/stats: the totals are the products' of the same categories.
  summary: salesSummary({
    endpoint: 'products',
    items: { singular: __('Category'), plural: __('Categories') },
  }),
});

/** Compare: one line per category; single category: one per product in it. */
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

/** The Categories report, with its single-category view. */
export const categoriesReport: ReportDefinition = {
  id: 'categories',
  title: __('Categories'),
  segments: {},
  statsEndpoint: 'products',
  charts: productCharts,
  filters: () => [
    itemFilters({
      search: { type: 'categories' },
      all: { label: __('All categories') },
      single: {
        name: 'category',
        label: __('Single category'),
        placeholder: __('Type to search for a category'),
        chartMode: 'item-comparison',
      },
      compare: {
        title: __('Compare Categories'),
        helpText: __('Check at least two categories below to compare'),
        placeholder: __('Search for categories to compare'),
        chartMode: 'item-comparison',
      },
    }),
  ],
  chartMode: categoriesChartMode,
  table: (query) =>
    query.filter === 'single_category' && idList(query.categories).length > 0
      ? productsTable({ singleCategory: true })
      : categoriesTable,
};
