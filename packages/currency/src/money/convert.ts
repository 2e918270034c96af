import { convert as dineroConvert, transformScale } from 'dinero.js/bigint';
import {
  assertCurrencyCode,
  assertInteger,
  create,
  dineroCurrency,
  fromDinero,
  ROUNDING,
  toDinero,
  toScaledAmount,
} from './core.ts';
import { MoneyError } from './errors.ts';
import type { Money, RoundingMode } from './types.ts';

/** A rate lookup function: returns the rate itself, or a payload that `propertyPath` reads. */
export type RateLookup = (request: { from: string; to: string }) => unknown;

/** Where rates come from: a URL fetched with GET (`{{from}}`, `{{to}}` filled in) or a function. */
export type RateSource = string | URL | RateLookup;

/** Options for `convert`. */
export interface ConvertOptions {
  /** The exchange-rate endpoint: a URL (GET, JSON answer) or a lookup function. */
  readonly endpoint: RateSource;
  /** Dot path to the rate in the payload (default 'rates.{{to}}'; `{{from}}`, `{{to}}` filled in). */
  readonly propertyPath?: string;
  /** Extra request headers for a URL endpoint. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Rounding of the converted amount (default HALF_EVEN). */
  readonly rounding?: RoundingMode;
  /** Precision of the result (default: the source amount's). */
  readonly precision?: number;
  /** The fetch to use for URL endpoints (default: the global fetch). */
  readonly fetch?: typeof fetch;
  /** Cancels the request. */
  readonly signal?: AbortSignal;
}

function fillTemplate(template: string, from: string, to: string, encode: boolean): string {
  const write = (text: string) => (encode ? encodeURIComponent(text) : text);
  return template.replaceAll('{{from}}', write(from)).replaceAll('{{to}}', write(to));
}

async function loadPayload(options: ConvertOptions, from: string, to: string): Promise<unknown> {
  const { endpoint } = options;
  if (typeof endpoint === 'function') return endpoint({ from, to });
  const url = fillTemplate(String(endpoint), from, to, true);
  const doFetch = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await doFetch(url, {
      method: 'GET',
      headers: { Accept: 'application/json', ...options.headers },
      signal: options.signal,
    });
  } catch (cause) {
    throw new MoneyError('rateRequest', { cause });
  }
  if (!response.ok) throw new MoneyError('rateRequest', { cause: response.status });
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** The rate in a payload: the payload itself if numeric, else the value at the path. */
export function readRate(payload: unknown, path: string): number | null {
  let value: unknown = payload;
  if (typeof value !== 'number' && typeof value !== 'string') {
    for (const key of path.split('.')) {
      if (value === null || typeof value !== 'object') return null;
      value = (value as Record<string, unknown>)[key];
    }
  }
  const rate = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof rate === 'number' && Number.isFinite(rate) && rate > 0 ? rate : null;
}

/**
 * Converts to another currency at the rate the endpoint gives, rounding to the result's
 * precision (default HALF_EVEN). Rejects with 'No rate was found for the destination
 * currency' when the payload has no usable (positive, finite) rate, and with a `rateRequest`
 * error when the request fails. The same currency converts without a lookup.
 */
export async function convert(value: Money, to: string, options: ConvertOptions): Promise<Money> {
  assertCurrencyCode(to);
  const precision = options.precision ?? value.precision;
  assertInteger(precision);
  const rounding = ROUNDING[options.rounding ?? 'HALF_EVEN'];
  const source = toDinero(value);
  if (to === value.currency) {
    return fromDinero(transformScale(source, BigInt(precision), rounding));
  }
  const payload = await loadPayload(options, value.currency, to);
  const path = fillTemplate(options.propertyPath ?? 'rates.{{to}}', value.currency, to, false);
  const rate = readRate(payload, path);
  if (rate === null) throw new MoneyError('rate');
  const { amount, scale } = toScaledAmount(rate);
  const converted = dineroConvert(source, dineroCurrency(to), { [to]: { amount, scale } });
  const result = fromDinero(transformScale(converted, BigInt(precision), rounding));
  return create({ amount: result.amount, currency: to, precision });
}
