import { patternFormat, validateMask } from './pattern-format';
import { NumberConfigError } from './validate-config';

describe('patternFormat', () => {
  it('writes digits into the slots and the mask into the rest', () => {
    expect(patternFormat({ format: '#### ####' }, '12345')).toBe('1234 5___');
    expect(patternFormat({ format: '(###) ###-####', mask: ' ' }, '555-123')).toBe(
      '(555) 123-    ',
    );
    expect(patternFormat({ format: '##/##', patternChar: '#', mask: 'x' }, '12345')).toBe('12/34');
  });

  it('refuses a mask that contains a digit, with a clear error', () => {
    expect(() => patternFormat({ format: '###', mask: '0' }, '1')).toThrow(NumberConfigError);
    expect(() => validateMask('a1')).toThrow('A mask must not contain digits.');
    expect(validateMask('_')).toBe('_');
  });
});
