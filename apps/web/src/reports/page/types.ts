import type { BootSettings, SegmentSource } from '@storelens/api';
import type {
  AdvancedFiltersConfig,
  ReportFilterConfig,
  SearchConfig,
  SortOrder,
  TableCell,
  TableHeader,
  TableSummaryItem,
} from '@storelens/components';
import type { QueryArgs, ReportRow } from '@storelens/data';
import type { Query } from '@storelens/navigation';
import type { ReactNode } from 'react';

/** A metric of the summary numbers and the chart. */
export interface ChartMetric {
  /** The stats field. */
  readonly key: string;
  readonly label: string;
  /** `percent`: a fraction (0.3125) shown as a percentage. */
  readonly type: 'currency' | 'number' | 'average' | 'percent';
  /** Table sort written when the tile is chosen. */
  readonly orderby?: string;
  readonly order?: SortOrder;
  /** A rise is bad news (returns). */
  readonly reverseTrend?: boolean;
  /** The summary numbers' group it is shown in (its own list, e.g. "Profit"); the first when absent. */
  readonly group?: string;
}

/** What the chart draws for a query: the two periods, or one series per compared item. */
export type ChartModeChoice =
  | { readonly mode: 'time-comparison' }
  | {
      readonly mode: 'item-comparison';
      /** The stats `segmentby` value. */
      readonly segmentby: string;
      /** The legend's "%d <items>" text, e.g. "%d products". */
      readonly itemsLabel: string;
      /** Ids kept in the legend even when their total is 0. */
      readonly selectedIds: readonly string[];
    };

/** Formatting and lookups every row mapper gets. */
export interface RowContext {
  /** The URL query (for links that keep the persisted date range). */
  readonly query: Query;
  readonly formatAmount: (value: number) => string;
  readonly formatNumber: (value: number) => string;
  /** A store-local date or date-time as "Jan 5, 2026". */
  readonly formatDate: (value: string | null | undefined) => string;
  /** The store's default date range (for counting the days of the range shown). */
  readonly defaultDateRange: string;
  /** Whether the store manages stock (the Status and Stock columns). */
  readonly manageStock: boolean;
  /** Labels looked up by the table's `useLookups` hook, by kind then id. */
  readonly lookups: Readonly<Record<string, ReadonlyMap<string, LookupEntry>>>;
  /** The connected WooCommerce shop's address (order and product links go to its admin). */
  readonly shopUrl?: string | undefined;
  /** The store's custom order statuses with their labels (`BootSettings.customStatuses`). */
  readonly customStatuses?: BootSettings['customStatuses'];
}

/** A looked-up record (a category with its parent, a product name…). */
export interface LookupEntry {
  readonly name: string;
  readonly parent?: string;
}

/** The compare checkboxes of a table. */
export interface TableCompare {
  /** The param holding the filter value (`filter`, or `filter-variations`). */
  readonly filterParam: string;
  /** The filter value written, e.g. `compare-products`. */
  readonly filterValue: string;
  /** The param receiving the ids, e.g. `products`. */
  readonly idParam: string;
  readonly helpText: string;
}

/** The search box of a table. */
export interface TableSearch {
  /** The autocompleter, and the `wc-analytics/<type>` list searched to turn words into ids. */
  readonly autocompleter: SearchConfig;
  /** The list endpoint searched (e.g. `products`). */
  readonly listPath: string;
  /** The param the matching ids go to (e.g. `products`). */
  readonly idParam: string;
  readonly placeholder: string;
  /** Params set with a search (e.g. `filter: 'single_category'`). */
  readonly baseQuery?: Readonly<Record<string, string>>;
}

/** The summary line under a table: its stats request and its items. */
export interface TableSummaryDefinition {
  /** The stats endpoint; the table's endpoint when absent. */
  readonly endpoint?: string;
  readonly fields: readonly string[];
  /** Params of the summary request that replace the page's (e.g. the product of a view). */
  readonly query?: (query: Query) => QueryArgs;
  /** False where the stats endpoint takes no `fields` (stock answers every count). */
  readonly sendFields?: boolean;
  readonly items: (
    totals: Readonly<Record<string, unknown>>,
    context: RowContext & { readonly totalRows: number },
  ) => TableSummaryItem[];
}

