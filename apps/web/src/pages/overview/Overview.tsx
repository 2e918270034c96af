import type { LeaderboardsResponse } from '@storelens/api';
import {
  Chart,
  type ChartInterval,
  type ChartType,
  DateRangeFilterPicker,
  Link,
  NUMBER_CLASS,
  SummaryNumbers,
  VISUALLY_HIDDEN,
} from '@storelens/components';
import { getReportStatsQuery, READS, useRead, useReportStats } from '@storelens/data';
import {
  getAllowedIntervalsForQuery,
  getCurrentDates,
  getIntervalForQuery,
  getReportDateParams,
} from '@storelens/date';
import { __, sprintf } from '@storelens/i18n';
import { getNewPath, parseQuery, type Query, updateQueryString } from '@storelens/navigation';
import { formatValue } from '@storelens/number';
import {
  type IntervalLike,
  isAdditiveMetric,
  legendTotals,
  timeComparisonRows,
} from '../../reports/page/chart-rows';
import { Unknown } from '../../reports/page/profit';
import {
  SegmentNote,
  SegmentPicker,
  SegmentTools,
  segmentQuery,
} from '../../reports/segments/segments';
import { useStore } from '../../settings-context';
import { UpdatedAt } from '../../shell/freshness';
import { useNotices } from '../../shell/notices';
import { usePersistedQuery } from '../../shell/persisted-query';
import { useUserPreference } from '../../shell/preferences';
import { useAdminLocation } from '../../use-location';
import {
  chartBlock,
  fieldsByEndpoint,
  OVERVIEW_CHARTS,
  type OverviewChart,
  readCell,
} from './charts';
import {
  indicatorTiles,
  PROFIT_INDICATORS,
  useAllowedIndicators,
  useIndicatorValues,
} from './indicators';
import {
  HeaderSelect,
  OverviewSection,
  type SectionControls,
  type SectionProps,
  useSectionMenu,
} from './Section';
import {
  addSection,
  canMove,
  type DashboardSection,
  mergeSections,
  moveSection,
  removeSection,
  renameSection,
  toggleBlock,
} from './sections';

const NO_SAVED: unknown = null;
const formatNumber = (n: number) => formatValue({ precision: 0 }, 'number', n) ?? String(n);

/**
 * Whether the cost of some item sold in the range is known (profit/stats' cost coverage);
 * false until answered, so the profit indicators never show before their default is known.
 */
function useCostsKnown(range: { after: string; before: string }): boolean {
  const stats = useReportStats('profit', {
    after: range.after,
    before: range.before,
    interval: 'year',
    fields: ['cost_coverage'],
  });
  const coverage = (stats.data?.totals as Record<string, unknown> | null | undefined)
    ?.cost_coverage;
  return typeof coverage === 'number' && coverage > 0;
}

function PerformanceSection(props: SectionProps) {
  const { section, query, controls } = props;
  const menu = useSectionMenu(props);
  const { settings, formatAmount } = useStore();
  const persisted = usePersistedQuery();
  const allowed = useAllowedIndicators();
  const range = getReportDateParams(query, settings.defaultDateRange);
  // The profit indicators are on by default where costs are known for some items sold.
  const costsKnown = useCostsKnown(range.primary);
  const defaultOf = (stat: string) => (PROFIT_INDICATORS.has(stat) ? costsKnown : undefined);
  const visible = (allowed.data ?? [])
    .filter((i) => menu.isShown(i.stat, defaultOf(i.stat)))
    .map((i) => i.stat);
  const dates = getCurrentDates(query, settings.defaultDateRange);
  // The page's saved segment narrows both ranges' values, and goes with each tile's link.
  const segment = segmentQuery(query);
  const primary = useIndicatorValues(visible, range.primary, segment);
  const secondary = useIndicatorValues(visible, range.secondary, segment);
  const failed = primary.error || secondary.error || allowed.error;
  const items =
    primary.data && secondary.data
      ? indicatorTiles(primary.data, secondary.data, {
          formatAmount,
          formatNumber,
          prevLabel: dates.secondary.label,
          persisted: { ...persisted, ...segment },
        })
      : [];
  return (
    <OverviewSection
      title={section.title || __('Store Performance')}
      menuLabel={__('Choose which analytics to display and the section name')}
      menuTitle={__('Display stats:')}
      controls={controls}
      toggles={menu.toggles(
        (allowed.data ?? []).map((i) => {
          const defaultShown = defaultOf(i.stat);
          return defaultShown === undefined
            ? { block: i.stat, label: i.label }
            : { block: i.stat, label: i.label, defaultShown };
        }),
      )}
    >
      {failed ? (
        <p className="sl-notice--error" role="alert">
          {__('The performance indicators could not be loaded.')}
        </p>
      ) : visible.length === 0 && allowed.data ? (
        <p>{__('No stats are chosen: pick some in this section’s menu.')}</p>
      ) : (
        <SummaryNumbers
          label={section.title || __('Store Performance')}
          items={items}
          isLoading={primary.isFetching || secondary.isFetching || !allowed.data}
          placeholderCount={Math.max(visible.length, 1)}
        />
      )}
    </OverviewSection>
  );
}

