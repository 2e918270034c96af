import { transformScale } from 'dinero.js/bigint';
import { ROUNDING, toDinero } from './core.ts';
import { decimalText } from './decimal.ts';
import { type Money, moneyDefaults, type RoundingMode } from './types.ts';

/** Options for `format`. */
export interface FormatOptions {
  /** BCP 47 locale for separators and symbol placement (default 'en-US'). */
  readonly locale?: string;
  /** Rounding to the mask's decimals (default HALF_AWAY_FROM_ZERO). */
  readonly rounding?: RoundingMode;
}

/** What a mask asks for: currency display, grouping and decimals. */
export interface MaskSettings {
  /** How the currency shows: symbol ('$'), code ('USD'), name ('dollar') or not at all. */
  readonly currencyDisplay: 'symbol' | 'code' | 'name' | 'none';
  /** Whether thousands are grouped ('0,0'). */
  readonly useGrouping: boolean;
  /** Decimals shown: the zeros after '0.'. */
  readonly fractionDigits: number;
}

/**
 * Reads a mask in the Dinero/Numeral style: '$' shows the symbol, a three-letter code such as
 * 'USD' the code, 'dollar' the name; '0,0' groups thousands; the zeros after '0.' are the decimals.
 */
export function parseMask(mask: string): MaskSettings {
  const currencyDisplay = /[A-Z]{3}/.test(mask)
    ? 'code'
    : /dollar/i.test(mask)
      ? 'name'
      : mask.includes('$')
        ? 'symbol'
        : 'none';
  return {
    currencyDisplay,
    useGrouping: mask.includes('0,0'),
    fractionDigits: /0\.(0+)/.exec(mask)?.[1]?.length ?? 0,
  };
}

/**
 * Formats money with a mask (default '$0,0.00') in a locale (default 'en-US'), rounding half
 * away from zero to the mask's decimals: format(create({ amount: 123456 })) → '$1,234.56'.
 */
export function format(
  value: Money,
  mask: string = moneyDefaults.format,
  options: FormatOptions = {},
): string {
  const { currencyDisplay, useGrouping, fractionDigits } = parseMask(mask);
  const rounding = ROUNDING[options.rounding ?? moneyDefaults.formatRounding];
  const rounded = transformScale(toDinero(value), BigInt(fractionDigits), rounding);
  const { amount } = rounded.toJSON();
  const text = decimalText(amount, fractionDigits);
  const formatter = new Intl.NumberFormat(options.locale ?? moneyDefaults.locale, {
    ...(currencyDisplay === 'none'
      ? { style: 'decimal' as const }
      : { style: 'currency' as const, currency: value.currency, currencyDisplay }),
    useGrouping,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
  return formatter.format(text as `${number}`);
}
