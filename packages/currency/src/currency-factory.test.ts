import fc from 'fast-check';
import { CurrencyFactory } from './currency-factory';

describe('CurrencyFactory', () => {
  it('formats amounts with the default settings', () => {
    const currency = CurrencyFactory();
    expect(currency.formatAmount(20.923)).toBe('$20.92');
    expect(currency.formatAmount('1234567.891')).toBe('$1,234,567.89');
    expect(currency.formatAmount(5, true)).toBe('USD5.00');
  });

  it('rounds half away from zero, exactly', () => {
    const currency = CurrencyFactory();
    expect(currency.formatAmount(1.005)).toBe('$1.01');
    expect(currency.formatAmount(-1.005)).toBe('-$1.01');
  });

  it('places the symbol for every position, with the sign in front', () => {
    const amount = (symbolPosition: 'left' | 'right' | 'left_space' | 'right_space') =>
      CurrencyFactory({ symbol: '€', symbolPosition }).formatAmount(-1234.5);
    expect(amount('left')).toBe('-€1,234.50');
    expect(amount('right')).toBe('-1,234.50€');
    expect(amount('left_space')).toBe('-€\u00a01,234.50');
    expect(amount('right_space')).toBe('-1,234.50\u00a0€');
  });

  it('uses the store separators and precision', () => {
    const currency = CurrencyFactory({
      code: 'EUR',
      symbol: '&euro;',
      symbolPosition: 'right_space',
      thousandSeparator: '.',
      decimalSeparator: ',',
      precision: 3,
    });
    expect(currency.formatAmount(1234.5)).toBe('1.234,500\u00a0€');
  });

  it('returns an empty string for non-numbers', () => {
    const currency = CurrencyFactory();
    expect(currency.formatAmount('abc')).toBe('');
    expect(currency.render('abc')).toBe('');
  });

  it('formatDecimal rounds to the precision as a number (0 for non-numbers)', () => {
    const currency = CurrencyFactory();
    expect(currency.formatDecimal('6.2892')).toBe(6.29);
    expect(currency.formatDecimal(1.005)).toBe(1.01);
    expect(currency.formatDecimal('x')).toBe(0);
    expect(CurrencyFactory({ precision: 0 }).formatDecimal(2.5)).toBe(3);
  });

  it('formatDecimalString gives plain text at the precision', () => {
    const currency = CurrencyFactory();
    expect(currency.formatDecimalString(1088.478)).toBe('1088.48');
    expect(currency.formatDecimalString(3)).toBe('3.00');
    expect(currency.formatDecimalString('x')).toBe('');
  });

  it('render gives the formatted amount as text for React', () => {
    expect(CurrencyFactory().render(-3)).toBe('-$3.00');
  });

  it('setCurrency replaces the settings; getCurrencyConfig returns a copy', () => {
    const currency = CurrencyFactory();
    currency.setCurrency({ code: 'GBP', symbol: '£' });
    expect(currency.formatAmount(2)).toBe('£2.00');
    const config = currency.getCurrencyConfig();
    expect(config.code).toBe('GBP');
    (config as { code: string }).code = 'XXX';
    expect(currency.getCurrencyConfig().code).toBe('GBP');
    currency.setCurrency();
    expect(currency.formatAmount(2)).toBe('$2.00');
  });

  it('exposes getPriceFormat and getDataForCountry', () => {
    const currency = CurrencyFactory();
    expect(currency.getPriceFormat({ symbolPosition: 'right' })).toBe('%2$s%1$s');
    expect(currency.getDataForCountry('GB')?.code).toBe('GBP');
  });
});

describe('CurrencyFactory with @storelens/number formatValue', () => {
  it("is a currency formatter for the 'currency' value type", async () => {
    const { formatValue } = await import('@storelens/number');
    const currency = CurrencyFactory({ symbol: '£', precision: 1 });
    expect(formatValue(currency, 'currency', 12.25)).toBe('£12.3');
    expect(formatValue(currency, 'average', 12.5)).toBe('13');
  });
});

describe('CurrencyFactory on values it cannot format', () => {
  it('answers an empty string (or 0) instead of throwing for non-numbers', () => {
    const currency = CurrencyFactory();
    for (const value of [true, [], [5], {}, { amount: 5 }, null, undefined]) {
      expect(currency.formatAmount(value)).toBe('');
      expect(currency.formatDecimalString(value)).toBe('');
      expect(currency.formatDecimal(value)).toBe(0);
      expect(currency.render(value)).toBe('');
    }
  });

  it('never throws for any value (property)', () => {
    const currency = CurrencyFactory({
      code: 'EUR',
      symbol: '€',
      decimalSeparator: ',',
      thousandSeparator: '.',
    });
    fc.assert(
      fc.property(
        fc.anything({ withBigInt: true, withMap: true, withDate: true }),
        fc.boolean(),
        (value, useCode) => {
          expect(typeof currency.formatAmount(value, useCode)).toBe('string');
          expect(typeof currency.render(value)).toBe('string');
        },
      ),
    );
  });
});
