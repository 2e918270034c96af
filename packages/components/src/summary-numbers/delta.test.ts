import fc from 'fast-check';
import { deltaDirection, deltaSentiment, describeDelta, formatDelta } from './delta';

describe('delta', () => {
  it('reads up, down and no change', () => {
    expect(describeDelta(12, 'Previous year')).toBe('Up 12% from Previous year');
    expect(describeDelta(-3.456, 'Previous period')).toBe('Down 3.46% from Previous period');
    expect(describeDelta(0, 'Previous year')).toBe('No change from Previous year');
  });

  it('shows a sign', () => {
    expect(formatDelta(12)).toBe('+12%');
    expect(formatDelta(-3.5)).toBe('-3.5%');
    expect(formatDelta(0)).toBe('0%');
  });

  it('treats up as good unless the trend is reversed', () => {
    expect(deltaSentiment(5)).toBe('positive');
    expect(deltaSentiment(-5)).toBe('negative');
    expect(deltaSentiment(5, true)).toBe('negative');
    expect(deltaSentiment(-5, true)).toBe('positive');
    expect(deltaSentiment(0, true)).toBe('neutral');
  });

  it('reversing the trend always swaps good and bad news', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (delta) => {
        const plain = deltaSentiment(delta);
        const reversed = deltaSentiment(delta, true);
        if (deltaDirection(delta) === 'none') expect(reversed).toBe('neutral');
        else expect(reversed).not.toBe(plain);
      }),
    );
  });
});
