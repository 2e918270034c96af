import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { EllipsisMenu, MenuItem, MenuTitle } from './ellipsis-menu';

const meta = {
  title: 'Components/EllipsisMenu',
  component: EllipsisMenu,
  args: { label: 'Choose which values to display', children: null },
} satisfies Meta<typeof EllipsisMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Checkbox items stay open; use ↑/↓, Home/End, Enter/Space, Escape, Tab. */
export const Checkboxes: Story = {
  render: (args) => {
    const [shown, setShown] = useState<Record<string, boolean>>({
      orders: true,
      net: true,
      tax: false,
    });
    const toggle = (key: string) => setShown((s) => ({ ...s, [key]: !s[key] }));
    return (
      <div style={{ display: 'flex', justifyContent: 'flex-end', minHeight: 220 }}>
        <EllipsisMenu label={args.label}>
          <MenuTitle>Columns:</MenuTitle>
          {Object.entries(shown).map(([key, checked]) => (
            <MenuItem key={key} kind="checkbox" checked={checked} onInvoke={() => toggle(key)}>
              {key}
            </MenuItem>
          ))}
        </EllipsisMenu>
      </div>
    );
  },
};

/** Action items close the menu after running. */
export const Actions: Story = {
  args: { label: 'Order actions' },
  render: (args) => {
    const [last, setLast] = useState('nothing yet');
    return (
      <div style={{ minHeight: 200 }}>
        <EllipsisMenu label={args.label}>
          <MenuItem onInvoke={() => setLast('Refund')}>Refund</MenuItem>
          <MenuItem onInvoke={() => setLast('Print invoice')}>Print invoice</MenuItem>
        </EllipsisMenu>
        <p>Last action: {last}</p>
      </div>
    );
  },
};
