import fc from 'fast-check';
import { roundScaledDecimal, roundToPrecision, toScaledDecimal } from './decimal';

describe('toScaledDecimal', () => {
  it('reads numbers through their shortest decimal text', () => {
    expect(toScaledDecimal(1.005)).toEqual({ negative: false, coefficient: 1005n, scale: 3 });
    expect(toScaledDecimal(-0.5)).toEqual({ negative: true, coefficient: 5n, scale: 1 });
    expect(toScaledDecimal(1e-7)).toEqual({ negative: false, coefficient: 1n, scale: 7 });
    expect(toScaledDecimal(1.5e21)).toEqual({
      negative: false,
      coefficient: 15n * 10n ** 20n,
      scale: 0,
    });
  });

  it('reads plain numeric strings and refuses anything else', () => {
    expect(toScaledDecimal(' 12.50 ')).toEqual({ negative: false, coefficient: 1250n, scale: 2 });
    expect(toScaledDecimal('.5')).toEqual({ negative: false, coefficient: 5n, scale: 1 });
    for (const bad of ['', '12abc', '1,5', '--1', 'NaN', 'Infinity']) {
      expect(toScaledDecimal(bad)).toBeNull();
    }
    expect(toScaledDecimal(Number.NaN)).toBeNull();
    expect(toScaledDecimal(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('never marks zero as negative', () => {
    expect(toScaledDecimal(-0)?.negative).toBe(false);
    expect(toScaledDecimal('-0.00')?.negative).toBe(false);
  });
});

describe('roundToPrecision', () => {
  it('rounds halves away from zero on the decimal a person reads', () => {
    expect(roundToPrecision(1.005, 2)).toBe('1.01');
    expect(roundToPrecision(-1.005, 2)).toBe('-1.01');
    expect(roundToPrecision(2.5, 0)).toBe('3');
    expect(roundToPrecision(-2.5, 0)).toBe('-3');
    expect(roundToPrecision(1.004, 2)).toBe('1.00');
  });

  it('pads to the precision and drops a negative zero', () => {
    expect(roundToPrecision(3, 2)).toBe('3.00');
    expect(roundToPrecision(-0.001, 2)).toBe('0.00');
    expect(roundToPrecision('abc', 2)).toBe('');
  });
});

describe('roundScaledDecimal HALF_EVEN', () => {
  it('sends ties to the even neighbour, both signs', () => {
    const round = (text: string) => {
      const decimal = toScaledDecimal(text);
      if (!decimal) throw new Error(text);
      const { negative, coefficient } = roundScaledDecimal(decimal, 0, 'HALF_EVEN');
      return (negative ? -1n : 1n) * coefficient;
    };
    expect([round('0.5'), round('1.5'), round('2.5'), round('-2.5'), round('-3.5')]).toEqual([
      0n,
      2n,
      2n,
      -2n,
      -4n,
    ]);
    expect(round('2.51')).toBe(3n);
  });

  it('property: a tie always lands on an even number', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (whole) => {
        const decimal = toScaledDecimal(`${whole}.5`);
        if (!decimal) return false;
        const { coefficient } = roundScaledDecimal(decimal, 0, 'HALF_EVEN');
        return coefficient % 2n === 0n;
      }),
    );
  });
});
