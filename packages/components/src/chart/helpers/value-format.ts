import { formatLocale } from 'd3-format';
import type { ChartCurrency, ChartValueType } from '../types';

/** Turns a number into display text. */
export type NumberFormatter = (value: number) => string;

const DEFAULT_CURRENCY: ChartCurrency = { symbol: '$', symbolPosition: 'left' };

/** The d3-format y-axis specifiers per value type, and the one used when every value is below 1. */
export const Y_FORMATS: Record<ChartValueType, { format: string; below1?: string }> = {
  average: { format: ',.0f' },
  number: { format: ',.0f' },
  currency: { format: '$.3~s', below1: '$.3~f' },
};

/** A d3-format locale whose `$` is the store's currency symbol, placed as the store places it. */
export function createChartLocale(currency: ChartCurrency = DEFAULT_CURRENCY) {
  const position = currency.symbolPosition ?? 'left';
  const symbol = currency.symbol;
  const affix: [string, string] =
    position === 'left'
      ? [symbol, '']
      : position === 'left_space'
        ? [`${symbol}\u00a0`, '']
        : position === 'right'
          ? ['', symbol]
          : ['', `\u00a0${symbol}`];
  return formatLocale({
    decimal: currency.decimalSeparator ?? '.',
    thousands: currency.thousandSeparator ?? ',',
    grouping: [3],
    currency: affix,
  });
}

/**
 * The y-axis formatter: ',.0f' for number and average; for currency '$.3~s', and '$.3~f' for
 * values below 1 in size (so 0.5 reads $0.5, not $500m).
 */
export function getYFormatter(
  valueType: ChartValueType,
  currency?: ChartCurrency,
): NumberFormatter {
  const locale = createChartLocale(currency);
  const { format, below1 } = Y_FORMATS[valueType];
  const main = locale.format(format);
  if (below1 === undefined) return main;
  const small = locale.format(below1);
  return (value) => (Math.abs(value) < 1 ? small(value) : main(value));
}

/** The tooltip and legend value formatter: whole numbers, two-decimal averages, money. */
export function getValueFormatter(
  valueType: ChartValueType,
  currency?: ChartCurrency,
): NumberFormatter {
  const locale = createChartLocale(currency);
  if (valueType === 'currency') return locale.format('$,.2f');
  if (valueType === 'average') return locale.format(',.2~f');
  return locale.format(',.0f');
}
