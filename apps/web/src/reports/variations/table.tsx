import type { ReportRow } from '@storelens/data';
import { __ } from '@storelens/i18n';
import { linkCell } from '../page/cells';
import {
  cellsOf,
  columns,
  hiddenByDefault,
  type ItemColumn,
  infoOf,
  itemTable,
  salesSummary,
} from '../page/item-table';
import { profitColumns } from '../page/profit';
import type { TableDefinition } from '../page/types';

const productIdOf = (row: ReportRow) => Number(row.product_id);
const variationIdOf = (row: ReportRow) => Number(row.variation_id);

/**
 * The Variations table's columns. Storelens has no product edit page, so the
 * name links to the parent's single-product view in Analytics; a deleted variation shows
 * "(Deleted)".
 */
const variationColumns: readonly ItemColumn[] = [
  {
    header: {
      key: 'name',
      label: __('Product / Variation title'),
      required: true,
      isLeftAligned: true,
    },
    cell: (row, context) => {
      const info = infoOf(row);
      if (!info.name) {
        const name = `${__('Variation')} #${variationIdOf(row)} ${__('(Deleted)')}`;
        return { display: name, value: name };
      }
      return linkCell(
        info.name,
        info.name,
        '/analytics/products',
        { filter: 'single_product', products: productIdOf(row) },
        context.query,
      );
    },
  },
  columns.sku,
  columns.itemsSold,
  columns.netSales(true),
  columns.orders({ param: 'variation_includes', id: variationIdOf }),
  ...profitColumns,
  // Stock has its own report: its columns here wait in the column picker, so the profit
  // columns fit beside the sales at 1400 px.
  hiddenByDefault(columns.stockStatus(productIdOf)),
  hiddenByDefault(columns.stock),
];

/** One variation's cells, in header order. */
export const variationCells = cellsOf(variationColumns);
/**
 * The Variations table. Inside a single variable product it is always limited
 * to that product (`product_includes`) and its compare writes the variations
 * picker of the Products page.
 */
export function variationsTable(productId?: string): TableDefinition {
  return itemTable({
    endpoint: 'variations',
    title: __('Variations'),
    columnsKey: 'variations_report_columns',
    columns: variationColumns,
    idField: 'variation_id',
    // Inside a product the Products filter's `products` param is not the variations report's:
    // the product goes as `product_includes` (the variations endpoint refuses `products`).
    tableQuery: (query) => ({
      extended_info: true,
      ...(productId ? { products: undefined, product_includes: productId } : {}),
      ...(typeof query.variations === 'string' && query.variations !== ''
        ? { variations: query.variations }
        : {}),
    }),
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
    summary: salesSummary({
      endpoint: 'variations',
      ...(productId ? { query: () => ({ products: undefined, product_includes: productId }) } : {}),
      items: {
        singular: __('variation sold'),
        plural: __('variations sold'),
        field: 'variations_count',
      },
      lowercase: true,
    }),
  });
}

/** The variations' single and compare choices of a Show dropdown (the Variations report's, and
 * the Products report's inside a variable product). */
export const variationChoices = () =>
  ({
    single: {
      name: 'variation',
      label: __('Single variation'),
      placeholder: __('Type to search for a variation'),
    },
    compare: {
      title: __('Compare Variations'),
      helpText: __('Check at least two variations below to compare'),
      placeholder: __('Search for variations to compare'),
      chartMode: 'item-comparison',
    },
  }) as const;
