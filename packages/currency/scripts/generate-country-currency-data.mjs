// Generates src/country-currency-data.ts and src/currency-symbols.ts.
//
// The country list is ISO 3166-1 alpha-2 (all 249 officially assigned codes) with the currency
// each country uses in everyday trade (ISO 4217; where ISO lists two, the one shops price in).
// Separators, symbol position, decimals and symbols come from the CLDR data in Node's ICU
// (Intl), for the country's most likely language with Latin digits, so the table follows the
// Unicode consortium's locale data rather than hand-typed guesses. The output is a static file:
// browsers ship different ICU versions, and the server and client must agree.
//
// Run: node packages/currency/scripts/generate-country-currency-data.mjs && npx biome check --write packages/currency/src
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** ISO 3166-1 alpha-2 code → ISO 4217 currency code. */
const COUNTRY_CURRENCY = {
  AD: 'EUR',
  AE: 'AED',
  AF: 'AFN',
  AG: 'XCD',
  AI: 'XCD',
  AL: 'ALL',
  AM: 'AMD',
  AO: 'AOA',
  AQ: 'USD',
  AR: 'ARS',
  AS: 'USD',
  AT: 'EUR',
  AU: 'AUD',
  AW: 'AWG',
  AX: 'EUR',
  AZ: 'AZN',
  BA: 'BAM',
  BB: 'BBD',
  BD: 'BDT',
  BE: 'EUR',
  BF: 'XOF',
  BG: 'EUR',
  BH: 'BHD',
  BI: 'BIF',
  BJ: 'XOF',
  BL: 'EUR',
  BM: 'BMD',
  BN: 'BND',
  BO: 'BOB',
  BQ: 'USD',
  BR: 'BRL',
  BS: 'BSD',
  BT: 'BTN',
  BV: 'NOK',
  BW: 'BWP',
  BY: 'BYN',
  BZ: 'BZD',
  CA: 'CAD',
  CC: 'AUD',
  CD: 'CDF',
  CF: 'XAF',
  CG: 'XAF',
  CH: 'CHF',
  CI: 'XOF',
  CK: 'NZD',
  CL: 'CLP',
  CM: 'XAF',
  CN: 'CNY',
  CO: 'COP',
  CR: 'CRC',
  CU: 'CUP',
  CV: 'CVE',
  CW: 'XCG',
  CX: 'AUD',
  CY: 'EUR',
  CZ: 'CZK',
  DE: 'EUR',
  DJ: 'DJF',
  DK: 'DKK',
  DM: 'XCD',
  DO: 'DOP',
  DZ: 'DZD',
  EC: 'USD',
  EE: 'EUR',
  EG: 'EGP',
  EH: 'MAD',
  ER: 'ERN',
  ES: 'EUR',
  ET: 'ETB',
  FI: 'EUR',
  FJ: 'FJD',
  FK: 'FKP',
  FM: 'USD',
  FO: 'DKK',
  FR: 'EUR',
  GA: 'XAF',
  GB: 'GBP',
  GD: 'XCD',
  GE: 'GEL',
  GF: 'EUR',
  GG: 'GBP',
  GH: 'GHS',
  GI: 'GIP',
  GL: 'DKK',
  GM: 'GMD',
  GN: 'GNF',
  GP: 'EUR',
  GQ: 'XAF',
  GR: 'EUR',
  GS: 'GBP',
  GT: 'GTQ',
  GU: 'USD',
  GW: 'XOF',
  GY: 'GYD',
  HK: 'HKD',
  HM: 'AUD',
  HN: 'HNL',
  HR: 'EUR',
  HT: 'HTG',
  HU: 'HUF',
  ID: 'IDR',
  IE: 'EUR',
  IL: 'ILS',
  IM: 'GBP',
  IN: 'INR',
  IO: 'USD',
  IQ: 'IQD',
  IR: 'IRR',
  IS: 'ISK',
  IT: 'EUR',
  JE: 'GBP',
  JM: 'JMD',
  JO: 'JOD',
  JP: 'JPY',
  KE: 'KES',
  KG: 'KGS',
  KH: 'KHR',
  KI: 'AUD',
  KM: 'KMF',
  KN: 'XCD',
  KP: 'KPW',
  KR: 'KRW',
  KW: 'KWD',
  KY: 'KYD',
  KZ: 'KZT',
  LA: 'LAK',
  LB: 'LBP',
  LC: 'XCD',
  LI: 'CHF',
  LK: 'LKR',
  LR: 'LRD',
  LS: 'LSL',
  LT: 'EUR',
  LU: 'EUR',
  LV: 'EUR',
  LY: 'LYD',
  MA: 'MAD',
  MC: 'EUR',
  MD: 'MDL',
  ME: 'EUR',
  MF: 'EUR',
  MG: 'MGA',
  MH: 'USD',
  MK: 'MKD',
  ML: 'XOF',
  MM: 'MMK',
  MN: 'MNT',
  MO: 'MOP',
  MP: 'USD',
  MQ: 'EUR',
  MR: 'MRU',
  MS: 'XCD',
  MT: 'EUR',
  MU: 'MUR',
  MV: 'MVR',
  MW: 'MWK',
  MX: 'MXN',
  MY: 'MYR',
  MZ: 'MZN',
  NA: 'NAD',
  NC: 'XPF',
  NE: 'XOF',
  NF: 'AUD',
  NG: 'NGN',
  NI: 'NIO',
  NL: 'EUR',
  NO: 'NOK',
  NP: 'NPR',
  NR: 'AUD',
  NU: 'NZD',
  NZ: 'NZD',
  OM: 'OMR',
  PA: 'USD',
  PE: 'PEN',
  PF: 'XPF',
  PG: 'PGK',
  PH: 'PHP',
  PK: 'PKR',
  PL: 'PLN',
  PM: 'EUR',
  PN: 'NZD',
  PR: 'USD',
  PS: 'ILS',
  PT: 'EUR',
  PW: 'USD',
  PY: 'PYG',
  QA: 'QAR',
  RE: 'EUR',
  RO: 'RON',
  RS: 'RSD',
  RU: 'RUB',
  RW: 'RWF',
  SA: 'SAR',
  SB: 'SBD',
  SC: 'SCR',
  SD: 'SDG',
  SE: 'SEK',
  SG: 'SGD',
  SH: 'SHP',
  SI: 'EUR',
  SJ: 'NOK',
  SK: 'EUR',
  SL: 'SLE',
  SM: 'EUR',
  SN: 'XOF',
  SO: 'SOS',
  SR: 'SRD',
  SS: 'SSP',
  ST: 'STN',
  SV: 'USD',
  SX: 'XCG',
  SY: 'SYP',
  SZ: 'SZL',
  TC: 'USD',
  TD: 'XAF',
  TF: 'EUR',
  TG: 'XOF',
  TH: 'THB',
  TJ: 'TJS',
  TK: 'NZD',
  TL: 'USD',
  TM: 'TMT',
  TN: 'TND',
  TO: 'TOP',
  TR: 'TRY',
  TT: 'TTD',
  TV: 'AUD',
  TW: 'TWD',
  TZ: 'TZS',
  UA: 'UAH',
  UG: 'UGX',
  UM: 'USD',
  US: 'USD',
  UY: 'UYU',
  UZ: 'UZS',
  VA: 'EUR',
  VC: 'XCD',
  VE: 'VES',
  VG: 'USD',
  VI: 'USD',
  VN: 'VND',
  VU: 'VUV',
  WF: 'XPF',
  WS: 'WST',
  YE: 'YER',
  YT: 'EUR',
  ZA: 'ZAR',
  ZM: 'ZMW',
  ZW: 'ZWG',
};

