import { create } from './core';
import { MoneyError } from './errors';

describe('create', () => {
  it('defaults to 0 USD at precision 2', () => {
    expect(create()).toEqual({ amount: 0, currency: 'USD', precision: 2 });
  });

  it('returns frozen plain data', () => {
    const value = create({ amount: 5, currency: 'EUR', precision: 3 });
    expect(value).toEqual({ amount: 5, currency: 'EUR', precision: 3 });
    expect(Object.isFrozen(value)).toBe(true);
  });

  it("refuses non-integer amounts and precision with 'You must provide an integer.'", () => {
    for (const options of [
      { amount: 1.5 },
      { amount: Number.NaN },
      { precision: 2.5 },
      { precision: -1 },
      { amount: 2 ** 60 },
    ]) {
      expect(() => create(options)).toThrow(new MoneyError('integer'));
      expect(() => create(options)).toThrow('You must provide an integer.');
    }
  });

  it('refuses a currency that is not a three-letter code', () => {
    expect(() => create({ currency: 'usd' })).toThrow(
      'You must provide a three-letter currency code.',
    );
  });
});
