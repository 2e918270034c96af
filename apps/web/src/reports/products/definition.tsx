import type { ReportFilterConfig } from '@storelens/components';
import { useItems } from '@storelens/data';
import { __ } from '@storelens/i18n';
import type { Query } from '@storelens/navigation';
import { itemFilters } from '../page/item-filters';
import type { ChartMetric, ChartModeChoice, ReportDefinition, ViewFacts } from '../page/types';
import { variationChoices, variationsTable } from '../variations/table';
import { productsTable } from './table';

/**
 * The metrics of Products, Variations and Categories: items sold, net sales, orders, and gross
 * profit (net sales less the known cost of goods; unknown where no item sold had a known cost).
 */
export const productCharts: readonly ChartMetric[] = [
  {
    key: 'items_sold',
    label: __('Items sold'),
    type: 'number',
    orderby: 'items_sold',
    order: 'desc',
  },
  {
    key: 'net_revenue',
    label: __('Net sales'),
    type: 'currency',
    orderby: 'net_revenue',
    order: 'desc',
  },
  {
    key: 'orders_count',
    label: __('Orders'),
    type: 'number',
    orderby: 'orders_count',
    order: 'desc',
  },
  {
    key: 'gross_profit',
    label: __('Gross profit'),
    type: 'currency',
    orderby: 'gross_profit',
    order: 'desc',
    group: __('Profit'),
  },
];

/** The ids of a comma list param. */
export const idList = (value: unknown): string[] =>
  typeof value === 'string' ? value.split(',').filter((id) => /^\d+$/.test(id)) : [];

/** The product of the single-product view, when the URL is on one. */
export function singleProductId(query: Query): string | undefined {
  if (query.filter !== 'single_product') return undefined;
  return idList(query.products)[0];
}

/** Whether the single product is variable (its own variations then make the table). */
export const isVariableView = (query: Query, facts: ViewFacts) =>
  singleProductId(query) !== undefined && facts.productType === 'variable';

/** The "Show" dropdown and, for a variable product, the variations dropdown. */
export function productFilters(query: Query, facts: ViewFacts): ReportFilterConfig[] {
  const configs: ReportFilterConfig[] = [
    itemFilters({
      search: { type: 'products' },
      all: { label: __('All products') },
      single: {
        name: 'product',
        label: __('Single product'),
        placeholder: __('Type to search for a product'),
        chartMode: 'item-comparison',
      },
      compare: {
        title: __('Compare Products'),
        helpText: __('Check at least two products below to compare'),
        placeholder: __('Search for products to compare'),
        chartMode: 'item-comparison',
      },
    }),
  ];
  const productId = singleProductId(query);
  if (productId && facts.productType === 'variable') {
    configs.push(
      itemFilters({
        search: { type: 'variations', productId },
        label: __('Variations'),
        param: 'filter-variations',
        staticParams: ['filter', 'products', 'chartType', 'paged', 'per_page'],
        all: { label: __('All variations'), chartMode: 'item-comparison' },
        ...variationChoices(),
      }),
    );
  }
  return configs;
}

/** The chart mode: products compared, or a variable product's variations. */
export function productsChartMode(query: Query, facts: ViewFacts): ChartModeChoice {
  if (query.filter === 'compare-products') {
    const ids = idList(query.products);
    if (ids.length >= 2)
      return {
        mode: 'item-comparison',
        segmentby: 'product',
        itemsLabel: __('%d products'),
        selectedIds: ids,
      };
  }
  if (isVariableView(query, facts)) {
    const ids = query['filter-variations'] ? idList(query.variations) : [];
    return {
      mode: 'item-comparison',
      segmentby: 'variation',
      itemsLabel: __('%d variations'),
      selectedIds: ids,
    };
  }
  return { mode: 'time-comparison' };
}

/** Loads the single product's type: a variable product shows its variations. */
function useProductFacts(query: Query): ViewFacts {
  const id = singleProductId(query);
  const list = useItems('products', id ? { include: id } : { include: '0' });
  const product = id ? list.items.find((p) => String(p.id) === id) : undefined;
  return product ? { productType: product.type } : {};
}

/** The Products report, with its single-product and variable-product views. */
export const productsReport: ReportDefinition = {
  id: 'products',
  title: __('Products'),
  segments: {},
  statsEndpoint: 'products',
  charts: productCharts,
  filters: productFilters,
  chartMode: productsChartMode,
  useFacts: useProductFacts,
  table: (query, facts) => {
    const productId = singleProductId(query);
    return productId && facts.productType === 'variable'
      ? variationsTable(productId)
      : productsTable();
  },
};
