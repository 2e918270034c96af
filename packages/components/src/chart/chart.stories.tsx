import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Chart, type ChartProps } from './chart';
import { makeDailyRows } from './test-data';
import type { ChartDataRow, ChartInterval, ChartType } from './types';

const JAN_1 = new Date(2024, 0, 1);
const wave =
  (base: number, amplitude: number, phase = 0) =>
  (index: number) =>
    Math.round(base + amplitude * Math.sin(index / 4 + phase) + ((index * 37) % 11));

const revenue = makeDailyRows(JAN_1, 31, {
  primary: { label: 'Jan 1 – 31, 2024', value: wave(1200, 400) },
  secondary: { label: 'Jan 1 – 31, 2023', value: wave(900, 300, 1) },
});

/** Time-comparison rows whose secondary series carries the real (previous-year) date. */
function withLabelDates(rows: ChartDataRow[]): ChartDataRow[] {
  return rows.map((row) => {
    const secondary = row.secondary;
    if (typeof secondary !== 'object') return row;
    return { ...row, secondary: { ...secondary, labelDate: row.date.replace('2024', '2023') } };
  });
}

const products = makeDailyRows(
  JAN_1,
  14,
  Object.fromEntries(
    ['Hoodie', 'Beanie', 'Cap', 'T-shirt', 'Belt', 'Sunglasses', 'Scarf', 'Socks'].map(
      (name, rank) => [name.toLowerCase(), { label: name, value: wave(90 - rank * 10, 20, rank) }],
    ),
  ),
);

function hourlyYear(): ChartDataRow[] {
  const rows: ChartDataRow[] = [];
  const pad = (value: number) => String(value).padStart(2, '0');
  for (let hour = 0; hour < 8760; hour++) {
    const date = new Date(2024, 0, 1, hour);
    rows.push({
      date: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:00:00`,
      primary: { value: 50 + 40 * Math.sin(hour / 12) + (hour % 7), label: '2024' },
      secondary: { value: 40 + 30 * Math.sin(hour / 12 + 1) + (hour % 5), label: '2023' },
    });
  }
  return rows;
}

/** Plays the page: keeps `chartType` and `interval` as the URL would. */
function WithPageState(props: ChartProps) {
  const [type, setType] = useState<ChartType>(props.type ?? 'line');
  const [interval, setInterval] = useState<ChartInterval>(props.interval ?? 'day');
  return (
    <Chart
      {...props}
      type={type}
      onChartTypeChange={setType}
      interval={interval}
      onIntervalChange={setInterval}
    />
  );
}

const meta = {
  title: 'Components/Chart',
  component: Chart,
  render: (args) => <WithPageState {...args} />,
  args: {
    data: revenue,
    title: 'Net sales',
    interval: 'day',
    allowedIntervals: ['day', 'week'],
    valueType: 'currency',
  },
} satisfies Meta<typeof Chart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Line chart, time-comparison, currency values. Tab to the plot, then use ←/→. */
export const Line: Story = {};

/** Bar chart: grouped bars per date. */
export const Bar: Story = { args: { type: 'bar' } };

/** Time-comparison with the previous year's real dates in the tooltip, legend on top. */
export const TimeComparison: Story = {
  args: { data: withLabelDates(revenue), legendPosition: 'top' },
};

/** Item-comparison with 8 products: 5 visible, the legend scrolls and shows a total label. */
export const ItemComparison: Story = {
  args: {
    mode: 'item-comparison',
    data: products,
    title: 'Items sold',
    valueType: 'number',
    totalLabel: '8 products',
    legendPosition: 'side',
  },
};

/** Loading: a spinner and 'Your requested data is loading' for screen readers. */
export const Loading: Story = { args: { isRequesting: true } };

/** Every value is 0: the empty message is overlaid. */
export const Empty: Story = {
  args: {
    data: makeDailyRows(JAN_1, 14, { primary: { label: 'Jan 2024', value: () => 0 } }),
    emptyMessage: 'No data for the selected date range',
  },
};

/** Currency values in euros, symbol on the right. */
export const Currency: Story = {
  args: {
    currency: {
      symbol: '€',
      symbolPosition: 'right_space',
      decimalSeparator: ',',
      thousandSeparator: '.',
    },
  },
};

/** Plain numbers (orders). */
export const NumberValues: Story = {
  args: {
    title: 'Orders',
    valueType: 'number',
    data: makeDailyRows(JAN_1, 31, {
      primary: { label: 'Jan 2024', value: wave(40, 15) },
      secondary: { label: 'Jan 2023', value: wave(30, 10, 2) },
    }),
  },
};

/** Averages (average order value). */
export const Average: Story = {
  args: {
    title: 'Average items per order',
    valueType: 'average',
    data: makeDailyRows(JAN_1, 31, {
      primary: { label: 'Jan 2024', value: (index) => 2 + ((index * 7) % 5) / 4 },
    }),
  },
};

/** Long series: a day series of 90 points labels month starts only. */
export const Quarter: Story = {
  args: {
    allowedIntervals: ['day', 'week', 'month'],
    data: makeDailyRows(JAN_1, 91, { primary: { label: 'Q1 2024', value: wave(800, 300) } }),
  },
};

/** 8,760 hourly points with a comparison series (the bench's shape). */
export const HourlyYear: Story = {
  args: {
    data: hourlyYear(),
    interval: 'hour',
    allowedIntervals: ['hour', 'day'],
    valueType: 'number',
  },
};
