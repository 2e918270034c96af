import { VISUALLY_HIDDEN } from '@storelens/components';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  HeaderSelect,
  OverviewSection,
  type SectionControls,
  type SectionProps,
  useSectionMenu,
} from './Section';

const controls: SectionControls = {
  canMoveUp: false,
  canMoveDown: true,
  onMove: () => {},
  onRemove: () => {},
  onRename: () => {},
};

function Demo(props: Pick<SectionProps, 'section' | 'onToggle'>) {
  const menu = useSectionMenu(props);
  const blocks = [
    { block: 'a', label: 'Alpha' },
    { block: 'b', label: 'Beta' },
  ];
  return (
    <OverviewSection
      title="Demo"
      menuLabel="Demo menu"
      menuTitle="Show"
      controls={controls}
      toggles={menu.toggles(blocks)}
    >
      <ul>
        {blocks
          .filter((b) => menu.isShown(b.block))
          .map((b) => (
            <li key={b.block}>{b.label}</li>
          ))}
      </ul>
    </OverviewSection>
  );
}

describe('useSectionMenu', () => {
  it('shows the blocks not hidden, checks them in the menu, and toggles the one clicked', async () => {
    const onToggle = vi.fn();
    const section = { key: 'demo', title: 'Demo', isVisible: true, hiddenBlocks: ['a'] };
    render(<Demo section={section} onToggle={onToggle} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Beta']);
    await userEvent.click(screen.getByRole('button', { name: 'Demo menu' }));
    const alpha = screen.getByRole('menuitemcheckbox', { name: 'Alpha' });
    const beta = screen.getByRole('menuitemcheckbox', { name: 'Beta' });
    expect(alpha.getAttribute('aria-checked')).toBe('false');
    expect(beta.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(alpha);
    expect(onToggle).toHaveBeenCalledWith('a');
  });
});

describe('HeaderSelect', () => {
  it('names the select by its label, shows the value and reports the chosen one', async () => {
    const onChange = vi.fn();
    render(
      <HeaderSelect
        label="Rows per table"
        value={5}
        options={[5, 10].map((n) => ({ value: n, label: String(n) }))}
        onChange={onChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Rows per table' });
    expect(select).toHaveValue('5');
    expect(screen.getByText('Rows per table')).not.toHaveClass(VISUALLY_HIDDEN);
    await userEvent.selectOptions(select, '10');
    expect(onChange).toHaveBeenCalledWith('10');
  });

  it('keeps a hidden label for assistive technology only', () => {
    render(
      <HeaderSelect
        label="Interval"
        hideLabel
        value="day"
        options={[{ value: 'day', label: 'By day' }]}
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Interval' })).toHaveValue('day');
    expect(screen.getByText('Interval')).toHaveClass(VISUALLY_HIDDEN);
  });
});
