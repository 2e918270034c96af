import fc from 'fast-check';
import { canCompare, compareQueryValue, MIN_COMPARE_ITEMS } from './compare-value';

const option = (key: string) => ({ key, label: key.toUpperCase() });

describe('compareQueryValue', () => {
  it('joins the keys with commas', () => {
    expect(compareQueryValue([option('12'), option('7'), option('30')])).toBe('12,7,30');
  });

  it('removes the param when nothing is chosen', () => {
    expect(compareQueryValue([])).toBeUndefined();
  });

  it('splits back into the same keys', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[0-9a-z]+$/), { minLength: 1 }), (keys) => {
        expect(compareQueryValue(keys.map(option))?.split(',')).toEqual(keys);
      }),
    );
  });
});

describe('canCompare', () => {
  it('needs at least two items', () => {
    expect(MIN_COMPARE_ITEMS).toBe(2);
    expect(canCompare([])).toBe(false);
    expect(canCompare([option('1')])).toBe(false);
    expect(canCompare([option('1'), option('2')])).toBe(true);
  });
});
