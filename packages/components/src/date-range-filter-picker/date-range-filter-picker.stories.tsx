import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { DateRangeFilterPicker } from './date-range-filter-picker';
import type { DateRangeUpdate } from './picker-state';

const meta = {
  title: 'Components/DateRangeFilterPicker',
  component: DateRangeFilterPicker,
  args: { query: {}, onRangeSelect: () => {} },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof DateRangeFilterPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

type Query = Record<string, string>;

/** Applies an update the way a report page writes it to the URL (undefined drops a key). */
function apply(query: Query, update: DateRangeUpdate): Query {
  const next: Query = { ...query, period: update.period, compare: update.compare };
  delete next.after;
  delete next.before;
  if (update.after) next.after = update.after;
  if (update.before) next.before = update.before;
  return next;
}

function WithUrl({ initial }: { initial: Query }) {
  const [query, setQuery] = useState<Query>(initial);
  return (
    <div style={{ minHeight: 560 }}>
      <DateRangeFilterPicker
        query={query}
        onRangeSelect={(update) => setQuery((q) => apply(q, update))}
      />
      <p>
        Query: <output>{new URLSearchParams(query).toString() || '(default)'}</output>
      </p>
    </div>
  );
}

/** Default range (month to date vs previous year). Click the toggle, or focus it and press Enter. */
export const Default: Story = { render: () => <WithUrl initial={{}} /> };

/** A preset query: the Presets tab opens with Last quarter chosen. */
export const Preset: Story = {
  render: () => <WithUrl initial={{ period: 'last_quarter', compare: 'previous_period' }} />,
};

/** A custom query: the Custom tab opens with its days; pick in the calendar or type MM/DD/YYYY. */
export const Custom: Story = {
  render: () => (
    <WithUrl
      initial={{
        period: 'custom',
        compare: 'previous_year',
        after: '2024-01-02',
        before: '2024-01-09',
      }}
    />
  ),
};
