import {
  ApiFetchProvider,
  Chart,
  type ChartInterval,
  type ChartType,
  DateRangeFilterPicker,
  ReportFilters,
  type SummaryItem,
  SummaryNumbers,
  TableCard,
  type TableHeader,
  type TableQuery,
} from '@storelens/components';
import {
  getReportStatsQuery,
  type QueryArgs,
  type ReportRow,
  useCurrentUser,
  useReportItems,
  useReportStats,
} from '@storelens/data';
import {
  getAllowedIntervalsForQuery,
  getChartTypeForQuery,
  getCurrentDates,
  getIntervalForQuery,
} from '@storelens/date';
import { __, sprintf } from '@storelens/i18n';
import {
  getHistory,
  getNewPath,
  parseQuery,
  type Query,
  type QueryInput,
} from '@storelens/navigation';
import { calculateDelta } from '@storelens/number';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { sessionApiFetch } from '../../api-client';
import { useStore } from '../../settings-context';
import { UpdatedAt } from '../../shell/freshness';
import { useAdminLocation } from '../../use-location';
import { SaveSegment, SegmentPicker, SegmentTools, segmentQuery } from '../segments/segments';
import {
  type IntervalLike,
  isAdditiveMetric,
  itemComparisonRows,
  legendTotals,
  timeComparisonRows,
} from './chart-rows';
import { CompareControls, useCompareSelection } from './compare';
import { UnitCostEdit } from './cost-edit';
import { ExportButton } from './export';
import { formatNumber, formatStoreDate } from './format';
import { pageOfIntervals } from './interval-rows';
import { useLookups } from './lookups';
import { formatMargin, Unknown } from './profit';
import { tableRequest } from './requests';
import { TableSearchBox } from './search-box';
import { searchWords, useSearchIds } from './search-ids';
import { StockQuantity } from './stock-edit';
import { resetPagingOnChange, type TableState } from './table-state';
import type {
  ChartMetric,
  ChartModeChoice,
  ReportDefinition,
  RowContext,
  TableDefinition,
} from './types';
import { useUserPreference } from './user-preference';

/** The table with `segment` among its request params, when the page names one. */
function withSegment(table: TableDefinition, segment: Record<string, string>): TableDefinition {
  if (!segment.segment) return table;
  const own = table.tableQuery;
  return { ...table, tableQuery: (query) => ({ ...own?.(query), ...segment }) };
}

/** The segment picker of a report, and "Save as segment" where the report saves one. */
function ReportSegments({
  save,
}: {
  readonly save:
    | ReturnType<NonNullable<NonNullable<ReportDefinition['segments']>['save']>>
    | undefined;
}) {
  return (
    <SegmentTools>
      <SegmentPicker />
      {save && <SaveSegment source={save.source} filterQuery={save.filterQuery} />}
    </SegmentTools>
  );
}

/** The rows of a table, from its list endpoint or its stats' day intervals. */
function useTableRows(
  table: TableDefinition,
  tableArgs: QueryArgs,
  state: TableState,
  filterOptions: Omit<Parameters<typeof getReportStatsQuery>[0], 'endpoint'>,
  fields: readonly string[],
): { data: readonly ReportRow[]; totalResults: number; isRequesting: boolean; isError: boolean } {
  // A definition's table always reads the same source, so the hook order never changes.
  if (table.source === 'intervals') {
    // biome-ignore lint/correctness/useHookAtTopLevel: fixed per definition (see above)
    const stats = useReportStats(table.endpoint, {
      ...getReportStatsQuery({ endpoint: table.endpoint, ...filterOptions, fields }),
      interval: 'day',
    });
    const intervals = (stats.data?.intervals ?? []) as unknown as IntervalLike[];
    return {
      data: pageOfIntervals(intervals, state) as unknown as ReportRow[],
      totalResults: intervals.length,
      isRequesting: stats.isRequesting,
      isError: stats.isError,
    };
  }
  // biome-ignore lint/correctness/useHookAtTopLevel: fixed per definition (see above)
  return useReportItems(table.endpoint, tableArgs);
}

