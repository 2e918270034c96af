import {
  Chart,
  type ChartInterval,
  type ChartType,
  DateRangeFilterPicker,
  SummaryNumbers,
  TableCard,
  type TableHeader,
} from '@storelens/components';
import { getReportStatsQuery, useReportStats } from '@storelens/data';
import {
  getAllowedIntervalsForQuery,
  getChartTypeForQuery,
  getCurrentDates,
  getIntervalForQuery,
} from '@storelens/date';
import { __, sprintf } from '@storelens/i18n';
import { getNewPath, parseQuery, type QueryInput, updateQueryString } from '@storelens/navigation';
import { calculateDelta } from '@storelens/number';
import { useStore } from '../../settings-context';
import { useAdminLocation } from '../../use-location';
import { type IntervalLike, timeComparisonRows } from './chart-rows';
import { intervalLabel } from './interval-label';
import { revenueMetrics, selectedMetric } from './metrics';
import { pageOfIntervals, tableState } from './table-rows';

const ENDPOINT = 'revenue';

/** The Revenue report: date range, summary numbers, chart and table, all driven by the URL. */
export function RevenueReport() {
  const location = useAdminLocation();
  const query = parseQuery(location.search);
  const { settings, formatAmount } = useStore();
  const defaultDateRange = settings.defaultDateRange;

  const dates = getCurrentDates(query, defaultDateRange);
  const interval = getIntervalForQuery(query, defaultDateRange) as ChartInterval;
  const allowedIntervals = getAllowedIntervalsForQuery(query, defaultDateRange) as ChartInterval[];
  const chartType = getChartTypeForQuery(query) as ChartType;
  const metric = selectedMetric(query.chart);

  const primary = useReportStats(
    ENDPOINT,
    getReportStatsQuery({ endpoint: ENDPOINT, query, defaultDateRange }),
  );
  const secondary = useReportStats(
    ENDPOINT,
    getReportStatsQuery({ endpoint: ENDPOINT, query, defaultDateRange, dataType: 'secondary' }),
  );
  const navigate = (update: QueryInput) => updateQueryString(update);

  const primaryTotals = (primary.data?.totals ?? {}) as Record<string, unknown>;
  const secondaryTotals = (secondary.data?.totals ?? {}) as Record<string, unknown>;
  const primaryIntervals = (primary.data?.intervals ?? []) as unknown as IntervalLike[];
  const secondaryIntervals = (secondary.data?.intervals ?? []) as unknown as IntervalLike[];
  const loading = primary.isRequesting || secondary.isRequesting;
  const failed = primary.error ?? secondary.error;

  const summary = revenueMetrics.map((m) => {
    const value = primaryTotals[m.key];
    const previous = secondaryTotals[m.key];
    return {
      key: m.key,
      label: m.label,
      value: typeof value === 'number' ? formatAmount(value) : undefined,
      prevValue: typeof previous === 'number' ? formatAmount(previous) : undefined,
      prevLabel: dates.secondary.label,
      delta:
        typeof value === 'number' && typeof previous === 'number'
          ? calculateDelta(value, previous)
          : null,
      reverseTrend: m.reverseTrend ?? false,
      selected: m.key === metric.key,
      href: getNewPath({ chart: m.key }, location.pathname, query),
    };
  });

  const headers: TableHeader[] = [
    {
      key: 'date',
      label: __('Date'),
      isSortable: true,
      defaultSort: true,
      required: true,
      isLeftAligned: true,
    },
    { key: 'orders_count', label: __('Orders'), isSortable: true, isNumeric: true },
    ...revenueMetrics.map((m) => ({
      key: m.key,
      label: m.label,
      isSortable: true,
      isNumeric: true,
    })),
  ];
  const table = tableState(
    query,
    headers.map((h) => h.key),
  );
  const tableRows = pageOfIntervals(primaryIntervals, table).map((i) => [
    { display: intervalLabel(interval, i.date_start), value: i.date_start },
    {
      display: String(i.subtotals.orders_count ?? 0),
      value: Number(i.subtotals.orders_count ?? 0),
    },
    ...revenueMetrics.map((m) => {
      const v = Number(i.subtotals[m.key] ?? 0);
      return { display: formatAmount(v), value: v };
    }),
  ]);

  return (
    <div className="sl-report">
      <h1 className="sl-report__title">{__('Revenue')}</h1>
      <section className="sl-report__filters" aria-label={__('Date range')}>
        <DateRangeFilterPicker
          query={query}
          defaultDateRange={defaultDateRange}
          onRangeSelect={(update) => navigate({ ...update, paged: undefined })}
        />
      </section>
      {failed && (
        <div role="alert" className="sl-notice sl-notice--error">
          {sprintf(__('The report could not be loaded: %s'), failed.message)}
        </div>
      )}
      <SummaryNumbers
        label={__('Performance')}
        items={summary}
        isLoading={loading && !primary.data}
      />
      <Chart
        title={metric.label}
        data={timeComparisonRows(primaryIntervals, secondaryIntervals, metric.key, {
          primary: `${dates.primary.label} (${dates.primary.range})`,
          secondary: `${dates.secondary.label} (${dates.secondary.range})`,
        })}
        type={chartType}
        onChartTypeChange={(type) => navigate({ chartType: type })}
        interval={interval}
        allowedIntervals={allowedIntervals}
        onIntervalChange={(next) => navigate({ interval: next })}
        valueType="currency"
        currency={settings.currency}
        isRequesting={loading}
        emptyMessage={__('No data for the selected date range')}
      />
      <TableCard
        title={__('Revenue')}
        reportId="revenue"
        headers={headers}
        rows={tableRows}
        totalRows={primaryIntervals.length}
        rowsPerPage={25}
        query={{
          orderby: table.orderby,
          order: table.order,
          paged: table.page,
          per_page: table.perPage,
        }}
        onQueryChange={(update) => navigate(update as QueryInput)}
        isLoading={loading && !primary.data}
        summary={[
          { label: __('days'), value: String(primaryIntervals.length) },
          { label: __('orders'), value: String(primaryTotals.orders_count ?? 0) },
          { label: __('net sales'), value: formatAmount(Number(primaryTotals.net_revenue ?? 0)) },
        ]}
      />
    </div>
  );
}
