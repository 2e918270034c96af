import { toScaledDecimal } from './decimal.ts';
import { numberFormat } from './number-format.ts';
import type { CurrencyFormatter, NumberConfig, ValueType } from './types.ts';

function isCurrencyFormatter(
  source: Partial<NumberConfig> | CurrencyFormatter,
): source is CurrencyFormatter {
  return 'formatAmount' in source && typeof source.formatAmount === 'function';
}

/**
 * Formats a report value by type: 'average' rounds to a whole number (half away from zero),
 * 'number' keeps the value's decimals, 'currency' uses the currency's `formatAmount` (or, given
 * only number settings, its precision, default 2). All use the thousand separator. Returns null
 * for a missing or non-finite value.
 */
export function formatValue(
  source: Partial<NumberConfig> | CurrencyFormatter,
  type: ValueType,
  value: number | string | null | undefined,
): string | null {
  if (value === null || value === undefined) return null;
  const decimal = toScaledDecimal(value);
  if (!decimal) return null;
  const config = isCurrencyFormatter(source) ? source.getCurrencyConfig() : source;
  switch (type) {
    case 'average':
      return numberFormat({ ...config, precision: 0 }, value);
    case 'number':
      return numberFormat({ ...config, precision: null }, value);
    case 'currency':
      if (isCurrencyFormatter(source)) return source.formatAmount(Number(value));
      return numberFormat({ ...config, precision: config.precision ?? 2 }, value);
  }
}