function ChartBlock({
  chart,
  query,
  fields,
  interval,
  type,
}: {
  chart: OverviewChart;
  query: Query;
  fields: string[];
  interval: ChartInterval;
  type: ChartType;
}) {
  const { settings } = useStore();
  const persisted = usePersistedQuery();
  const withInterval = { ...query, interval };
  const defaultDateRange = settings.defaultDateRange;
  const dates = getCurrentDates(query, defaultDateRange);
  // Every chart's stats report takes the page's saved segment, as its report page sends it.
  const segment = segmentQuery(query);
  const primary = useReportStats(chart.endpoint, {
    ...getReportStatsQuery({
      endpoint: chart.endpoint,
      query: withInterval,
      defaultDateRange,
      fields,
    }),
    ...segment,
  });
  const secondary = useReportStats(chart.endpoint, {
    ...getReportStatsQuery({
      endpoint: chart.endpoint,
      query: withInterval,
      defaultDateRange,
      fields,
      dataType: 'secondary',
    }),
    ...segment,
  });
  const rows = timeComparisonRows(
    (primary.data?.intervals ?? []) as unknown as IntervalLike[],
    (secondary.data?.intervals ?? []) as unknown as IntervalLike[],
    chart.key,
    {
      primary: `${dates.primary.label} (${dates.primary.range})`,
      secondary: `${dates.secondary.label} (${dates.secondary.range})`,
    },
    {
      interval,
      primaryStart: dates.primary.after.format('YYYY-MM-DD'),
      secondaryStart: dates.secondary.after.format('YYYY-MM-DD'),
      additive: isAdditiveMetric(chart.key, chart.type),
    },
  );
  const totals = legendTotals(
    primary.data?.totals as Record<string, unknown> | undefined,
    secondary.data?.totals as Record<string, unknown> | undefined,
    chart.key,
  );
  const href = getNewPath(
    { ...persisted, ...segment, chart: chart.key },
    `/analytics/${chart.endpoint}`,
    {},
  );
  return (
    <div className="sl-overview__chart sl-card">
      <h3 className="sl-overview__chart-title">
        <Link href={href} aria-label={sprintf(__('%s Report'), chart.label)}>
          {chart.label}
        </Link>
      </h3>
      {primary.error || secondary.error ? (
        <p className="sl-notice--error" role="alert">
          {sprintf(__('The %s chart could not be loaded.'), chart.label)}
        </p>
      ) : (
        <Chart
          data={rows}
          type={type}
          interval={interval}
          valueType={chart.type}
          currency={settings.currency}
          legendTotals={totals}
          isRequesting={primary.isRequesting || secondary.isRequesting}
          legendPosition="bottom"
          height={220}
          emptyMessage={__('No data for the selected date range')}
        />
      )}
    </div>
  );
}

