import type { CohortInterval, RfmGroup } from '@storelens/api';
import {
  Chart,
  type ChartDataRow,
  DateRangeFilterPicker,
  NUMBER_CLASS,
} from '@storelens/components';
import { READS, useRead } from '@storelens/data';
import { getReportDateParams } from '@storelens/date';
import { __, sprintf } from '@storelens/i18n';
import { getHistory, getNewPath, parseQuery, type QueryInput } from '@storelens/navigation';
import { useMemo } from 'react';
import { useStore } from '../../settings-context';
import { useAdminLocation } from '../../use-location';
import { formatNumber } from '../page/format';
import { SegmentNote, SegmentPicker, segmentQuery } from '../segments/segments';
import { type CohortMetric, cellValue, HeatTable } from './HeatTable';
import './cohorts.css';

const INTERVALS: { value: CohortInterval; label: string }[] = [
  { value: 'week', label: __('Week') },
  { value: 'month', label: __('Month') },
  { value: 'quarter', label: __('Quarter') },
  { value: 'year', label: __('Year') },
];

const METRICS: { value: CohortMetric; label: string }[] = [
  { value: 'retention', label: __('Customers who ordered again (%)') },
  { value: 'customers', label: __('Customers who ordered') },
  { value: 'orders', label: __('Orders') },
  { value: 'net_revenue', label: __('Net sales') },
  { value: 'ltv', label: __('Cumulative net sales per customer') },
];

/** The RFM groups' names and what each means. */
export const RFM_LABELS: Record<RfmGroup, [string, string]> = {
  champions: [__('Champions'), __('Bought recently, often and much')],
  loyal: [__('Loyal'), __('Buy regularly')],
  promising: [__('Promising'), __('Bought recently, not often yet')],
  needs_attention: [__('Needs attention'), __('Middling on every count')],
  at_risk: [__('At risk'), __('Bought often, not lately')],
  cant_lose: [__("Can't lose"), __('Were the best, not seen lately')],
  hibernating: [__('Hibernating'), __('Few orders, long ago')],
  lost: [__('Lost'), __('One small order, long ago')],
};

