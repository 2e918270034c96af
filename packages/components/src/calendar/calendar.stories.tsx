import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Calendar, type CalendarRange } from './calendar';

const meta = {
  title: 'Components/Calendar',
  component: Calendar,
  args: { mode: 'single', selected: null, onSelect: () => {} },
} satisfies Meta<typeof Calendar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Single day: click a day, or Tab into the grid, move with the arrows and press Enter. */
export const Single: Story = {
  render: () => {
    const [day, setDay] = useState<string | null>(null);
    return (
      <div>
        <Calendar mode="single" selected={day} onSelect={setDay} aria-label="Pick a day" />
        <p>
          Picked: <output>{day ?? 'none'}</output>
        </p>
      </div>
    );
  },
};

/** Range over two months: the first click sets the start, the second the end. */
export const Range: Story = {
  render: () => {
    const [range, setRange] = useState<CalendarRange>({ after: null, before: null });
    const pick = (day: string) =>
      setRange((current) =>
        current.after && !current.before && day >= current.after
          ? { after: current.after, before: day }
          : { after: day, before: null },
      );
    return (
      <div>
        <Calendar
          mode="range"
          numberOfMonths={2}
          selected={range}
          onSelect={pick}
          aria-label="Pick a range"
        />
        <p>
          Range: <output>{`${range.after ?? '…'} to ${range.before ?? '…'}`}</output>
        </p>
      </div>
    );
  },
};
