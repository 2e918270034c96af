import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { ScrollTo } from './scroll-to';

function Demo() {
  const [shown, setShown] = useState(false);
  return (
    <div>
      <button type="button" onClick={() => setShown(true)}>
        Show the details below
      </button>
      <div style={{ height: 1200 }} />
      {shown && (
        <ScrollTo offset={-20}>
          <p style={{ padding: 16, border: '1px solid var(--sl-color-border)' }}>
            Details scrolled into view after 250 ms.
          </p>
        </ScrollTo>
      )}
    </div>
  );
}

const meta = {
  title: 'Components/ScrollTo',
  component: Demo,
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Press the button: the page scrolls to the new content. */
export const Details: Story = {};