/** The country whose locale writes a shared currency's symbol (otherwise the code's prefix). */
const SYMBOL_HOME = { EUR: 'DE', XAF: 'CM', XOF: 'SN', XCD: 'AG', XPF: 'PF', XCG: 'CW' };

const BIDI_MARKS = /[\u200b\u200e\u200f\u061c]/g;
const SPACES = /^[\s\u00a0\u202f]+$/;

function localeFor(country) {
  const { language } = new Intl.Locale(`und-${country}`).maximize();
  return `${language === 'und' ? 'en' : language}-${country}-u-nu-latn`;
}

function describe(country, currency) {
  const locale = localeFor(country);
  const formatter = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  });
  const parts = formatter
    .formatToParts(1234567.891)
    .map((part) => ({ ...part, value: part.value.replace(BIDI_MARKS, '') }))
    .filter((part) => part.value !== '');
  const symbolIndex = parts.findIndex((part) => part.type === 'currency');
  const firstInteger = parts.findIndex((part) => part.type === 'integer');
  const lastNumber = parts.findLastIndex((part) => ['integer', 'fraction'].includes(part.type));
  const left = symbolIndex < firstInteger;
  const between = left
    ? parts.slice(symbolIndex + 1, firstInteger)
    : parts.slice(lastNumber + 1, symbolIndex);
  const spaced = between.some((part) => SPACES.test(part.value));
  const group = parts.find((part) => part.type === 'group')?.value ?? '';
  const decimal = new Intl.NumberFormat(locale)
    .formatToParts(1.5)
    .find((p) => p.type === 'decimal');
  return {
    currency_code: currency,
    currency_pos: `${left ? 'left' : 'right'}${spaced ? '_space' : ''}`,
    thousand_sep: SPACES.test(group) ? ' ' : group,
    decimal_sep: decimal?.value ?? '.',
    num_decimals: formatter.resolvedOptions().maximumFractionDigits,
    symbol: parts[symbolIndex]?.value.trim() || currency,
  };
}

