import type { ReportQuery } from '../advanced-filters/types';
import type { ChartMode } from '../chart/types';
import type { CompareFilterProps } from '../compare-filter';
import type { SearchConfig } from '../search';

/** Fields every report filter has. */
interface ReportFilterCommon {
  /** Value written to the config's param; `all` (or the default) clears it. */
  readonly value: string;
  /** Visible label. */
  readonly label: string;
  /** Values of the filters this one is nested under (derived from the tree when absent). */
  readonly path?: readonly string[];
  /** Filters one level down; choosing this filter opens them. */
  readonly subFilters?: readonly ReportFilter[];
  /** The chart mode this filter puts the report's chart in. */
  readonly chartMode?: ChartMode;
}

/** Settings of a search-type filter: which records, the param its id goes to, and texts. */
export type SearchFilterSettings = SearchConfig & {
  /** Query param receiving the chosen record's id (e.g. `products`). */
  readonly param: string;
  /** Texts of the search box. */
  readonly labels: {
    /** Placeholder of the search input. */
    readonly placeholder: string;
  };
};

/** A plain filter (a leaf, a group of sub-filters, or a comparison with its card settings). */
export interface PlainReportFilter extends ReportFilterCommon {
  readonly component?: undefined;
  /** For values starting with `compare`: the settings of the comparison card. */
  readonly settings?: CompareCardSettings;
}

/** A filter that picks one record with an autocompleter, shown as a tag. */
export interface SearchReportFilter extends ReportFilterCommon {
  readonly component: 'Search';
  /** Which records and where the id goes. */
  readonly settings: SearchFilterSettings;
}

/** A filter of a report filter dropdown: plain or search-type, told apart by `component`. */
export type ReportFilter = PlainReportFilter | SearchReportFilter;

/** Omit applied to each member of a union, keeping the union. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Settings of the comparison card: CompareFilter's props other than the query and navigation. */
export type CompareCardSettings = DistributiveOmit<
  CompareFilterProps,
  'query' | 'path' | 'onChange'
>;

/** One report filter dropdown: its label, query param, default and filters. */
export interface ReportFilterConfig {
  /** Label before the dropdown ("Show"). */
  readonly label: string;
  /** The query param the chosen value goes to (e.g. `filter`). */
  readonly param: string;
  /** The value meaning "no filter"; `all` when absent. Choosing it clears the param. */
  readonly defaultValue?: string;
  /** Params kept when the filter changes, besides the persisted date params. */
  readonly staticParams?: readonly string[];
  /** Whether the dropdown is shown for a query; always when absent. */
  readonly showFilters?: (query: ReportQuery) => boolean;
  /** The filters, possibly nested. */
  readonly filters: readonly ReportFilter[];
}
