import type { PerformanceIndicatorsResponse } from '@storelens/api';
import type { SummaryItem } from '@storelens/components';
import { READS, useRead } from '@storelens/data';
import { __ } from '@storelens/i18n';
import { getNewPath } from '@storelens/navigation';
import { calculateDelta } from '@storelens/number';
import { createElement } from 'react';
import { formatMargin, Unknown } from '../../reports/page/profit';

/** One performance indicator value. */
export type IndicatorValue = PerformanceIndicatorsResponse[number];

/**
 * The profit indicators: shown by default only where costs are known (a user's own choice
 * either way wins), and "—" (unknown) rather than 0 when no item sold had a known cost.
 */
export const PROFIT_INDICATORS: ReadonlySet<string> = new Set([
  'revenue/net_profit',
  'revenue/net_margin',
]);

/** The indicators the store offers, in server order. */
export function useAllowedIndicators() {
  return useRead(READS.allowedIndicators);
}

/**
 * Values of the given indicators for one range, narrowed to a saved segment when `segment`
 * names one (`segmentQuery`); nothing is asked for an empty list.
 */
export function useIndicatorValues(
  stats: readonly string[],
  range: { after: string; before: string },
  segment: Readonly<Record<string, string>> = {},
) {
  return useRead(
    READS.performanceIndicators,
    stats.length > 0 ? { stats: [...stats], ...range, ...segment } : null,
  );
}

/** The report page of an indicator, with its chart chosen and the persisted query kept. */
export function indicatorHref(
  indicator: IndicatorValue,
  persisted: Record<string, string>,
): string | undefined {
  const report = indicator._links?.report?.[0]?.href;
  if (!report) return undefined;
  return getNewPath({ ...persisted, chart: indicator.chart }, report, {});
}

/** Summary tiles: each indicator's value beside the previous range's, with the change. */
export function indicatorTiles(
  primary: readonly IndicatorValue[],
  secondary: readonly IndicatorValue[],
  options: {
    formatAmount: (n: number) => string;
    formatNumber: (n: number) => string;
    prevLabel: string;
    persisted: Record<string, string>;
  },
): SummaryItem[] {
  const previous = new Map(secondary.map((s) => [s.stat, s]));
  return primary.map((p) => {
    const prev = previous.get(p.stat)?.value ?? null;
    const format = (v: number | null) =>
      v === null
        ? PROFIT_INDICATORS.has(p.stat)
          ? createElement(Unknown)
          : __('N/A')
        : p.format === 'currency'
          ? options.formatAmount(v)
          : p.format === 'percent'
            ? formatMargin(v)
            : options.formatNumber(v);
    return {
      key: p.stat,
      label: p.label,
      value: format(p.value),
      prevLabel: options.prevLabel,
      prevValue: format(prev),
      delta: p.value !== null && prev !== null ? calculateDelta(p.value, prev) : null,
      href: indicatorHref(p, options.persisted),
    };
  });
}
