import { NumberConfigError, resolvePrecision, validateNumberConfig } from './validate-config';

describe('validateNumberConfig', () => {
  it('applies the defaults', () => {
    expect(validateNumberConfig()).toEqual({
      precision: null,
      decimalSeparator: '.',
      thousandSeparator: ',',
    });
  });

  it('refuses a decimal separator equal to the thousand separator, with a clear error', () => {
    const attempt = () => validateNumberConfig({ decimalSeparator: ',', thousandSeparator: ',' });
    expect(attempt).toThrow(NumberConfigError);
    expect(attempt).toThrow('The decimal separator must differ from the thousand separator.');
    try {
      attempt();
    } catch (error) {
      expect((error as NumberConfigError).code).toBe('same-separators');
    }
  });

  it('refuses an empty decimal separator and digits in separators', () => {
    expect(() => validateNumberConfig({ decimalSeparator: '' })).toThrow(
      'The decimal separator must not be empty.',
    );
    expect(() => validateNumberConfig({ thousandSeparator: '1' })).toThrow(
      'A separator must not contain digits.',
    );
  });

  it('allows no thousand separator', () => {
    expect(validateNumberConfig({ thousandSeparator: '' }).thousandSeparator).toBe('');
  });
});

describe('resolvePrecision', () => {
  it('reads numbers and numeric text; null keeps decimals', () => {
    expect(resolvePrecision(2)).toBe(2);
    expect(resolvePrecision('3')).toBe(3);
    expect(resolvePrecision(null)).toBeNull();
    expect(resolvePrecision(undefined)).toBeNull();
  });

  it('throws for negative, fractional or non-numeric precision', () => {
    for (const bad of [-1, 1.5, 'two', '']) {
      expect(() => resolvePrecision(bad)).toThrow(
        'The precision must be a whole number of 0 or more.',
      );
    }
  });
});
