import fc from 'fast-check';
import { isMenuNavigationKey, nextMenuIndex } from './menu-focus';

describe('nextMenuIndex', () => {
  it('wraps down from the last item to the first and up from the first to the last', () => {
    expect(nextMenuIndex('ArrowDown', 2, 3)).toBe(0);
    expect(nextMenuIndex('ArrowUp', 0, 3)).toBe(2);
    expect(nextMenuIndex('ArrowDown', 0, 3)).toBe(1);
  });

  it('starts at the first item going down and the last going up when nothing has focus', () => {
    expect(nextMenuIndex('ArrowDown', -1, 4)).toBe(0);
    expect(nextMenuIndex('ArrowUp', -1, 4)).toBe(3);
  });

  it('jumps to the ends with Home and End', () => {
    expect(nextMenuIndex('Home', 2, 5)).toBe(0);
    expect(nextMenuIndex('End', 1, 5)).toBe(4);
  });

  it('always returns an index inside the menu, and down then up returns where it started', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.nat(), (count, seed) => {
        const start = seed % count;
        const down = nextMenuIndex('ArrowDown', start, count);
        expect(down).toBeGreaterThanOrEqual(0);
        expect(down).toBeLessThan(count);
        expect(nextMenuIndex('ArrowUp', down, count)).toBe(start);
      }),
    );
  });

  it('has nothing to focus in an empty menu', () => {
    expect(nextMenuIndex('ArrowDown', -1, 0)).toBe(-1);
  });

  it('recognises only the navigation keys', () => {
    expect(isMenuNavigationKey('Home')).toBe(true);
    expect(isMenuNavigationKey('Enter')).toBe(false);
  });
});