const here = dirname(fileURLToPath(import.meta.url));
const countries = Object.keys(COUNTRY_CURRENCY).sort();
const rows = countries.map((country) => [country, describe(country, COUNTRY_CURRENCY[country])]);

const symbols = {};
for (const currency of [...new Set(Object.values(COUNTRY_CURRENCY))].sort()) {
  const home =
    SYMBOL_HOME[currency] ??
    (COUNTRY_CURRENCY[currency.slice(0, 2)] === currency
      ? currency.slice(0, 2)
      : countries.find((country) => COUNTRY_CURRENCY[country] === currency));
  symbols[currency] = describe(home, currency).symbol;
}

const header =
  '// Generated by scripts/generate-country-currency-data.mjs from CLDR (Node ICU ' +
  `${process.versions.icu}, CLDR ${process.versions.cldr}). Do not edit by hand.\n`;

const table = rows
  .map(([country, { symbol: _symbol, ...info }]) => `  ${country}: ${JSON.stringify(info)},`)
  .join('\n');
writeFileSync(
  join(here, '../src/country-currency-data.ts'),
  `${header}import type { CountryCurrencyInfo } from './types.ts';\n\n` +
    '/** Currency data for every ISO 3166-1 country, keyed by alpha-2 code (WooCommerce locale-info field names). */\n' +
    `export const countryCurrencyData: Readonly<Record<string, CountryCurrencyInfo>> = {\n${table}\n};\n`,
);
writeFileSync(
  join(here, '../src/currency-symbols.ts'),
  `${header}\n/** Display symbol for each currency used by a country in \`countryCurrencyData\`, keyed by ISO 4217 code. */\n` +
    `export const currencySymbols: Readonly<Record<string, string>> = ${JSON.stringify(symbols, null, 2)};\n`,
);
console.log(`${rows.length} countries, ${Object.keys(symbols).length} currencies`);
