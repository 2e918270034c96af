import type { Meta, StoryObj } from '@storybook/react-vite';
import { EmptyContent } from './empty-content';

const meta = {
  title: 'Components/EmptyContent',
  component: EmptyContent,
  args: {
    title: 'No data for this period',
    message: 'Try a different date range, or check back after your next sale.',
  },
} satisfies Meta<typeof EmptyContent>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two actions: primary and secondary. */
export const TwoActions: Story = {
  args: {
    actions: [
      { label: 'Change the date range', onClick: () => {} },
      { label: 'Read the docs', href: 'https://example.com/docs', hrefType: 'external' },
    ],
  },
};

/** One action. */
export const OneAction: Story = {
  args: { actions: [{ label: 'Reload', onClick: () => {} }] },
};

/** No illustration and no actions. */
export const Plain: Story = { args: { illustration: null } };
