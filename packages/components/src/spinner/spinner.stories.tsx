import type { Meta, StoryObj } from '@storybook/react-vite';
import { Spinner } from './spinner';

const meta = {
  title: 'Components/Spinner',
  component: Spinner,
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Decorative: next to text that already says what is happening. */
export const Decorative: Story = {
  render: () => (
    <p>
      <Spinner /> Saving…
    </p>
  ),
};

/** With a label announced to screen readers. */
export const Labelled: Story = { args: { label: 'Loading', size: 32 } };
