/**
 * Exact decimal arithmetic on the numbers the REST API answers: a JSON number is read as the
 * decimal it is written as (JavaScript writes a number as the shortest decimal that reads back
 * as it), so `12.3 - 2.1` is `"10.20"` at two places, never `10.200000000000001`.
 */

/** A decimal as an integer and a count of decimal places: 12.30 → (1230n, 2). */
interface Scaled {
  units: bigint;
  places: number;
}

/** Reads a finite number as the decimal JavaScript writes it (exponents included). */
function scaled(value: number): Scaled {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match) throw new RangeError(`Not a finite number: ${value}`);
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  let digits = `${whole}${fraction}`;
  let places = fraction.length - Number(exponent);
  if (places < 0) {
    digits += '0'.repeat(-places);
    places = 0;
  }
  return { units: BigInt(`${sign}${digits}`), places };
}

/**
 * Writes a decimal as plain text with at least `minPlaces` decimals (more only when the value
 * has them: nothing is rounded).
 */
function write({ units, places }: Scaled, minPlaces: number): string {
  while (places > minPlaces && units % 10n === 0n) {
    units /= 10n;
    places--;
  }
  if (places < minPlaces) {
    units *= 10n ** BigInt(minPlaces - places);
    places = minPlaces;
  }
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  const text = places > 0 ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return negative ? `-${text}` : text;
}

/** A number as exact decimal text with at least `places` decimals (money: the store's). */
export function decimalText(value: number, places = 0): string {
  return write(scaled(value), places);
}

/** `a − b`, exactly, as decimal text with at least `places` decimals. */
export function difference(a: number, b: number, places = 0): string {
  const x = scaled(a);
  const y = scaled(b);
  const common = Math.max(x.places, y.places);
  const units =
    x.units * 10n ** BigInt(common - x.places) - y.units * 10n ** BigInt(common - y.places);
  return write({ units, places: common }, places);
}
