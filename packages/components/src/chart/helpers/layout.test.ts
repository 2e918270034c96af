import { getChartHeight, getLegendDirection, getLegendPosition, getViewportClass } from './layout';

describe('chart layout', () => {
  it('classifies viewports at 782, 960 and 1280 px', () => {
    expect(getViewportClass(781)).toBe('mobile');
    expect(getViewportClass(782)).toBe('medium');
    expect(getViewportClass(959)).toBe('medium');
    expect(getViewportClass(960)).toBe('large');
    expect(getViewportClass(1279)).toBe('large');
    expect(getViewportClass(1280)).toBe('wide');
  });

  it('uses 180 on mobile, 300 on large and wider, 220 otherwise and 200 when unknown', () => {
    expect(getChartHeight(400)).toBe(180);
    expect(getChartHeight(800)).toBe(220);
    expect(getChartHeight(1000)).toBe(300);
    expect(getChartHeight(1600)).toBe(300);
    expect(getChartHeight(undefined)).toBe(200);
  });

  it('puts the legend on top for time-comparison and at the side for items on wide screens', () => {
    expect(getLegendPosition('time-comparison', 1400)).toBe('top');
    expect(getLegendPosition('item-comparison', 1400)).toBe('side');
  });

  it('puts the legend at the bottom on narrower or unknown screens', () => {
    expect(getLegendPosition('time-comparison', 1200)).toBe('bottom');
    expect(getLegendPosition('item-comparison', 600)).toBe('bottom');
    expect(getLegendPosition('item-comparison', undefined)).toBe('bottom');
  });

  it("respects the caller's position", () => {
    expect(getLegendPosition('time-comparison', 1400, 'bottom')).toBe('bottom');
  });

  it('lays out a top legend in a row and the others in a column', () => {
    expect(getLegendDirection('top')).toBe('row');
    expect(getLegendDirection('side')).toBe('column');
    expect(getLegendDirection('bottom')).toBe('column');
  });
});
