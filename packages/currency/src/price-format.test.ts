import { applyPriceFormat, getPriceFormat } from './price-format';

describe('getPriceFormat', () => {
  it('gives the template for each symbol position (no-break space when spaced)', () => {
    expect(getPriceFormat({ symbolPosition: 'left' })).toBe('%1$s%2$s');
    expect(getPriceFormat({ symbolPosition: 'right' })).toBe('%2$s%1$s');
    expect(getPriceFormat({ symbolPosition: 'left_space' })).toBe('%1$s\u00a0%2$s');
    expect(getPriceFormat({ symbolPosition: 'right_space' })).toBe('%2$s\u00a0%1$s');
  });

  it("defaults to 'left'", () => {
    expect(getPriceFormat({})).toBe('%1$s%2$s');
  });

  it('prefers an explicit price format, as plain text', () => {
    expect(getPriceFormat({ symbolPosition: 'left', priceFormat: '%2$s&nbsp;<b>%1$s</b>' })).toBe(
      '%2$s\u00a0%1$s',
    );
  });
});

describe('applyPriceFormat', () => {
  it('puts the symbol at %1$s and the number at %2$s', () => {
    expect(applyPriceFormat('%2$s %1$s', '€', '1,50')).toBe('1,50 €');
    expect(applyPriceFormat('%1$s%2$s', '$', '3')).toBe('$3');
  });
});
