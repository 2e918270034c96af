import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { type SummaryItem, SummaryNumbers } from './summary-numbers';

const figures = (selected: string): SummaryItem[] =>
  [
    {
      key: 'gross',
      label: 'Gross sales',
      value: '$12,430.00',
      delta: 8.2,
      prevValue: '$11,488.00',
    },
    {
      key: 'refunds',
      label: 'Refunds',
      value: '$320.00',
      delta: 14,
      prevValue: '$280.70',
      reverseTrend: true,
    },
    { key: 'net', label: 'Net sales', value: '$11,020.00', delta: -3.1, prevValue: '$11,372.55' },
    { key: 'orders', label: 'Orders', value: '214', delta: 0, prevValue: '214' },
    { key: 'visitors', label: 'Visitors', value: undefined, delta: null, prevValue: undefined },
  ].map((item) => ({
    ...item,
    prevLabel: 'Previous year:',
    href: `/analytics/revenue?chart=${item.key}`,
    selected: item.key === selected,
  }));

function Interactive({ isMobile }: { isMobile?: boolean }) {
  const [selected, setSelected] = useState('net');
  return (
    <SummaryNumbers
      items={figures(selected)}
      isMobile={isMobile}
      onNavigate={(href) => setSelected(new URL(href, 'http://x').searchParams.get('chart') ?? '')}
    />
  );
}

const meta = {
  title: 'Components/SummaryNumbers',
  component: SummaryNumbers,
  args: { items: figures('net') },
} satisfies Meta<typeof SummaryNumbers>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Click (or Enter on) a figure to select it; refunds rising shows as bad news. */
export const Desktop: Story = { render: () => <Interactive isMobile={false} /> };

/** Mobile: a toggle showing the selected figure opens the full list. */
export const Mobile: Story = { render: () => <Interactive isMobile /> };

/** Placeholders while loading. */
export const Loading: Story = { args: { isLoading: true, placeholderCount: 5, isMobile: false } };
