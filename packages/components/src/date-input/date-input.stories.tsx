import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { DateInput } from './date-input';
import type { DateTextResult } from './date-text';
import { toDateText } from './date-text';

const meta = {
  title: 'Components/DateInput',
  component: DateInput,
  args: { label: 'Date' },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof DateInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Focus opens the calendar; type MM/DD/YYYY or YYYY-MM-DD, or press ↓ to move into it. */
export const Empty: Story = {
  render: (args) => (
    <div style={{ minHeight: 380 }}>
      <DateInput {...args} />
    </div>
  ),
};

/** Starts from a day; the calendar opens on its month with the day selected. */
export const WithValue: Story = {
  args: { label: 'Order date', defaultValue: toDateText('2024-01-10') },
  render: (args) => (
    <div style={{ minHeight: 380 }}>
      <DateInput {...args} />
    </div>
  ),
};

/** Errors show under the field: try 02/30/2024 (invalid) or a day after today (future). */
export const WithError: Story = {
  args: { label: 'Invalid date', defaultValue: '02/30/2024' },
};

/** Two inputs bound to each other: an end before the start is rejected. */
export const StartAndEnd: Story = {
  render: () => {
    const [start, setStart] = useState<{ text: string; result: DateTextResult }>({
      text: '',
      result: { date: null, error: null },
    });
    const [end, setEnd] = useState<{ text: string; result: DateTextResult }>({
      text: '',
      result: { date: null, error: null },
    });
    return (
      <div style={{ display: 'flex', gap: 16, minHeight: 380, alignItems: 'flex-start' }}>
        <DateInput
          label="Start Date"
          value={start.text}
          onChange={(text, result) => setStart({ text, result })}
          bound={{ type: 'start', end: end.result.date }}
        />
        <DateInput
          label="End Date"
          value={end.text}
          onChange={(text, result) => setEnd({ text, result })}
          bound={{ type: 'end', start: start.result.date }}
        />
      </div>
    );
  },
};
