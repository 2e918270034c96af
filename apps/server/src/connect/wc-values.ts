import { toUnits } from '../money';

/**
 * WooCommerce sends money as decimal strings in the shop's decimals ("12.30", "-4.00"), a few
 * fields as JSON numbers, and "" for an amount never set. Returns integer 1/10000 units
 * (money.ts); anything else is refused rather than read as 0.
 */
export function wcMoney(value: unknown): number {
  if (value === '' || value === null || value === undefined) return 0;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Not an amount: ${value}`);
    return toUnits(value);
  }
  if (typeof value !== 'string' || !/^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/.test(value))
    throw new RangeError(`Not an amount: ${JSON.stringify(value)}`);
  return toUnits(value) + 0;
}

/**
 * A WooCommerce `_gmt` date ('2024-05-01T10:00:00', sometimes with a zone suffix or
 * fraction) as our GMT text 'YYYY-MM-DD HH:MM:SS'; null when the shop has none.
 */
export function wcGmt(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const match =
    typeof value === 'string' && /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})/.exec(value);
  if (!match) throw new RangeError(`Not a date: ${JSON.stringify(value)}`);
  return `${match[1]} ${match[2]}`;
}

/** Our GMT text as the ISO form WooCommerce's `modified_after` / `after` parameters take. */
export function toWcDate(gmt: string): string {
  return `${gmt.replace(' ', 'T')}`;
}