/**
 * The stats fields of a page's requests. When the summary line reads the chart's endpoint, the
 * chart and the summary ask for the union of their fields, so the two requests are the same
 * one (answered once); otherwise each asks for its own.
 */
export function sharedFields(
  definition: ReportDefinition,
  summary: TableDefinition['summary'] | undefined,
): string[] {
  const chartFields = (definition.charts ?? []).map((c) => c.key);
  const summaryEndpoint = summary?.endpoint ?? definition.table({}, {}).endpoint;
  if (!summary || !definition.statsEndpoint || summaryEndpoint !== definition.statsEndpoint)
    return summary && !definition.statsEndpoint ? [...summary.fields] : chartFields;
  return [...new Set([...chartFields, ...summary.fields])];
}

/**
 * The stats fields of the summary line's request: the union with the chart's when both read
 * the same endpoint (see sharedFields), else the summary's own (a variable product's
 * variations summary on the Products page reads `variations/stats`, and asks for
 * `variations_count` there as WooCommerce's variations table does).
 */
export function summaryFields(
  definition: ReportDefinition,
  table: Pick<TableDefinition, 'endpoint' | 'summary'>,
): string[] {
  const endpoint = table.summary.endpoint ?? table.endpoint;
  return definition.statsEndpoint && endpoint === definition.statsEndpoint
    ? sharedFields(definition, table.summary)
    : [...table.summary.fields];
}

/** The metric named by the `chart` param, or the first. */
export function selectedMetric(
  charts: readonly ChartMetric[],
  chart: unknown,
): ChartMetric | undefined {
  return charts.find((m) => m.key === chart) ?? charts[0];
}

const EMPTY: readonly ReportRow[] = [];

/**
 * One analytics report assembled from its definition: filters with their
 * compare or advanced card, summary numbers, chart and table, every control written to the
 * URL so reload, back and forward restore the view.
 */
export function ReportPage({ definition }: { definition: ReportDefinition }) {
  return (
    <ApiFetchProvider apiFetch={sessionApiFetch}>
      <ReportView definition={definition} />
    </ApiFetchProvider>
  );
}

