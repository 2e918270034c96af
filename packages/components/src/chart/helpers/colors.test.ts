import fc from 'fast-check';
import { assignColorIndexes, colorVar } from './colors';

const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

describe('assignColorIndexes', () => {
  it('gives the first five their own slot', () => {
    const colors = assignColorIndexes(keys, ['a', 'b', 'c', 'd', 'e']);
    expect(keys.slice(0, 5).map((key) => colors.get(key))).toEqual([0, 1, 2, 3, 4]);
  });

  it('lets a visible series beyond five reuse a slot freed by a hidden one', () => {
    const colors = assignColorIndexes(keys, ['a', 'b', 'f', 'g', 'h']);
    expect(['f', 'g', 'h'].map((key) => colors.get(key))).toEqual([2, 3, 4]);
  });

  it('never gives two visible series the same colour, and stays within the palette', () => {
    const visibleSets = fc
      .subarray(keys, { minLength: 1, maxLength: 5 })
      .map((subset) => subset as string[]);
    fc.assert(
      fc.property(visibleSets, (visible) => {
        const colors = assignColorIndexes(keys, visible);
        const slots = visible.map((key) => colors.get(key));
        expect(new Set(slots).size).toBe(visible.length);
        for (const key of keys) {
          const slot = colors.get(key);
          expect(slot).toBeGreaterThanOrEqual(0);
          expect(slot).toBeLessThan(5);
        }
      }),
    );
  });

  it('maps a slot to the design token', () => {
    expect(colorVar(0)).toBe('var(--sl-chart-1)');
    expect(colorVar(4)).toBe('var(--sl-chart-5)');
  });
});
