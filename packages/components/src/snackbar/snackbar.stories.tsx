import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { SnackbarNotice } from './notices';
import { SnackbarList } from './snackbar';

function Demo({ initial }: { initial: SnackbarNotice[] }) {
  const [notices, setNotices] = useState(initial);
  const [count, setCount] = useState(0);
  const add = (notice: Omit<SnackbarNotice, 'id'>) => {
    setCount(count + 1);
    setNotices((list) => [...list, { ...notice, id: String(count) }]);
  };
  return (
    <div style={{ minHeight: 300 }}>
      <button type="button" onClick={() => add({ content: 'Settings saved.' })}>
        Show a notice
      </button>{' '}
      <button
        type="button"
        onClick={() =>
          add({
            content: 'Product moved to the trash.',
            actions: [{ label: 'Undo', onClick: () => {} }, { label: 'Never shown' }],
          })
        }
      >
        Show a notice with an action
      </button>
      <SnackbarList
        notices={notices}
        onRemove={(id) => setNotices((list) => list.filter((n) => n.id !== id))}
      />
    </div>
  );
}

const meta = {
  title: 'Components/Snackbar',
  component: Demo,
  args: { initial: [] },
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Notices leave after 10 s, on click, on their dismiss button or with Escape. */
export const Notices: Story = {
  args: { initial: [{ id: 'start', content: 'Your report is ready.', explicitDismiss: true }] },
};

/** Only the first action of a notice is shown. */
export const WithAction: Story = {
  args: {
    initial: [
      {
        id: 'start',
        content: 'Order #1042 refunded.',
        explicitDismiss: true,
        actions: [{ label: 'View order', url: '#order-1042' }, { label: 'Hidden' }],
      },
    ],
  },
};
