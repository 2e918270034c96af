import fc from 'fast-check';
import { add, divide, multiply, percentage, subtract } from './arithmetic';
import { create } from './core';

const usd = (amount: number, precision = 2) => create({ amount, precision });
const eur = (amount: number) => create({ amount, currency: 'EUR' });
const SAME_CURRENCY = 'You must provide a Dinero instance with the same currency.';

describe('add and subtract', () => {
  it('work in minor units', () => {
    expect(add(usd(150), usd(275))).toEqual(usd(425));
    expect(subtract(usd(150), usd(275))).toEqual(usd(-125));
  });

  it('bring both to the higher precision', () => {
    expect(add(usd(1), usd(1, 3))).toEqual(usd(11, 3));
    expect(subtract(usd(100, 2), usd(1, 4))).toEqual(usd(9999, 4));
  });

  it('require the same currency', () => {
    expect(() => add(usd(1), eur(1))).toThrow(SAME_CURRENCY);
    expect(() => subtract(usd(1), eur(1))).toThrow(SAME_CURRENCY);
  });

  it('property: subtract undoes add', () => {
    const amount = fc.integer({ min: -(2 ** 40), max: 2 ** 40 });
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        expect(subtract(add(usd(a), usd(b)), usd(b))).toEqual(usd(a));
      }),
    );
  });
});

describe('multiply', () => {
  it('multiplies exactly and rounds HALF_EVEN to the precision', () => {
    expect(multiply(usd(5), 0.5)).toEqual(usd(2)); // 2.5 → 2
    expect(multiply(usd(7), 0.5)).toEqual(usd(4)); // 3.5 → 4
    expect(multiply(usd(-5), 0.5)).toEqual(usd(-2));
    expect(multiply(usd(1001), 1.1)).toEqual(usd(1101)); // 1101.1, no binary drift
    expect(multiply(usd(200), 3)).toEqual(usd(600));
  });

  it('takes another rounding mode', () => {
    expect(multiply(usd(5), 0.5, 'HALF_AWAY_FROM_ZERO')).toEqual(usd(3));
    expect(multiply(usd(5), 0.5, 'DOWN')).toEqual(usd(2));
  });

  it('refuses a non-finite multiplier', () => {
    expect(() => multiply(usd(5), Number.NaN)).toThrow('You must provide a finite number.');
  });
});

describe('divide', () => {
  it('divides exactly and rounds HALF_EVEN', () => {
    expect(divide(usd(5), 2)).toEqual(usd(2)); // 2.5 → 2
    expect(divide(usd(7), 2)).toEqual(usd(4)); // 3.5 → 4
    expect(divide(usd(-7), 2)).toEqual(usd(-4));
    expect(divide(usd(100), -3)).toEqual(usd(-33));
    expect(divide(usd(100), 0.5)).toEqual(usd(200));
  });

  it('refuses 0 and non-finite divisors', () => {
    expect(() => divide(usd(5), 0)).toThrow('You cannot divide by zero.');
    expect(() => divide(usd(5), Number.POSITIVE_INFINITY)).toThrow(
      'You must provide a finite number.',
    );
  });
});

describe('percentage', () => {
  it('takes a percentage, rounding HALF_EVEN', () => {
    expect(percentage(usd(5000), 50)).toEqual(usd(2500));
    expect(percentage(usd(250), 1)).toEqual(usd(2)); // 2.5 → 2
    expect(percentage(usd(350), 1)).toEqual(usd(4)); // 3.5 → 4
    expect(percentage(usd(1000), 12.5)).toEqual(usd(125));
    expect(percentage(usd(1000), 0)).toEqual(usd(0));
    expect(percentage(usd(1000), 100)).toEqual(usd(1000));
  });

  it("refuses anything outside 0..100 with 'You must provide a numeric value between 0 and 100.'", () => {
    for (const bad of [-0.01, 100.01, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => percentage(usd(1000), bad)).toThrow(
        'You must provide a numeric value between 0 and 100.',
      );
    }
  });
});

describe('HALF_EVEN ties (property)', () => {
  it('a tie lands on the even neighbour, for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), (whole) => {
        // (2·whole + 1) / 2 is always exactly half-way between whole and whole + 1.
        const result = divide(usd(2 * whole + 1), 2).amount;
        expect(Math.abs(result % 2)).toBe(0);
        expect([whole, whole + 1]).toContain(result);
        expect(multiply(usd(2 * whole + 1), 0.5).amount).toBe(result);
      }),
    );
  });

  it('a non-tie goes to the nearest unit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(2 ** 30), max: 2 ** 30 }),
        fc.integer({ min: 1, max: 9 }),
        (amount, d) => {
          const exact = amount / d;
          const result = divide(usd(amount), d).amount;
          expect(Math.abs(result - exact)).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });
});
