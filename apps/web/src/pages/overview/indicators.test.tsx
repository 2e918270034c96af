import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type IndicatorValue, indicatorTiles } from './indicators';

const options = {
  formatAmount: (n: number) => `$${n.toFixed(2)}`,
  formatNumber: (n: number) => String(n),
  prevLabel: 'Previous year:',
  persisted: {},
};

const indicator = (stat: string, format: IndicatorValue['format'], value: number | null) =>
  ({ stat, chart: stat.split('/')[1]!, label: stat, format, value }) as IndicatorValue;

describe('indicator tiles', () => {
  it('shows a net margin as a percentage and its change against the previous period', () => {
    const [tile] = indicatorTiles(
      [indicator('revenue/net_margin', 'percent', 0.25)],
      [indicator('revenue/net_margin', 'percent', 0.2)],
      options,
    );
    expect(tile?.value).toBe('25%');
    expect(tile?.prevValue).toBe('20%');
    expect(tile?.delta).toBe(25);
  });

  it('shows an unknown net profit as a dash read as "unknown", with no change', () => {
    const [tile] = indicatorTiles(
      [indicator('revenue/net_profit', 'currency', null)],
      [indicator('revenue/net_profit', 'currency', 12)],
      options,
    );
    expect(tile?.delta).toBeNull();
    render(<div>{tile?.value}</div>);
    expect(screen.getByText('unknown')).toHaveClass('sl-visually-hidden');
    expect(tile?.prevValue).toBe('$12.00');
  });
});
