import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { EllipsisMenu, MenuItem, MenuTitle } from './ellipsis-menu';

function Demo({ onRefresh = () => {} }: { onRefresh?: () => void }) {
  const [showTax, setShowTax] = useState(true);
  return (
    <>
      <EllipsisMenu label="Table options">
        <MenuTitle>Columns</MenuTitle>
        <MenuItem kind="checkbox" checked={showTax} onInvoke={() => setShowTax(!showTax)}>
          Tax
        </MenuItem>
        <MenuItem onInvoke={onRefresh}>Refresh</MenuItem>
        <MenuItem onInvoke={() => {}}>Export</MenuItem>
      </EllipsisMenu>
      <button type="button">Outside</button>
    </>
  );
}

describe('EllipsisMenu', () => {
  it('is a collapsed menu button until clicked', async () => {
    const user = userEvent.setup();
    render(<Demo />);
    const toggle = screen.getByRole('button', { name: 'Table options' });
    expect(toggle).toHaveAttribute('aria-haspopup', 'menu');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Table options' })).toBeInTheDocument();
    expect(screen.getByRole('menuitemcheckbox', { name: 'Tax' })).toHaveFocus();
  });

  it('opens from the keyboard on the first item (Enter, ↓) or the last (↑)', async () => {
    const user = userEvent.setup();
    render(<Demo />);
    await user.tab();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Export' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Table options' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitemcheckbox', { name: 'Tax' })).toHaveFocus();
  });

  it('moves with arrows (wrapping), Home and End', async () => {
    const user = userEvent.setup();
    render(<Demo />);
    await user.click(screen.getByRole('button', { name: 'Table options' }));
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Refresh' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitemcheckbox', { name: 'Tax' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Export' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitemcheckbox', { name: 'Tax' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Export' })).toHaveFocus();
  });

  it('toggles a checkbox item and stays open', async () => {
    const user = userEvent.setup();
    render(<Demo />);
    await user.click(screen.getByRole('button', { name: 'Table options' }));
    const tax = screen.getByRole('menuitemcheckbox', { name: 'Tax' });
    expect(tax).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitemcheckbox', { name: 'Tax' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('runs an action item and closes, returning focus to the button', async () => {
    const user = userEvent.setup();
    const onRefresh = vi.fn();
    render(<Demo onRefresh={onRefresh} />);
    await user.click(screen.getByRole('button', { name: 'Table options' }));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Table options' })).toHaveFocus();
  });

  it('closes on Tab and on a click outside', async () => {
    const user = userEvent.setup();
    render(<Demo />);
    await user.click(screen.getByRole('button', { name: 'Table options' }));
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Table options' }));
    await user.click(screen.getByRole('button', { name: 'Outside' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('can be controlled', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(
      <EllipsisMenu label="Controlled" open={false} onOpenChange={onOpenChange}>
        <MenuItem onInvoke={() => {}}>One</MenuItem>
      </EllipsisMenu>,
    );
    await user.click(screen.getByRole('button', { name: 'Controlled' }));
    expect(onOpenChange).toHaveBeenCalledWith(true);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
