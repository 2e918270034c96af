import * as iso4217 from 'dinero.js/currencies';
import { countryCurrencyData } from './country-currency-data';
import { currencySymbols } from './currency-symbols';

/** ISO 3166-1 alpha-2: the 249 officially assigned codes. */
const ISO_3166_1 = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS
BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE
EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM
HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC
LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA
NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW
SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO
TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW`
  .trim()
  .split(/\s+/);

describe('countryCurrencyData', () => {
  it('covers exactly the ISO 3166-1 countries', () => {
    expect(ISO_3166_1).toHaveLength(249);
    expect(Object.keys(countryCurrencyData).sort()).toEqual([...ISO_3166_1].sort());
  });

  it('gives every country a current ISO 4217 currency with a symbol', () => {
    const codes = new Set(Object.keys(iso4217));
    for (const [country, info] of Object.entries(countryCurrencyData)) {
      expect(codes.has(info.currency_code), `${country} ${info.currency_code}`).toBe(true);
      expect(currencySymbols[info.currency_code], info.currency_code).toBeTruthy();
    }
  });

  it('has usable formatting fields for every country', () => {
    for (const [country, info] of Object.entries(countryCurrencyData)) {
      expect(['left', 'right', 'left_space', 'right_space'], country).toContain(info.currency_pos);
      expect(info.decimal_sep, country).not.toBe('');
      expect(info.decimal_sep, country).not.toBe(info.thousand_sep);
      expect(Number.isInteger(info.num_decimals) && info.num_decimals >= 0, country).toBe(true);
    }
  });

  it('matches known conventions', () => {
    expect(countryCurrencyData.US).toEqual({
      currency_code: 'USD',
      currency_pos: 'left',
      thousand_sep: ',',
      decimal_sep: '.',
      num_decimals: 2,
    });
    expect(countryCurrencyData.FR).toMatchObject({
      currency_code: 'EUR',
      currency_pos: 'right_space',
      thousand_sep: ' ',
      decimal_sep: ',',
    });
    expect(countryCurrencyData.JP).toMatchObject({ currency_code: 'JPY', num_decimals: 0 });
    expect(countryCurrencyData.KW).toMatchObject({ currency_code: 'KWD', num_decimals: 3 });
    expect(countryCurrencyData.BG?.currency_code).toBe('EUR');
    expect(countryCurrencyData.HR?.currency_code).toBe('EUR');
    expect(countryCurrencyData.IN).toMatchObject({ currency_code: 'INR', currency_pos: 'left' });
    expect(countryCurrencyData.CH).toMatchObject({ currency_code: 'CHF', thousand_sep: "'" });
  });
});
