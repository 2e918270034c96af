import { SCROLL_DELAY, scrollTarget } from './scroll';

describe('scrollTarget', () => {
  it('adds the element position, the current scroll and the offset', () => {
    expect(scrollTarget(120, 300, -20)).toBe(400);
    expect(scrollTarget(120, 300, '-20')).toBe(400);
    expect(scrollTarget(120, 300, 'nope')).toBe(420);
  });

  it('never goes above the top of the page', () => {
    expect(scrollTarget(-500, 100, 0)).toBe(0);
  });

  it('waits 250 ms', () => {
    expect(SCROLL_DELAY).toBe(250);
  });
});