const FILTERS = [
  ['first_product', __('First product (id)')],
  ['first_category', __('First category (id)')],
  ['first_coupon', __('First coupon (id)')],
  ['country', __('Country (two letters)')],
  ['first_source', __('First source (utm, organic, referral, typein…)')],
] as const;

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The Cohorts report: cohorts by first order as a heat table and retention curves, and RFM. */
export default function CohortsPage() {
  const location = useAdminLocation();
  const path = location.pathname;
  const query = useMemo(() => parseQuery(location.search), [location.search]);
  const { settings, formatAmount } = useStore();
  const navigate = (next: QueryInput) => getHistory().push(getNewPath(next, path, query));
  const range = getReportDateParams(query, settings.defaultDateRange).primary;
  const interval = (INTERVALS.find((i) => i.value === query.interval)?.value ??
    'month') as CohortInterval;
  const metric = (METRICS.find((m) => m.value === query.metric)?.value ??
    'retention') as CohortMetric;
  const filters = Object.fromEntries(
    FILTERS.map(([key]) => [key, text(query[key])]).filter(([, v]) => v !== ''),
  );
  const segment = segmentQuery(query);
  const cohorts = useRead(READS.cohorts, {
    period: interval,
    after: range.after,
    before: range.before,
    ...filters,
    ...segment,
  });
  // The page's saved segment narrows the RFM groups too: scored over its orders alone.
  const rfm = useRead(READS.rfm, {
    period: interval,
    ...segment,
  });
  const rows = cohorts.data ?? [];
  const periods = Math.max(0, ...rows.map((r) => r.periods.length));
  const periodLabel = (k: number) => (k === 0 ? __('First') : sprintf(__('+%d'), k));
  const cellFilters = Object.fromEntries(
    Object.entries(filters).map(([k, v]) => [
      k === 'country' ? 'cohort_country' : `cohort_${k}`,
      v,
    ]),
  );
  // A cell or a group opens the Customers report on exactly its customers: under the page's
  // segment too, which the Customers report then scores and counts by as this page does.
  const customersHref = (params: Record<string, string | number>) =>
    getNewPath(
      Object.fromEntries(Object.entries({ ...params, ...segment }).map(([k, v]) => [k, String(v)])),
      '/customers',
      {},
    );
  const format = (m: CohortMetric, v: number) =>
    m === 'retention'
      ? `${formatNumber(Math.round(v * 10) / 10)}%`
      : m === 'net_revenue' || m === 'ltv'
        ? formatAmount(v)
        : formatNumber(v);

  const chartRows: ChartDataRow[] = useMemo(() => {
    const first = rows[0];
    if (!first) return [];
    return first.periods.map((_, k) => {
      const row: ChartDataRow = { date: periodDate(first.date_start, interval, k) };
      for (const c of rows.slice(-5))
        row[c.cohort] = {
          value: k < c.periods.length ? cellValue(c, k, metric) : 0,
          label: c.cohort,
        };
      return row;
    });
  }, [rows, interval, metric]);

  return (
    <div className="sl-report sl-cohorts" data-report="cohorts">
      <h1 className="sl-report__title">{__('Cohorts')}</h1>
      <section className="sl-report__filters sl-cohorts__filters" aria-label={__('Filters')}>
        <DateRangeFilterPicker
          query={query}
          defaultDateRange={settings.defaultDateRange}
          onRangeSelect={(update) => navigate({ ...update })}
        />
        <SegmentPicker query={query} />
        <label className="sl-cohorts__field">
          <span>{__('Cohorts by')}</span>
          <select value={interval} onChange={(e) => navigate({ interval: e.target.value })}>
            {INTERVALS.map((i) => (
              <option key={i.value} value={i.value}>
                {i.label}
              </option>
            ))}
          </select>
        </label>
        <label className="sl-cohorts__field">
          <span>{__('Show')}</span>
          <select value={metric} onChange={(e) => navigate({ metric: e.target.value })}>
            {METRICS.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
        <form
          className="sl-cohorts__narrow"
          aria-label={__('Cohorts whose first order')}
          onSubmit={(e) => {
            e.preventDefault();
            const data = new FormData(e.currentTarget);
            navigate(
              Object.fromEntries(
                FILTERS.map(([key]) => [key, String(data.get(key) ?? '') || undefined]),
              ),
            );
          }}
        >
          {FILTERS.map(([key, label]) => (
            <label key={key} className="sl-cohorts__field">
              <span>{label}</span>
              <input name={key} defaultValue={text(query[key])} size={10} />
            </label>
          ))}
          <button type="submit" className="sl-button">
            {__('Apply')}
          </button>
        </form>
      </section>
      {cohorts.error ? (
        <div role="alert" className="sl-notice sl-notice--error">
          <p>{cohorts.error.message}</p>
        </div>
      ) : cohorts.isFetching && !cohorts.data ? (
        <p role="status">{__('Loading cohorts…')}</p>
      ) : rows.length === 0 ? (
        <p role="status">{__('No customers had their first order in the selected date range.')}</p>
      ) : (
        <>
          <HeatTable
            rows={rows}
            periods={periods}
            periodLabel={periodLabel}
            caption={sprintf(
              __('%1$s by cohort and period after the first order (%2$s)'),
              METRICS.find((m) => m.value === metric)!.label,
              INTERVALS.find((i) => i.value === interval)!.label,
            )}
            cell={(row, k) => {
              const p = row.periods[k];
              if (!p) return null;
              const value = cellValue(row, k, metric);
              const retention = row.customers ? (100 * p.customers) / row.customers : 0;
              return {
                value,
                text: format(metric, value),
                href: customersHref({
                  cohort: row.cohort,
                  cohort_interval: interval,
                  cohort_period: k,
                  ...cellFilters,
                }),
                label: sprintf(
                  __(
                    'Cohort %1$s, %2$s: %3$s of %4$s customers ordered (%5$s), %6$s orders, %7$s net sales, %8$s per customer so far. Opens these customers.',
                  ),
                  row.cohort,
                  k === 0 ? __('first period') : sprintf(__('period +%d'), k),
                  formatNumber(p.customers),
                  formatNumber(row.customers),
                  `${formatNumber(Math.round(retention * 10) / 10)}%`,
                  formatNumber(p.orders),
                  formatAmount(p.net_revenue),
                  formatAmount(p.ltv),
                ),
              };
            }}
          />
          <Chart
            mode="item-comparison"
            title={sprintf(
              __('%s, the latest cohorts by period after the first order'),
              METRICS.find((m) => m.value === metric)!.label,
            )}
            data={chartRows}
            interval={interval}
            valueType={metric === 'net_revenue' || metric === 'ltv' ? 'currency' : 'number'}
            currency={settings.currency}
            legendPosition="side"
            emptyMessage={__('No data for the selected date range')}
          />
        </>
      )}
      <section className="sl-cohorts__rfm" aria-labelledby="sl-rfm-title">
        <h2 id="sl-rfm-title">{__('RFM groups')}</h2>
        {rfm.error ? (
          <div role="alert" className="sl-notice sl-notice--error">
            <p>{rfm.error.message}</p>
          </div>
        ) : (
          <p className="sl-cohorts__hint">
            {rfm.data
              ? sprintf(
                  __(
                    '%1$s customers scored on recency, frequency and money in quintiles as of %2$s, against %3$s.',
                  ),
                  formatNumber(rfm.data.customers),
                  rfm.data.as_of.slice(0, 10),
                  rfm.data.previous_as_of.slice(0, 10),
                )
              : __('Loading RFM groups…')}
          </p>
        )}
        <SegmentNote
          query={query}
          text={__(
            'The groups score only the orders of the segment “%s”, its customers ranked among themselves; a group opens the Customers report on the same customers.',
          )}
        />
        {rfm.data && (
          <table className="sl-table sl-cohorts__groups">
            <thead>
              <tr>
                <th scope="col">{__('Group')}</th>
                <th scope="col">{__('Customers')}</th>
                <th scope="col">{__('Share of net sales')}</th>
                <th scope="col">{__('Net sales')}</th>
                <th scope="col">{__('A period before')}</th>
                <th scope="col">{__('Stayed')}</th>
              </tr>
            </thead>
            <tbody>
              {rfm.data.groups.map((g) => (
                <tr key={g.group}>
                  <th scope="row">
                    <a
                      className="sl-link"
                      href={customersHref({ rfm_group: g.group })}
                      aria-label={sprintf(
                        __('%1$s: open these %2$s customers'),
                        RFM_LABELS[g.group][0],
                        formatNumber(g.customers),
                      )}
                    >
                      {RFM_LABELS[g.group][0]}
                    </a>
                    <span className="sl-cohorts__muted"> — {RFM_LABELS[g.group][1]}</span>
                  </th>
                  <td className={NUMBER_CLASS}>{formatNumber(g.customers)}</td>
                  <td className={NUMBER_CLASS}>{`${formatNumber(g.revenue_share)}%`}</td>
                  <td className={NUMBER_CLASS}>{formatAmount(g.net_revenue)}</td>
                  <td className={NUMBER_CLASS}>{formatNumber(g.previous_customers)}</td>
                  <td className={NUMBER_CLASS}>{formatNumber(g.stayed)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

/** The date the chart plots period k at: k periods after the oldest cohort's start. */
function periodDate(start: string, interval: CohortInterval, k: number): string {
  const d = new Date(`${start.slice(0, 10)}T00:00:00Z`);
  if (interval === 'week') d.setUTCDate(d.getUTCDate() + 7 * k);
  else if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + k);
  else if (interval === 'quarter') d.setUTCMonth(d.getUTCMonth() + 3 * k);
  else d.setUTCFullYear(d.getUTCFullYear() + k);
  return d.toISOString().slice(0, 10);
}
