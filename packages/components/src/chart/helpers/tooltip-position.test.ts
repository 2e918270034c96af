import { getTooltipPlacement } from './tooltip-position';

describe('getTooltipPlacement', () => {
  it('goes right of the date in the left half', () => {
    expect(getTooltipPlacement(100, 600, 8)).toEqual({ left: 112, top: 8 });
  });

  it('goes left of the date in the right half, anchored by its right edge', () => {
    expect(getTooltipPlacement(500, 600, 8)).toEqual({ right: 112, top: 8 });
  });
});