function ChartsSection(props: SectionProps) {
  const { section, query, controls } = props;
  const menu = useSectionMenu(props);
  const { settings } = useStore();
  const notice = useNotices();
  const [savedInterval, saveInterval] = useUserPreference<string>(
    'dashboard_chart_interval',
    'day',
  );
  const [savedType, saveType] = useUserPreference<string>('dashboard_chart_type', 'line');
  const allowed = getAllowedIntervalsForQuery(query, settings.defaultDateRange) as ChartInterval[];
  const interval = (allowed as string[]).includes(savedInterval)
    ? (savedInterval as ChartInterval)
    : (getIntervalForQuery(query, settings.defaultDateRange) as ChartInterval);
  const type: ChartType = savedType === 'bar' ? 'bar' : 'line';
  const visible = OVERVIEW_CHARTS.filter((c) => menu.isShown(chartBlock(c)));
  const fields = fieldsByEndpoint(visible);
  const failed = () => notice(__('Your chart settings could not be saved.'));
  const intervalLabels: Record<string, string> = {
    hour: __('By hour'),
    day: __('By day'),
    week: __('By week'),
    month: __('By month'),
    quarter: __('By quarter'),
    year: __('By year'),
  };
  return (
    <OverviewSection
      title={section.title}
      menuLabel={__('Choose which charts to display')}
      menuTitle={__('Charts')}
      controls={controls}
      tools={
        <>
          <HeaderSelect
            label={__('Interval')}
            hideLabel
            value={interval}
            options={allowed.map((i) => ({ value: i, label: intervalLabels[i] ?? i }))}
            onChange={(next) => saveInterval(next).catch(failed)}
          />
          <fieldset className="sl-overview__type">
            <legend className={VISUALLY_HIDDEN}>{__('Chart type')}</legend>
            {(['line', 'bar'] as const).map((t) => (
              <button
                key={t}
                type="button"
                className="sl-button"
                aria-pressed={type === t}
                onClick={() => saveType(t).catch(failed)}
              >
                {t === 'line' ? __('Line chart') : __('Bar chart')}
              </button>
            ))}
          </fieldset>
        </>
      }
      toggles={menu.toggles(OVERVIEW_CHARTS.map((c) => ({ block: chartBlock(c), label: c.label })))}
    >
      {visible.length === 0 ? (
        <p>{__('No charts are chosen: pick some in this section’s menu.')}</p>
      ) : (
        <div className="sl-overview__charts">
          {visible.map((c) => (
            <ChartBlock
              key={chartBlock(c)}
              chart={c}
              query={query}
              fields={fields.get(c.endpoint) ?? [c.key]}
              interval={interval}
              type={type}
            />
          ))}
        </div>
      )}
    </OverviewSection>
  );
}

