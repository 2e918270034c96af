import fc from 'fast-check';
import { numberFormat } from './number-format';
import { parseNumber } from './parse-number';

const us = { precision: 2, decimalSeparator: '.', thousandSeparator: ',' };
const de = { precision: 2, decimalSeparator: ',', thousandSeparator: '.' };
const fr = { precision: 2, decimalSeparator: ',', thousandSeparator: ' ' };

describe('parseNumber', () => {
  it('reads text written with the store separators into plain decimal text', () => {
    expect(parseNumber(us, '1,234.5')).toBe('1234.50');
    expect(parseNumber(de, '1.234,5')).toBe('1234.50');
    expect(parseNumber(de, '-1.234,567')).toBe('-1234.57');
  });

  it('keeps the typed decimals when precision is null', () => {
    expect(parseNumber({ ...de, precision: null }, '1.234,567')).toBe('1234.567');
    expect(parseNumber({ ...us, precision: null }, '12')).toBe('12');
  });

  it('treats any space-like character as a space thousand separator', () => {
    expect(parseNumber(fr, '1\u00a0234\u202f567,5')).toBe('1234567.50');
  });

  it('returns an empty string for text that is not a number', () => {
    for (const bad of ['', '   ', 'abc', '1,2,3.4.5', '12abc', '1.2.3']) {
      expect(parseNumber(us, bad)).toBe('');
    }
    expect(parseNumber(de, '1,2,3')).toBe('');
  });

  it('validates its settings', () => {
    expect(() => parseNumber({ decimalSeparator: ',', thousandSeparator: ',' }, '1')).toThrow(
      'The decimal separator must differ from the thousand separator.',
    );
  });
});

describe('numberFormat ⇄ parseNumber round trip (property)', () => {
  const configs = fc.constantFrom(
    { decimalSeparator: '.', thousandSeparator: ',' },
    { decimalSeparator: ',', thousandSeparator: '.' },
    { decimalSeparator: ',', thousandSeparator: ' ' },
    { decimalSeparator: '.', thousandSeparator: "'" },
    { decimalSeparator: '.', thousandSeparator: '' },
  );

  it('parsing a formatted value gives back the same decimal', () => {
    fc.assert(
      fc.property(
        configs,
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.integer({ min: 0, max: 6 }),
        (separators, units, precision) => {
          const negative = units < 0n;
          const digits = (negative ? -units : units).toString().padStart(precision + 1, '0');
          const cut = digits.length - precision;
          const text = `${negative && units !== 0n ? '-' : ''}${digits.slice(0, cut)}${precision ? `.${digits.slice(cut)}` : ''}`;
          const config = { ...separators, precision };
          expect(parseNumber(config, numberFormat(config, text))).toBe(text);
        },
      ),
    );
  });

  it('formatting a parsed value gives back the same text', () => {
    fc.assert(
      fc.property(configs, fc.integer({ min: -1e9, max: 1e9 }), (separators, cents) => {
        const config = { ...separators, precision: 2 };
        const formatted = numberFormat(config, cents / 100);
        expect(numberFormat(config, parseNumber(config, formatted))).toBe(formatted);
      }),
    );
  });
});
