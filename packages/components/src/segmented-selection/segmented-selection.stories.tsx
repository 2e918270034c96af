import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { SegmentedSelection } from './segmented-selection';

const presets = [
  { value: 'today', label: 'Today' },
  { value: 'yesterday', label: 'Yesterday' },
  { value: 'week', label: 'Week to date' },
  { value: 'last_week', label: 'Last week' },
  { value: 'month', label: 'Month to date' },
  { value: 'last_month', label: 'Last month' },
];

const meta = {
  title: 'Components/SegmentedSelection',
  component: SegmentedSelection,
  args: { options: presets, name: 'period', legend: 'Select a preset period' },
} satisfies Meta<typeof SegmentedSelection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Uncontrolled: click an option, or Tab in and move with the arrow keys. */
export const Uncontrolled: Story = { args: { defaultValue: 'month' } };

/** Controlled by the story's state, shown below the group. */
export const Controlled: Story = {
  render: (args) => {
    const [value, setValue] = useState('last_week');
    return (
      <div style={{ maxWidth: 360 }}>
        <SegmentedSelection {...args} value={value} onChange={setValue} />
        <p>
          Selected: <output>{value}</output>
        </p>
      </div>
    );
  },
};

/** Options without a value or a label are skipped: only three buttons show. */
export const SkipsIncompleteOptions: Story = {
  args: {
    legend: 'Compare to',
    name: 'compare',
    options: [
      { value: 'previous_period', label: 'Previous period' },
      { value: 'previous_year', label: 'Previous year' },
      { value: 'no_label' },
      { label: 'No value' },
      { value: 'custom', label: 'Custom' },
    ],
  },
};
