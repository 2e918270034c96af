import { numberFormat } from '@storelens/number';
import fc from 'fast-check';
import {
  localiseMonetaryValue,
  MonetaryValueError,
  unformatLocalisedMonetaryValue,
} from './localise';

const de = { precision: 2, decimalSeparator: ',', thousandSeparator: '.' };

describe('localiseMonetaryValue', () => {
  it('localises numbers with the separators and precision', () => {
    expect(localiseMonetaryValue(de, 1234.5)).toBe('1.234,50');
    expect(localiseMonetaryValue({ ...de, precision: null }, 1234.5)).toBe('1.234,5');
  });

  it('localises text that holds only a number, plain or grouped', () => {
    expect(localiseMonetaryValue(de, '1234,5')).toBe('1.234,50');
    expect(localiseMonetaryValue(de, ' 1.234,5 ')).toBe('1.234,50');
    expect(localiseMonetaryValue(de, '-12')).toBe('-12,00');
  });

  it('returns any other text unchanged', () => {
    expect(localiseMonetaryValue(de, 'Free shipping')).toBe('Free shipping');
    expect(localiseMonetaryValue(de, '12 items')).toBe('12 items');
    expect(localiseMonetaryValue(de, '1,2,3')).toBe('1,2,3');
  });
});

describe('unformatLocalisedMonetaryValue', () => {
  it('reads localised text back into a number', () => {
    expect(unformatLocalisedMonetaryValue(de, '1.234,5')).toBe(1234.5);
    expect(unformatLocalisedMonetaryValue(de, '-0,25')).toBe(-0.25);
    expect(unformatLocalisedMonetaryValue(de, '0')).toBe(0);
    expect(unformatLocalisedMonetaryValue(de, 12.5)).toBe(12.5);
  });

  const failure = (value: number | string) => {
    try {
      unformatLocalisedMonetaryValue(de, value);
    } catch (error) {
      return error instanceof MonetaryValueError ? error.code : 'other';
    }
    return 'none';
  };

  it('refuses empty text, formulas, other characters and misplaced decimal separators', () => {
    expect(failure('  ')).toBe('empty');
    expect(failure('[price]*2')).toBe('formula');
    expect(failure('12 €')).toBe('not-numeric');
    expect(failure(Number.NaN)).toBe('not-numeric');
    expect(failure('1,2,3')).toBe('invalid-decimal-separator');
    expect(failure('1,234.5')).toBe('invalid-decimal-separator');
  });

  it('property: unformat(localise(x)) gives x back', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const value = cents / 100;
        expect(unformatLocalisedMonetaryValue(de, localiseMonetaryValue(de, value))).toBe(value);
      }),
    );
  });

  it('property: localised text survives a second localise unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const once = numberFormat(de, cents / 100);
        expect(localiseMonetaryValue(de, once)).toBe(once);
      }),
    );
  });
});
