import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flag } from './flag';

const meta = {
  title: 'Components/Flag',
  component: Flag,
} satisfies Meta<typeof Flag>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A few countries, one at 48 px. */
export const Countries: Story = {
  render: () => (
    <p>
      <Flag code="US" /> <Flag code="FR" /> <Flag code="JP" /> <Flag code="BR" size={48} />
    </p>
  ),
};

/** From an order's billing address. */
export const FromOrder: Story = { args: { order: { billing: { country: 'NZ' } } } };

/** Not a country: the fallback. */
export const Invalid: Story = { args: { code: 'XX' } };
