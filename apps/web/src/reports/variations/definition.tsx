import type { AdvancedFiltersConfig } from '@storelens/components';
import { __, _x } from '@storelens/i18n';
import type { Query } from '@storelens/navigation';
import { advancedFilter, idsFilter, isRules } from '../page/filter-helpers';
import { itemFilters } from '../page/item-filters';
import type { ChartModeChoice, ReportDefinition } from '../page/types';
import { idList, productCharts } from '../products/definition';
import { variationChoices, variationsTable } from './table';

/** Variations' advanced filters. */
export const variationsAdvancedFilters: AdvancedFiltersConfig = {
  title: _x(
    'Variations match {{select /}} filters',
    'A sentence describing filters for Variations',
  ),
  filters: {
    attribute: advancedFilter(
      __('Product attribute'),
      { component: 'ProductAttribute' },
      { rules: isRules(), allowMultiple: true },
    ),
    category: idsFilter(
      __('Product category'),
      { type: 'categories' },
      __('Search product categories'),
    ),
    product: idsFilter(__('Product'), { type: 'variableProducts' }, __('Search products')),
  },
};

/** Item comparison only when two or more variations are compared. */
export function variationsChartMode(query: Query): ChartModeChoice {
  const ids = idList(query.variations);
  return query['filter-variations'] === 'compare-variations' && ids.length >= 2
    ? {
        mode: 'item-comparison',
        segmentby: 'variation',
        itemsLabel: __('%d variations'),
        selectedIds: ids,
      }
    : { mode: 'time-comparison' };
}

/** The Variations report. */
export const variationsReport: ReportDefinition = {
  id: 'variations',
  title: __('Variations'),
  segments: {},
  statsEndpoint: 'variations',
  charts: productCharts,
  filters: () => [
    itemFilters({
      search: { type: 'variations' },
      param: 'filter-variations',
      all: { label: __('All variations') },
      ...variationChoices(),
      more: [{ value: 'advanced', label: __('Advanced filters') }],
    }),
  ],
  advancedFilters: () => variationsAdvancedFilters,
  chartMode: variationsChartMode,
  table: () => variationsTable(),
};
