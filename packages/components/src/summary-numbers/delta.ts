import { __, sprintf } from '@storelens/i18n';

/** Which way a figure moved. */
export type DeltaDirection = 'up' | 'down' | 'none';

/** Whether the move is good news, bad news or neither. */
export type DeltaSentiment = 'positive' | 'negative' | 'neutral';

/** Direction of a percentage change. */
export function deltaDirection(delta: number): DeltaDirection {
  if (delta > 0) return 'up';
  if (delta < 0) return 'down';
  return 'none';
}

/** Up is good and down is bad, unless the trend is reversed (e.g. refunds). */
export function deltaSentiment(delta: number, reverseTrend = false): DeltaSentiment {
  const direction = deltaDirection(delta);
  if (direction === 'none') return 'neutral';
  return (direction === 'up') !== reverseTrend ? 'positive' : 'negative';
}

function percent(value: number): string {
  return `${Number(Math.abs(value).toFixed(2))}%`;
}

/** The visible change: '+12%', '-3.5%', '0%'. */
export function formatDelta(delta: number): string {
  const sign = delta > 0 ? '+' : delta < 0 ? '-' : '';
  return `${sign}${percent(delta)}`;
}

/** What a screen reader hears: 'Up 12% from Previous year', 'Down …', 'No change from …'. */
export function describeDelta(delta: number, prevLabel: string): string {
  switch (deltaDirection(delta)) {
    case 'up':
      return sprintf(__('Up %1$s from %2$s'), percent(delta), prevLabel);
    case 'down':
      return sprintf(__('Down %1$s from %2$s'), percent(delta), prevLabel);
    case 'none':
      return sprintf(__('No change from %s'), prevLabel);
  }
}
