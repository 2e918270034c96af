/*
 * WC v3 data/countries: ISO 3166-1 codes with English names from the runtime's CLDR data
 * (Intl.DisplayNames) and the states WooCommerce lists for the United States and Canada.
 */
import type { CountryBody } from '@storelens/api';

/** Codes Intl knows that are not countries. */
const NOT_COUNTRIES = new Set([
  'EU',
  'EZ',
  'UN',
  'QO',
  'ZZ',
  'XA',
  'XB',
  'AC',
  'CP',
  'CQ',
  'DG',
  'EA',
  'IC',
  'TA',
]);

const STATES: Record<string, [string, string][]> = {
  US: Object.entries({
    AL: 'Alabama',
    AK: 'Alaska',
    AZ: 'Arizona',
    AR: 'Arkansas',
    CA: 'California',
    CO: 'Colorado',
    CT: 'Connecticut',
    DE: 'Delaware',
    DC: 'District Of Columbia',
    FL: 'Florida',
    GA: 'Georgia',
    HI: 'Hawaii',
    ID: 'Idaho',
    IL: 'Illinois',
    IN: 'Indiana',
    IA: 'Iowa',
    KS: 'Kansas',
    KY: 'Kentucky',
    LA: 'Louisiana',
    ME: 'Maine',
    MD: 'Maryland',
    MA: 'Massachusetts',
    MI: 'Michigan',
    MN: 'Minnesota',
    MS: 'Mississippi',
    MO: 'Missouri',
    MT: 'Montana',
    NE: 'Nebraska',
    NV: 'Nevada',
    NH: 'New Hampshire',
    NJ: 'New Jersey',
    NM: 'New Mexico',
    NY: 'New York',
    NC: 'North Carolina',
    ND: 'North Dakota',
    OH: 'Ohio',
    OK: 'Oklahoma',
    OR: 'Oregon',
    PA: 'Pennsylvania',
    RI: 'Rhode Island',
    SC: 'South Carolina',
    SD: 'South Dakota',
    TN: 'Tennessee',
    TX: 'Texas',
    UT: 'Utah',
    VT: 'Vermont',
    VA: 'Virginia',
    WA: 'Washington',
    WV: 'West Virginia',
    WI: 'Wisconsin',
    WY: 'Wyoming',
    AA: 'Armed Forces (AA)',
    AE: 'Armed Forces (AE)',
    AP: 'Armed Forces (AP)',
  }),
  CA: Object.entries({
    AB: 'Alberta',
    BC: 'British Columbia',
    MB: 'Manitoba',
    NB: 'New Brunswick',
    NL: 'Newfoundland and Labrador',
    NT: 'Northwest Territories',
    NS: 'Nova Scotia',
    NU: 'Nunavut',
    ON: 'Ontario',
    PE: 'Prince Edward Island',
    QC: 'Quebec',
    SK: 'Saskatchewan',
    YT: 'Yukon Territory',
  }),
};

let cache: CountryBody[] | undefined;

/** Every country, sorted by name. */
export function countries(): CountryBody[] {
  if (cache) return cache;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const out: CountryBody[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code)) continue;
      let name: string | undefined;
      try {
        name = names.of(code);
      } catch {
        name = undefined;
      }
      if (!name || name === code) continue;
      // Deprecated codes (BU, YU, …) canonicalise to their successor: leave them out.
      if (new Intl.Locale(`und-${code}`).region !== code) continue;
      out.push({
        code,
        name,
        states: (STATES[code] ?? []).map(([c, n]) => ({ code: c, name: n })),
        _links: { self: [{ href: `/wp-json/wc-analytics/data/countries/${code.toLowerCase()}` }] },
      });
    }
  }
  cache = out.sort((x, y) => x.name.localeCompare(y.name, 'en'));
  return cache;
}
