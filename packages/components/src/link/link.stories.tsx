import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Link } from './link';

const meta = {
  title: 'Components/Link',
  component: Link,
  args: { href: '/analytics/revenue' },
} satisfies Meta<typeof Link>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The three kinds. A plain click on the in-app link is handled by the app (shown below). */
export const Kinds: Story = {
  render: () => {
    const [last, setLast] = useState('none');
    return (
      <ul>
        <li>
          <Link href="/analytics/revenue?period=week" onNavigate={setLast}>
            Revenue report (wc-admin)
          </Link>
        </li>
        <li>
          <Link type="wp-admin" href="edit.php?post_type=product">
            Products (wp-admin)
          </Link>
        </li>
        <li>
          <Link type="external" href="https://example.com" target="_blank">
            Example site (external, new tab)
          </Link>
        </li>
        <li>Last in-app navigation: {last}</li>
      </ul>
    );
  },
};
