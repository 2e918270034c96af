import * as api from './index';
import { type Currency, CurrencyFactory, type Money, money } from './index';

describe('@storelens/currency public API', () => {
  it('exports the factory, the country table and the localisers', () => {
    expect(typeof api.CurrencyFactory).toBe('function');
    expect(typeof api.getDataForCountry).toBe('function');
    expect(typeof api.localiseMonetaryValue).toBe('function');
    expect(typeof api.unformatLocalisedMonetaryValue).toBe('function');
    expect(Object.keys(api.countryCurrencyData)).toHaveLength(249);
  });

  it('exports the money API as one namespace', () => {
    for (const name of [
      'create',
      'add',
      'subtract',
      'multiply',
      'divide',
      'percentage',
      'allocate',
      'convert',
      'compare',
      'equals',
      'lessThan',
      'greaterThan',
      'format',
      'toDecimal',
      'fromDecimal',
    ]) {
      expect(typeof (money as Record<string, unknown>)[name], name).toBe('function');
    }
    expect(money.moneyDefaults).toEqual({
      currency: 'USD',
      precision: 2,
      locale: 'en-US',
      format: '$0,0.00',
      rounding: 'HALF_EVEN',
      formatRounding: 'HALF_AWAY_FROM_ZERO',
    });
  });

  it('has typed signatures', () => {
    expectTypeOf(CurrencyFactory).returns.toEqualTypeOf<Currency>();
    expectTypeOf(money.add).returns.toEqualTypeOf<Money>();
    expectTypeOf(money.allocate).returns.toEqualTypeOf<Money[]>();
    expectTypeOf(money.convert).returns.toEqualTypeOf<Promise<Money>>();
    expectTypeOf(money.compare).returns.toEqualTypeOf<-1 | 0 | 1>();
    expectTypeOf(money.format).returns.toEqualTypeOf<string>();
  });
});