/** The page itself, inside the session's fetcher (search widgets, lookups). */
function ReportView({ definition }: { definition: ReportDefinition }) {
  const location = useAdminLocation();
  const path = location.pathname;
  const query = useMemo(() => parseQuery(location.search), [location.search]);
  const { settings, formatAmount } = useStore();
  const defaultDateRange = settings.defaultDateRange;

  // Paging resets when anything but the page itself changes, after the user's
  // own changes only: back and forward bring an older view back as it was, page included.
  const previous = useRef<Query>(query);
  useEffect(() => {
    const next =
      getHistory().action === 'POP' ? query : resetPagingOnChange(previous.current, query);
    previous.current = next;
    if (next !== query) getHistory().replace(getNewPath(next as QueryInput, path, {}));
  }, [query, path]);

  const facts = definition.useFacts?.(query) ?? {};
  // A saved segment (`segment=<id>` in the URL) goes with every stats and table request.
  const segmentArgs = definition.segments ? segmentQuery(query) : {};
  const table = withSegment(definition.table(query, facts), segmentArgs);
  const filters = definition.filters?.(query, facts) ?? [];
  const makeFilters = definition.advancedFilters;
  const advancedFilters = useMemo(() => makeFilters?.(settings), [makeFilters, settings]);
  const charts = definition.charts ?? [];
  const showDates = definition.showDatePicker !== false;

  // A search becomes the ids of the matching records.
  const words = searchWords(query.search);
  const { ids: searchIds, failed: searchFailed } = useSearchIds(
    table.search ? table.search.listPath : undefined,
    words,
  );
  const searching = Boolean(table.search) && words.length > 0;
  const searchMissed = searching && searchIds !== undefined && searchIds.length === 0;
  const dataQuery: Query =
    searching && table.search && searchIds
      ? { ...query, [table.search.idParam]: searchIds.join(',') }
      : query;
  const limitBy = table.search ? [table.search.idParam] : undefined;
  const filterOptions = {
    query: dataQuery,
    defaultDateRange,
    filters,
    ...(advancedFilters ? { advancedFilters } : {}),
    ...(limitBy ? { limitBy } : {}),
  };

  // Table.
  const { state, args: tableArgs } = tableRequest(table, query, filterOptions);
  const items = useTableRows(
    table,
    tableArgs,
    state,
    filterOptions,
    sharedFields(definition, table.summary),
  );
  const waitingForSearch = searching && searchIds === undefined;
  const rows = searchMissed ? EMPTY : items.data;
  const totalRows = searchMissed ? 0 : items.totalResults;
  const { lookups, failed: lookupsFailed } = useLookups(table.lookups, rows);

  const statsExtra = { ...segmentArgs, ...definition.statsQuery?.(query, facts) };
  const hasChart = Boolean(definition.statsEndpoint) && charts.length > 0;

  // Summary line under the table: its own stats request.
  const summaryDef = table.summary;
  const summaryEndpoint = summaryDef?.endpoint ?? table.endpoint;
  const summaryStats = useReportStats(summaryEndpoint, {
    ...getReportStatsQuery({
      endpoint: summaryEndpoint,
      ...filterOptions,
      ...(summaryDef.sendFields === false ? {} : { fields: summaryFields(definition, table) }),
    }),
    ...statsExtra,
    ...summaryDef.query?.(query),
  });

  const manageStock = true;
  const canManage = useCurrentUser().can('manage_woocommerce');
  const context: RowContext = {
    query,
    formatAmount,
    formatNumber,
    formatDate: formatStoreDate,
    defaultDateRange,
    manageStock,
    lookups,
    shopUrl: settings.connectedShop?.url,
    customStatuses: settings.customStatuses,
  };

  // Hidden columns per user, on the server (`<report>_report_columns`).
  const [savedHidden, saveHidden, prefsLoaded] = useUserPreference<string[] | null>(
    table.columnsKey,
    null,
  );
  const hiddenColumns =
    savedHidden ?? table.headers.filter((h) => h.hiddenByDefault).map((h) => h.key);

  const navigate = (update: QueryInput) => {
    getHistory().push(getNewPath(update, path, query));
  };
  const navigateTo = (next: QueryInput) => getHistory().push(getNewPath(next, path, {}));

  const compare = useCompareSelection(table.compare, query);

  const loadingTable = (items.isRequesting && items.data.length === 0) || waitingForSearch;
  const cellRows = rows.map((row) => table.toCells(row, context));

  // Stock edits replace the Stock cell with an editable quantity.
  // Only roles that manage the shop change stock (the analyst reads it).
  // A shop connected with a read-only key cannot take stock changes (the Stock report says so).
  const stockIndex =
    table.stockEdit && canManage && settings.connectedShop?.canWrite !== false
      ? table.headers.findIndex((h) => h.key === 'stock_quantity')
      : -1;
  // Costs entered in Storelens: the unit cost cell becomes editable for roles that manage the shop.
  const costIndex =
    table.costEdit && canManage ? table.headers.findIndex((h) => h.key === 'unit_cost') : -1;
  const shownRows = cellRows.map((cells, i) => {
    const row = rows[i];
    const withCompare =
      compare.enabled && table.rowId && row ? compare.cell(row, table, cells) : [];
    const stockCells =
      stockIndex >= 0 && row
        ? cells.map((cell, index) =>
            index === stockIndex && row.manage_stock
              ? {
                  ...cell,
                  display: (
                    <StockQuantity
                      row={row}
                      shopName={settings.connectedShop?.name || settings.connectedShop?.url}
                    />
                  ),
                }
              : cell,
          )
        : cells;
    const cellsOut =
      costIndex >= 0 && row && table.rowId
        ? stockCells.map((cell, index) =>
            index === costIndex
              ? {
                  ...cell,
                  display: (
                    <UnitCostEdit
                      // A row that now holds another product starts afresh.
                      key={table.rowId?.(row)}
                      id={Number(table.rowId?.(row))}
                      name={String(
                        (row.extended_info as { name?: string } | undefined)?.name ?? '',
                      )}
                      cost={(row.extended_info as { cost?: unknown } | undefined)?.cost ?? null}
                      timeZone={settings.timezone}
                      formatAmount={formatAmount}
                    />
                  ),
                }
              : cell,
          )
        : stockCells;
    return [...withCompare, ...cellsOut];
  });
  const headers: TableHeader[] = [
    ...(compare.enabled && table.compare
      ? [
          {
            key: 'compare',
            label: __('Compare'),
            screenReaderLabel: __('Select to compare'),
            required: true,
          },
        ]
      : []),
    ...table.headers,
  ];

  const summaryItems = summaryDef.items(
    searchMissed ? {} : ((summaryStats.data?.totals ?? {}) as Record<string, unknown>),
    { ...context, totalRows },
  );

  let notice: ReactNode = null;
  if (items.isError) {
    notice = (
      <div role="alert" className="sl-notice sl-notice--error sl-report__error">
        <p>{__('There was an error getting your stats. Please try again.')}</p>
        <button type="button" className="sl-button" onClick={() => window.location.reload()}>
          {__('Reload')}
        </button>
      </div>
    );
  }

  return (
    <div className="sl-report" data-report={definition.id}>
      <h1 className="sl-report__title">{definition.title}</h1>
      <UpdatedAt />
      {definition.notice?.(settings)}
      {definition.segments && <ReportSegments save={definition.segments.save?.(settings)} />}
      <section className="sl-report__filters" aria-label={__('Filters')}>
        <ReportFilters
          filters={filters}
          {...(advancedFilters ? { advancedFilters } : {})}
          query={query}
          path={path}
          onNavigate={navigateTo}
          currency={{
            symbol: settings.currency.symbol,
            symbolPosition: settings.currency.symbolPosition,
          }}
          datePicker={
            showDates ? (
              <DateRangeFilterPicker
                query={query}
                defaultDateRange={defaultDateRange}
                onRangeSelect={(update) => navigate({ ...update, paged: undefined })}
              />
            ) : undefined
          }
        />
      </section>
      {hasChart && definition.statsEndpoint && (
        <ChartSection
          definition={definition}
          endpoint={definition.statsEndpoint}
          query={query}
          dataQuery={dataQuery}
          path={path}
          filterOptions={filterOptions}
          statsExtra={statsExtra}
          chartMode={definition.chartMode?.(query, facts) ?? { mode: 'time-comparison' }}
          searching={searching}
          searchMissed={searchMissed}
          waitingForSearch={waitingForSearch}
        />
      )}
      {searchFailed && !notice && (
        <p role="alert" className="sl-notice sl-notice--error">
          {__('The search could not be run. Reload the page to try again.')}
        </p>
      )}
      {lookupsFailed && !notice && (
        <p role="alert" className="sl-notice sl-notice--error">
          {__('Some names in the table could not be loaded. Reload the page to try again.')}
        </p>
      )}
      {notice ?? (
        <TableCard
          title={table.title}
          reportId={table.columnsKey}
          headers={headers}
          rows={shownRows}
          totalRows={totalRows}
          rowsPerPage={25}
          query={{
            orderby: state.orderby,
            order: state.order,
            paged: state.page,
            per_page: state.perPage,
          }}
          onQueryChange={(update: TableQuery) => navigate(update as QueryInput)}
          isLoading={loadingTable || !prefsLoaded}
          hiddenColumns={hiddenColumns}
          // A refused save puts the old columns back (the hook restores them).
          onHiddenColumnsChange={(next) => void saveHidden(next).catch(() => undefined)}
          summary={summaryItems}
          hideDownload
          actions={
            <>
              {compare.enabled && table.compare && (
                <CompareControls
                  compare={compare}
                  settings={table.compare}
                  pageIds={rows.map((row) => table.rowId?.(row) ?? '')}
                  disabled={rows.length === 0}
                  onCompare={(ids) =>
                    navigate({
                      [table.compare!.filterParam]: table.compare!.filterValue,
                      [table.compare!.idParam]: ids.join(','),
                      search: undefined,
                    })
                  }
                />
              )}
              {table.search && (
                <TableSearchBox
                  search={table.search}
                  words={words}
                  disabled={rows.length === 0 && words.length === 0}
                  onSearch={(update) => navigate(update)}
                  filterParams={filters.map((f) => f.param)}
                />
              )}
              {rows.length > 0 && (
                <ExportButton
                  title={table.title}
                  endpoint={table.endpoint}
                  query={query}
                  args={tableArgs}
                  headers={table.headers}
                  rows={cellRows}
                  totalRows={totalRows}
                  disabled={items.isRequesting}
                  {...(table.search ? { searchIdParam: table.search.idParam } : {})}
                />
              )}
            </>
          }
        />
      )}
    </div>
  );
}

