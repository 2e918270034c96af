import type { Meta, StoryObj } from '@storybook/react-vite';
import { OrderStatus } from './order-status';

const statusMap = {
  'wc-pending': 'Pending payment',
  'wc-processing': 'Processing',
  'wc-on-hold': 'On hold',
  'wc-completed': 'Completed',
  'wc-cancelled': 'Cancelled',
  'wc-refunded': 'Refunded',
  'wc-failed': 'Failed',
};

const meta = {
  title: 'Components/OrderStatus',
  component: OrderStatus,
  args: { order: { status: 'processing' }, statusMap },
} satisfies Meta<typeof OrderStatus>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every built-in status. */
export const All: Story = {
  render: () => (
    <ul style={{ listStyle: 'none', padding: 0 }}>
      {Object.keys(statusMap).map((key) => (
        <li key={key}>
          <OrderStatus order={{ status: key.slice(3) }} statusMap={statusMap} />
        </li>
      ))}
    </ul>
  ),
};

/** The label to the left of the indicator. */
export const LabelLeft: Story = { args: { labelPositionToLeft: true } };
