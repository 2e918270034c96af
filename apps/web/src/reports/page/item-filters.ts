import type {
  ChartMode,
  ReportFilter,
  ReportFilterConfig,
  SearchConfig,
} from '@storelens/components';
import { __ } from '@storelens/i18n';
import { compareLabels } from './cells';

/**
 * The "Show" dropdown of an item report (products, variations, categories, coupons, taxes): all
 * items, optionally one item picked by search (`select_<name>` → `single_<name>`), and a
 * comparison (`compare-<type>`). The ids go to the param named as the search type; a
 * variations search keeps its product.
 */
export function itemFilters(spec: {
  /** The records searched (and the id param); `productId` limits variations to one product. */
  readonly search: SearchConfig;
  /** The query param of the chosen filter; `filter` by default. */
  readonly param?: string;
  readonly label?: string;
  readonly staticParams?: readonly string[];
  readonly all: { readonly label: string; readonly chartMode?: ChartMode };
  /** `name` is the singular of the filter values (`product` → `single_product`). */
  readonly single?: {
    readonly name: string;
    readonly label: string;
    readonly placeholder: string;
    readonly chartMode?: ChartMode;
  };
  readonly compare: {
    readonly title: string;
    readonly helpText: string;
    readonly placeholder: string;
    readonly chartMode?: ChartMode;
  };
  /** Filters after the comparison (the variations report's advanced filters). */
  readonly more?: readonly ReportFilter[];
}): ReportFilterConfig {
  const { search, single, compare } = spec;
  const mode = (chartMode?: ChartMode) => (chartMode ? { chartMode } : {});
  const filters: ReportFilter[] = [
    { value: 'all', label: spec.all.label, ...mode(spec.all.chartMode) },
  ];
  if (single)
    filters.push({
      value: `select_${single.name}`,
      label: single.label,
      ...mode(single.chartMode),
      subFilters: [
        {
          component: 'Search',
          value: `single_${single.name}`,
          label: single.label,
          ...mode(single.chartMode),
          path: [`select_${single.name}`],
          settings: { ...search, param: search.type, labels: { placeholder: single.placeholder } },
        },
      ],
    });
  filters.push({
    value: `compare-${search.type}`,
    label: __('Comparison'),
    ...mode(compare.chartMode),
    settings: {
      ...search,
      param: search.type,
      getLabels: compareLabels(search),
      labels: {
        helpText: compare.helpText,
        placeholder: compare.placeholder,
        title: compare.title,
        update: __('Compare'),
      },
    },
  });
  return {
    label: spec.label ?? __('Show'),
    param: spec.param ?? 'filter',
    staticParams: spec.staticParams ?? ['chartType', 'paged', 'per_page'],
    filters: [...filters, ...(spec.more ?? [])],
  };
}
