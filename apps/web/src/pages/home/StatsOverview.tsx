import { EllipsisMenu, Link, MenuItem, MenuTitle, SummaryNumbers } from '@storelens/components';
import { getReportDateParams } from '@storelens/date';
import { __ } from '@storelens/i18n';
import { getNewPath } from '@storelens/navigation';
import { formatValue } from '@storelens/number';
import { useState } from 'react';
import { useStore } from '../../settings-context';
import { useNotices } from '../../shell/notices';
import { usePersistedQuery } from '../../shell/persisted-query';
import { useUserPreference } from '../../shell/preferences';
import { indicatorTiles, useAllowedIndicators, useIndicatorValues } from '../overview/indicators';

/** The indicators the stats overview may show. */
const CANDIDATES = [
  'revenue/total_sales',
  'revenue/net_revenue',
  'orders/orders_count',
  'products/items_sold',
];
const TABS = [
  { period: 'today', label: __('Today') },
  { period: 'week', label: __('Week to date') },
  { period: 'month', label: __('Month to date') },
] as const;
const DEFAULT_PREFS = { hiddenStats: ['revenue/net_revenue', 'products/items_sold'] };
const formatNumber = (n: number) => formatValue({ precision: 0 }, 'number', n) ?? String(n);

/** "Stats overview": today, week and month to date against the previous period. */
export function StatsOverview() {
  const { formatAmount } = useStore();
  const persisted = usePersistedQuery();
  const notice = useNotices();
  const [tab, setTab] = useState<(typeof TABS)[number]['period']>('today');
  const [prefs, savePrefs] = useUserPreference<{ hiddenStats?: string[] }>(
    'homepage_stats',
    DEFAULT_PREFS,
  );
  const hidden = new Set(Array.isArray(prefs.hiddenStats) ? prefs.hiddenStats : []);
  const allowed = useAllowedIndicators();
  const candidates = (allowed.data ?? []).filter((i) => CANDIDATES.includes(i.stat));
  const visible = candidates.filter((i) => !hidden.has(i.stat)).map((i) => i.stat);
  const query = { period: tab, compare: 'previous_period' };
  const range = getReportDateParams(query);
  const primary = useIndicatorValues(visible, range.primary);
  const secondary = useIndicatorValues(visible, range.secondary);
  const items =
    primary.data && secondary.data
      ? indicatorTiles(primary.data, secondary.data, {
          formatAmount,
          formatNumber,
          prevLabel: __('Previous period:'),
          persisted: { ...persisted, period: tab, compare: 'previous_period' },
        })
      : [];
  const toggle = (stat: string) => {
    const next = hidden.has(stat) ? [...hidden].filter((s) => s !== stat) : [...hidden, stat];
    savePrefs({ ...prefs, hiddenStats: next }).catch(() =>
      notice(__('Your stats choice could not be saved.')),
    );
  };
  return (
    <section className="sl-card sl-stats-overview" aria-labelledby="stats-overview-title">
      <div className="sl-card__header">
        <h2 id="stats-overview-title">{__('Stats overview')}</h2>
        <EllipsisMenu label={__('Choose which values to display')}>
          <MenuTitle>{__('Display stats:')}</MenuTitle>
          {candidates.map((i) => (
            <MenuItem
              key={i.stat}
              kind="checkbox"
              checked={!hidden.has(i.stat)}
              onInvoke={() => toggle(i.stat)}
            >
              {i.label}
            </MenuItem>
          ))}
        </EllipsisMenu>
      </div>
      <div className="sl-tabs" role="tablist" aria-label={__('Stats period')}>
        {TABS.map((t) => (
          <button
            key={t.period}
            type="button"
            role="tab"
            id={`stats-tab-${t.period}`}
            aria-selected={tab === t.period}
            aria-controls="stats-tab-panel"
            tabIndex={tab === t.period ? 0 : -1}
            className="sl-tabs__tab"
            onClick={() => setTab(t.period)}
            onKeyDown={(e) => {
              const index = TABS.findIndex((x) => x.period === tab);
              const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              e.preventDefault();
              const next = TABS[(index + step + TABS.length) % TABS.length]!;
              setTab(next.period);
              document.getElementById(`stats-tab-${next.period}`)?.focus();
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="stats-tab-panel" aria-labelledby={`stats-tab-${tab}`}>
        {primary.error || secondary.error || allowed.error ? (
          <p className="sl-notice--error" role="alert">
            {__('The stats could not be loaded.')}
          </p>
        ) : visible.length === 0 && allowed.data ? (
          <p>{__('No stats are chosen: pick some in the menu.')}</p>
        ) : (
          <SummaryNumbers
            label={__('Stats overview')}
            items={items}
            isLoading={primary.isFetching || secondary.isFetching || !allowed.data}
            placeholderCount={Math.max(visible.length, 1)}
          />
        )}
      </div>
      <p>
        <Link href={getNewPath(persisted, '/analytics/overview', {})}>
          {__('View detailed stats')}
        </Link>
      </p>
    </section>
  );
}
