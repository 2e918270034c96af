/**
 * Money is stored as integer 1/10000 units of the store currency, so sums are exact on both
 * engines and any currency precision up to 4 decimals fits. Floats only appear at the edge,
 * when an answer is serialised rounded to the store's precision.
 */
export const MONEY_SCALE = 10_000;

/** Parses a decimal amount ('12.34', 12.34, '-0.5') into units, half away from zero. */
export function toUnits(amount: number | string): number {
  const text = typeof amount === 'number' ? amount.toFixed(6) : amount.trim();
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) {
    throw new RangeError(`Not a decimal amount: "${amount}"`);
  }
  const sign = match[1] === '-' ? -1 : 1;
  const whole = Number(match[2] || '0');
  const fraction = (match[3] ?? '').padEnd(5, '0');
  let units = whole * MONEY_SCALE + Number(fraction.slice(0, 4));
  if (Number(fraction[4]) >= 5) units += 1;
  return sign * units;
}

/** Rounds units to a currency precision (half away from zero) and returns a JSON number. */
export function fromUnits(units: number, precision = 2): number {
  const step = 10 ** (4 - precision);
  const rounded = Math.sign(units) * Math.round(Math.abs(units) / step);
  return rounded / 10 ** precision + 0; // + 0 turns -0 into 0
}

/** Splits `total` units over `weights` so the parts sum exactly to the total. */
export function allocateUnits(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) return [];
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const parts = weights.map((w) => Math.trunc((total * w) / sum));
  let rest = total - parts.reduce((a, b) => a + b, 0);
  const step = Math.sign(rest);
  for (let i = 0; rest !== 0; i = (i + 1) % parts.length) {
    if (weights[i]! > 0) {
      parts[i]! += step;
      rest -= step;
    }
  }
  return parts;
}