function LeaderboardsSection(props: SectionProps) {
  const { section, query, controls } = props;
  const menu = useSectionMenu(props);
  const { settings } = useStore();
  const persisted = usePersistedQuery();
  const notice = useNotices();
  const [rows, saveRows] = useUserPreference<number>('dashboard_leaderboard_rows', 5);
  const perPage = Number.isInteger(rows) && rows >= 1 && rows <= 20 ? rows : 5;
  const range = getReportDateParams(query, settings.defaultDateRange).primary;
  const allowed = useRead(READS.allowedLeaderboards);
  const boards = useRead(READS.leaderboards, {
    ...range,
    per_page: perPage,
    persisted_query: JSON.stringify(persisted),
    ...segmentQuery(query),
  });
  const visible = (allowed.data ?? []).filter((b) => menu.isShown(b.id));
  const byId = new Map<string, LeaderboardsResponse[number]>(
    (boards.data ?? []).map((b) => [b.id, b]),
  );
  return (
    <OverviewSection
      title={section.title}
      menuLabel={__('Choose which leaderboards to display and other settings')}
      menuTitle={__('Leaderboards')}
      controls={controls}
      tools={
        <HeaderSelect
          label={__('Rows per table')}
          value={perPage}
          options={Array.from({ length: 20 }, (_, i) => ({ value: i + 1, label: String(i + 1) }))}
          onChange={(next) =>
            saveRows(Number(next)).catch(() =>
              notice(__('Your leaderboard settings could not be saved.')),
            )
          }
        />
      }
      toggles={menu.toggles((allowed.data ?? []).map((b) => ({ block: b.id, label: b.label })))}
    >
      {boards.error || allowed.error ? (
        <p className="sl-notice--error" role="alert">
          {__('The leaderboards could not be loaded.')}
        </p>
      ) : (
        <div className="sl-overview__leaderboards">
          {visible.map((b) => {
            const data = byId.get(b.id);
            return (
              <div key={b.id} className="sl-card sl-overview__leaderboard">
                <table>
                  <caption>{b.label}</caption>
                  <thead>
                    <tr>
                      {b.headers.map((h, i) => (
                        <th key={h.label} scope="col" className={i > 0 ? 'is-numeric' : undefined}>
                          {h.label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {!data ? (
                      <tr>
                        <td colSpan={b.headers.length}>{__('Loading…')}</td>
                      </tr>
                    ) : data.rows.length === 0 ? (
                      <tr>
                        <td colSpan={b.headers.length}>
                          {__('No data recorded for the selected time period.')}
                        </td>
                      </tr>
                    ) : (
                      data.rows.map((row) => (
                        <tr key={row[0]?.display ?? ''}>
                          {b.headers.map((h, c) => {
                            const { text, href } = readCell(row[c]?.display ?? '');
                            return c === 0 ? (
                              <th key={h.label} scope="row">
                                {href ? <Link href={href}>{text}</Link> : text}
                              </th>
                            ) : (
                              <td key={h.label} className={`is-numeric ${NUMBER_CLASS}`}>
                                {text === '—' ? <Unknown /> : text}
                              </td>
                            );
                          })}
                        </tr>
                      ))
                    )}
                  </tbody>
                </table>
              </div>
            );
          })}
        </div>
      )}
    </OverviewSection>
  );
}

/** `/analytics/overview`: Performance, Charts and Leaderboards, arranged per user. */
export function Overview() {
  const location = useAdminLocation();
  const query = parseQuery(location.search);
  const { settings } = useStore();
  const notice = useNotices();
  const [saved, save] = useUserPreference<unknown>('dashboard_sections', NO_SAVED);
  const sections = mergeSections(saved);
  const update = (next: DashboardSection[]) => {
    save(next).catch(() => notice(__('Your dashboard layout could not be saved.')));
  };
  const visible = sections.filter((s) => s.isVisible);
  const hidden = sections.filter((s) => !s.isVisible);

  const controlsFor = (key: string): SectionControls => ({
    canMoveUp: canMove(sections, key, -1),
    canMoveDown: canMove(sections, key, 1),
    onMove: (step) => update(moveSection(sections, key, step)),
    onRemove: () => update(removeSection(sections, key)),
    onRename: (title) => update(renameSection(sections, key, title)),
  });
  const toggle = (key: string) => (block: string, defaultShown?: boolean) =>
    update(toggleBlock(sections, key, block, defaultShown));

  return (
    <div className="sl-page sl-overview">
      <h1 className="sl-page__title">{__('Overview')}</h1>
      <UpdatedAt />
      <section className="sl-report__filters" aria-label={__('Date range')}>
        <DateRangeFilterPicker
          query={query}
          defaultDateRange={settings.defaultDateRange}
          onRangeSelect={(range) => updateQueryString({ ...range })}
        />
      </section>
      <SegmentTools>
        <SegmentPicker query={query} />
      </SegmentTools>
      <SegmentNote query={query} />
      {visible.map((s) => {
        const props: SectionProps = {
          section: s,
          query,
          controls: controlsFor(s.key),
          onToggle: toggle(s.key),
        };
        if (s.key === 'store-performance') return <PerformanceSection key={s.key} {...props} />;
        if (s.key === 'charts') return <ChartsSection key={s.key} {...props} />;
        return <LeaderboardsSection key={s.key} {...props} />;
      })}
      {hidden.length > 0 && (
        <section className="sl-overview__add" aria-label={__('Dashboard Sections')}>
          <h2 className={VISUALLY_HIDDEN}>{__('Add more sections')}</h2>
          {hidden.map((s) => (
            <button
              key={s.key}
              type="button"
              className="sl-button"
              onClick={() => update(addSection(sections, s.key))}
            >
              {sprintf(__('Add %s section'), s.title)}
            </button>
          ))}
        </section>
      )}
    </div>
  );
}
