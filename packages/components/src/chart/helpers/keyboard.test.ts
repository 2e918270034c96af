import fc from 'fast-check';
import { getNextPointIndex } from './keyboard';

describe('getNextPointIndex', () => {
  it('moves by one with the arrows, clamped at the ends', () => {
    expect(getNextPointIndex('ArrowRight', 3, 10)).toBe(4);
    expect(getNextPointIndex('ArrowLeft', 3, 10)).toBe(2);
    expect(getNextPointIndex('ArrowRight', 9, 10)).toBe(9);
    expect(getNextPointIndex('ArrowLeft', 0, 10)).toBe(0);
  });

  it('jumps to the ends and by ten with page keys', () => {
    expect(getNextPointIndex('Home', 5, 10)).toBe(0);
    expect(getNextPointIndex('End', 5, 10)).toBe(9);
    expect(getNextPointIndex('PageDown', 5, 30)).toBe(15);
    expect(getNextPointIndex('PageUp', 5, 30)).toBe(0);
  });

  it('ignores other keys (Tab must leave the chart) and empty data', () => {
    expect(getNextPointIndex('Tab', 5, 10)).toBeNull();
    expect(getNextPointIndex('ArrowRight', 0, 0)).toBeNull();
  });

  it('always lands inside the data', () => {
    const keys = fc.constantFrom('ArrowRight', 'ArrowLeft', 'Home', 'End', 'PageUp', 'PageDown');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10000 }), fc.nat(), keys, (count, start, key) => {
        const next = getNextPointIndex(key, start % count, count);
        expect(next).not.toBeNull();
        expect(next).toBeGreaterThanOrEqual(0);
        expect(next).toBeLessThan(count);
      }),
    );
  });
});