/** Props of the summary numbers and chart of a report. */
interface ChartSectionProps {
  readonly definition: ReportDefinition;
  readonly endpoint: string;
  readonly query: Query;
  readonly dataQuery: Query;
  readonly path: string;
  readonly filterOptions: Omit<Parameters<typeof getReportStatsQuery>[0], 'endpoint'>;
  readonly statsExtra: QueryArgs;
  readonly chartMode: ChartModeChoice;
  readonly searching: boolean;
  readonly searchMissed: boolean;
  readonly waitingForSearch: boolean;
}

/**
 * Summary numbers and chart: the primary and secondary stats, a tile per
 * metric whose choice charts it and sorts the table, and the chart in time or item mode.
 */
function ChartSection({
  definition,
  endpoint,
  query,
  path,
  filterOptions,
  statsExtra,
  chartMode,
  searching,
  searchMissed,
  waitingForSearch,
}: ChartSectionProps) {
  const { settings, formatAmount } = useStore();
  const defaultDateRange = settings.defaultDateRange;
  const charts = definition.charts ?? [];
  const metric = selectedMetric(charts, query.chart);
  const statsOptions = {
    endpoint,
    ...filterOptions,
    fields: sharedFields(definition, definition.table(query, {}).summary),
    ...(chartMode.mode === 'item-comparison' ? { segmentby: chartMode.segmentby } : {}),
  };
  const primary = useReportStats(endpoint, { ...getReportStatsQuery(statsOptions), ...statsExtra });
  const secondary = useReportStats(endpoint, {
    ...getReportStatsQuery({ ...statsOptions, dataType: 'secondary' }),
    ...statsExtra,
  });
  const navigate = (update: QueryInput) => getHistory().push(getNewPath(update, path, query));

  const dates = getCurrentDates(query, defaultDateRange);
  const interval = getIntervalForQuery(query, defaultDateRange) as ChartInterval;
  const allowedIntervals = getAllowedIntervalsForQuery(query, defaultDateRange) as ChartInterval[];
  const chartType = getChartTypeForQuery(query) as ChartType;

  const totals = (data: typeof primary.data) =>
    (searchMissed ? {} : (data?.totals ?? {})) as Record<string, unknown>;
  const intervals = (data: typeof primary.data) =>
    (searchMissed ? [] : (data?.intervals ?? [])) as unknown as IntervalLike[];
  const primaryTotals = totals(primary.data);
  const secondaryTotals = totals(secondary.data);

  // A figure the server answers as null (a profit without a known cost) is unknown, never 0.
  const formatMetric = (m: ChartMetric, value: number | null): ReactNode =>
    value === null ? (
      <Unknown />
    ) : m.type === 'currency' ? (
      formatAmount(value)
    ) : m.type === 'percent' ? (
      formatMargin(value)
    ) : (
      formatNumber(value)
    );
  const read = (totals: Record<string, unknown>, key: string) =>
    totals[key] === null ? null : Number(totals[key] ?? 0);
  const primaryLoaded = primary.data !== null || searchMissed;
  const secondaryLoaded = secondary.data !== null || searchMissed;
  // The figures wait for the comparison too, as the Overview's do (and WooCommerce's summary):
  // shown before it, every compared figure read "N/A" until it answered. A comparison that
  // failed is not waited for: its figures are then "N/A".
  const summaryLoading = !primaryLoaded || !(secondaryLoaded || secondary.isError);

  const summary: (SummaryItem & { group?: string | undefined })[] = charts.map((m) => {
    const value = read(primaryTotals, m.key);
    const prev = read(secondaryTotals, m.key);
    return {
      key: m.key,
      group: m.group,
      label: m.label,
      value: primaryLoaded ? formatMetric(m, value) : undefined,
      prevValue: secondaryLoaded ? formatMetric(m, prev) : undefined,
      prevLabel: dates.secondary.label,
      delta:
        primaryLoaded && secondaryLoaded && value !== null && prev !== null
          ? calculateDelta(value, prev)
          : null,
      reverseTrend: m.reverseTrend ?? false,
      selected: m.key === metric?.key,
      href: getNewPath(
        {
          chart: m.key,
          ...(m.orderby ? { orderby: m.orderby, order: m.order ?? 'desc' } : {}),
        },
        path,
        query,
      ),
    };
  });
  if (!metric) return null;
  const emptyMessage = searching
    ? __('No data for the current search')
    : __('No data for the selected date range');
  const common = {
    title: metric.label,
    type: chartType,
    onChartTypeChange: (type: ChartType) => navigate({ chartType: type }),
    interval,
    allowedIntervals,
    onIntervalChange: (next: ChartInterval) => navigate({ interval: next }),
    valueType: metric.type === 'percent' ? ('average' as const) : metric.type,
    ...(metric.type === 'percent'
      ? { formatters: { value: formatMargin, yAxis: formatMargin } }
      : {}),
    currency: settings.currency,
    emptyMessage,
  };
  // Each group of metrics is its own list ("Performance", then e.g. "Profit").
  const groups = [...new Set(charts.map((m) => m.group))];

  return (
    <>
      {groups.map((group) => (
        <SummaryNumbers
          key={group ?? ''}
          label={group ?? __('Performance')}
          items={summary
            .filter((item) => item.group === group)
            .map(({ group: _, ...item }) => item)}
          isLoading={summaryLoading}
        />
      ))}
      {primaryLoaded && definition.totalsNote?.(primaryTotals, query)}
      {chartMode.mode === 'item-comparison' ? (
        <Chart
          {...common}
          mode="item-comparison"
          selectedIds={chartMode.selectedIds}
          data={itemComparisonRows(intervals(primary.data), metric.key)}
          isRequesting={primary.isRequesting || waitingForSearch}
          legendPosition="side"
          totalLabel={sprintf(chartMode.itemsLabel, chartMode.selectedIds.length)}
        />
      ) : (
        <Chart
          {...common}
          data={timeComparisonRows(
            intervals(primary.data),
            intervals(secondary.data),
            metric.key,
            {
              primary: `${dates.primary.label} (${dates.primary.range})`,
              secondary: `${dates.secondary.label} (${dates.secondary.range})`,
            },
            {
              interval,
              primaryStart: dates.primary.after.format('YYYY-MM-DD'),
              secondaryStart: dates.secondary.after.format('YYYY-MM-DD'),
              additive: isAdditiveMetric(metric.key, metric.type),
            },
          )}
          legendTotals={legendTotals(primaryTotals, secondaryTotals, metric.key)}
          isRequesting={primary.isRequesting || secondary.isRequesting || waitingForSearch}
        />
      )}
    </>
  );
}