/** A report's table: request, columns, row mapping, summary, compare and search. */
export interface TableDefinition {
  /** The list endpoint, `reports/<endpoint>`. */
  readonly endpoint: string;
  /**
   * Where the rows come from: the list endpoint (default), or the day intervals of the
   * endpoint's stats (Revenue: one row per day, sorted and paged in the browser).
   */
  readonly source?: 'list' | 'intervals';
  readonly title: string;
  /** The per-user preference holding the hidden columns, `<report>_report_columns`. */
  readonly columnsKey: string;
  readonly headers: readonly TableHeader[];
  readonly defaultOrderby: string;
  readonly defaultOrder: SortOrder;
  /** Extra request params (extended_info, the product of a single-product view…). */
  readonly tableQuery?: (query: Query) => QueryArgs;
  /** The id of a row (compare checkboxes, stock edits). */
  readonly rowId?: (row: ReportRow) => string;
  readonly compare?: TableCompare;
  readonly search?: TableSearch;
  /** The cells of a row, one per header in header order. */
  readonly toCells: (row: ReportRow, context: RowContext) => TableCell[];
  readonly summary: TableSummaryDefinition;
  /** Labels the rows need beyond the row itself (category names, product names). */
  readonly lookups?: readonly LookupDefinition[];
  /** An editable stock quantity column (Stock report). */
  readonly stockEdit?: boolean;
  /** An editable unit cost column, `unit_cost` (costs entered in Storelens). */
  readonly costEdit?: boolean;
}

/** A list of records loaded to label rows: `wc-analytics/<path>` with `include`. */
export interface LookupDefinition {
  /** The key in `RowContext.lookups`. */
  readonly kind: string;
  /** The list read, e.g. `products/categories`. */
  readonly path: string;
  /** Ids to load from the page's rows; none means "load all" (up to 100 per page). */
  readonly ids?: (rows: readonly ReportRow[]) => string[];
  /** The entry of a record. */
  readonly entry: (record: Readonly<Record<string, unknown>>) => LookupEntry;
  /**
   * A second query for the ids the first read did not answer, before they count as deleted
   * (`{ status: 'trash' }`: a product in the trash keeps its name, as WooCommerce's embedded one
   * does).
   */
  readonly missingQuery?: Readonly<Record<string, string>>;
}

/** Facts about the current view a definition needs (e.g. whether the product is variable). */
export interface ViewFacts {
  /** The single product's type, once loaded (`variable`, `simple`…). */
  readonly productType?: string;
}

/** A report: a declarative definition assembled by the one generic ReportPage. */
export interface ReportDefinition {
  /** The report id, e.g. `orders`. */
  readonly id: string;
  /** The `<h1>` and document title. */
  readonly title: string;
  /** The stats endpoint of the summary numbers and the chart; none: no summary or chart. */
  readonly statsEndpoint?: string;
  /** False for reports without a date range (stock, customers). */
  readonly showDatePicker?: boolean;
  readonly charts?: readonly ChartMetric[];
  /** The filter dropdowns, by query (a single variable product adds a dropdown). */
  readonly filters?: (query: Query, facts: ViewFacts) => readonly ReportFilterConfig[];
  /** The advanced filters, from the store's settings (its custom order statuses). */
  readonly advancedFilters?: (
    settings: Pick<BootSettings, 'customStatuses'>,
  ) => AdvancedFiltersConfig;
  /** The chart mode for a query; time comparison when absent. */
  readonly chartMode?: (query: Query, facts: ViewFacts) => ChartModeChoice;
  /** Params a search limits the stats by; `[table.search.idParam]` by default. */
  readonly statsQuery?: (query: Query, facts: ViewFacts) => QueryArgs;
  /** The table for a query (a single-category view shows products). */
  readonly table: (query: Query, facts: ViewFacts) => TableDefinition;
  /** Loads facts about the view (called on every render, always the same hook). */
  readonly useFacts?: (query: Query) => ViewFacts;
  /** A line under the summary numbers, from their totals (the profit's cost coverage). */
  readonly totalsNote?: (totals: Readonly<Record<string, unknown>>, query: Query) => ReactNode;
  /** A standing notice under the heading, from the store's settings (null: none). */
  readonly notice?: (settings: BootSettings) => ReactNode;
  /**
   * The report takes a saved segment (`segment=<id>`): ReportPage shows the segment picker
   * (kept in the URL like the filters) and sends `segment` with the stats and table requests.
   * `save`: "Save as segment" of this report's filters, a segment of `source`.
   */
  readonly segments?: {
    readonly save?: (settings: BootSettings) => {
      readonly source: SegmentSource;
      readonly filterQuery: (query: Query) => Record<string, unknown>;
    };
  };
}
