import fc from 'fast-check';
import { getMenuFocusIndex } from './menu-focus';

describe('getMenuFocusIndex', () => {
  it('wraps around with the arrows', () => {
    expect(getMenuFocusIndex('ArrowDown', 2, 3)).toBe(0);
    expect(getMenuFocusIndex('ArrowUp', 0, 3)).toBe(2);
    expect(getMenuFocusIndex('ArrowDown', 0, 3)).toBe(1);
  });

  it('jumps to the ends with Home and End', () => {
    expect(getMenuFocusIndex('Home', 2, 3)).toBe(0);
    expect(getMenuFocusIndex('End', 0, 3)).toBe(2);
  });

  it('ignores other keys and empty menus', () => {
    expect(getMenuFocusIndex('a', 0, 3)).toBeUndefined();
    expect(getMenuFocusIndex('ArrowDown', 0, 0)).toBeUndefined();
  });

  it('always stays inside the menu', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('ArrowDown', 'ArrowUp', 'Home', 'End'),
        fc.integer({ min: 1, max: 50 }),
        fc.nat(),
        (key, count, seed) => {
          const next = getMenuFocusIndex(key, seed % count, count);
          expect(next).toBeGreaterThanOrEqual(0);
          expect(next).toBeLessThan(count);
        },
      ),
    );
  });
});
