import type { Meta, StoryObj } from '@storybook/react-vite';
import { Timeline, type TimelineItem } from './timeline';

const items: TimelineItem[] = [
  {
    date: new Date(2026, 0, 5, 9, 30),
    headline: 'Order #1042 placed',
    body: ['2 items', 'Total $120.00'],
  },
  { date: new Date(2026, 0, 5, 15, 7), headline: 'Payment received', icon: '$' },
  { date: new Date(2026, 0, 6, 11, 0), headline: 'Order shipped', body: ['Tracking 1Z999'] },
  { date: new Date(2026, 0, 14, 8, 45), headline: 'Note added by the store', hideTimestamp: true },
  { date: new Date(2026, 1, 2, 17, 20), headline: 'Refund issued', icon: '↩', body: ['$20.00'] },
];

const meta = {
  title: 'Components/Timeline',
  component: Timeline,
  args: { items },
} satisfies Meta<typeof Timeline>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Grouped by day (default), newest first. */
export const ByDay: Story = {};

/** Grouped by week. */
export const ByWeek: Story = { args: { groupBy: 'week', weekStartsOn: 1 } };

/** Grouped by month, oldest first. */
export const ByMonthAscending: Story = { args: { groupBy: 'month', orderBy: 'asc' } };

/** No events. */
export const Empty: Story = { args: { items: [] } };
