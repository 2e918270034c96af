import fc from 'fast-check';
import { getInitialVisibleKeys, getToggleBlock, toggleVisibleKey } from './visibility';

const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

describe('series visibility rules', () => {
  it('shows the first five keys at first', () => {
    expect(getInitialVisibleKeys(keys)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(getInitialVisibleKeys(['a', 'b'])).toEqual(['a', 'b']);
  });

  it('hides and shows a series, keeping legend order', () => {
    expect(toggleVisibleKey('b', ['a', 'b', 'c'], keys)).toEqual(['a', 'c']);
    expect(toggleVisibleKey('b', ['a', 'c'], keys)).toEqual(['a', 'b', 'c']);
  });

  it('never hides the last visible series', () => {
    expect(getToggleBlock('a', ['a'])).toBe('last-visible');
    const visible = ['a'];
    expect(toggleVisibleKey('a', visible, keys)).toBe(visible);
  });

  it('never shows a sixth series', () => {
    const five = ['a', 'b', 'c', 'd', 'e'];
    expect(getToggleBlock('f', five)).toBe('limit-reached');
    expect(toggleVisibleKey('f', five, keys)).toBe(five);
    expect(getToggleBlock('a', five)).toBeNull();
  });

  it('keeps between 1 and 5 visible keys over any toggle sequence', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...keys), { maxLength: 60 }), (clicks) => {
        let visible: readonly string[] = getInitialVisibleKeys(keys);
        for (const key of clicks) {
          visible = toggleVisibleKey(key, visible, keys);
          expect(visible.length).toBeGreaterThanOrEqual(1);
          expect(visible.length).toBeLessThanOrEqual(5);
          expect(new Set(visible).size).toBe(visible.length);
        }
      }),
    );
  });

  it('ignores keys that are not in the data', () => {
    const visible = ['a'];
    expect(toggleVisibleKey('zzz', visible, keys)).toBe(visible);
  });
});
