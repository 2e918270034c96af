import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SegmentedSelection } from './segmented-selection';

const options = [
  { value: 'today', label: 'Today' },
  { value: 'yesterday', label: 'Yesterday' },
  { value: 'broken' },
  { label: 'No value' },
  { value: 'week', label: 'Week to date' },
];

function Parent() {
  const [value, setValue] = useState('today');
  return (
    <>
      <SegmentedSelection
        options={options}
        name="p"
        legend="Period"
        value={value}
        onChange={setValue}
      />
      <output>{value}</output>
    </>
  );
}

describe('SegmentedSelection', () => {
  it('is a named radio group that skips options lacking a value or label', () => {
    render(<SegmentedSelection options={options} name="period" legend="Select a preset period" />);
    const group = screen.getByRole('radiogroup', { name: 'Select a preset period' });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'today',
      'yesterday',
      'week',
    ]);
    expect(screen.queryByRole('radio', { name: 'No value' })).not.toBeInTheDocument();
  });

  it('selects by click (uncontrolled) and reports the value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <SegmentedSelection
        options={options}
        name="period"
        legend="Period"
        defaultValue="today"
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('radio', { name: 'Today' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Week to date' }));
    expect(screen.getByRole('radio', { name: 'Week to date' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Today' })).not.toBeChecked();
    expect(onChange).toHaveBeenCalledWith('week');
  });

  it('moves the selection with arrow keys', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <SegmentedSelection
        options={options}
        name="p"
        legend="Period"
        defaultValue="today"
        onChange={onChange}
      />,
    );
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Today' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Yesterday' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith('yesterday');
  });

  it('follows a controlled value and does not change on its own', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(
      <SegmentedSelection
        options={options}
        name="p"
        legend="Period"
        value="today"
        onChange={onChange}
      />,
    );
    await user.click(screen.getByRole('radio', { name: 'Yesterday' }));
    expect(onChange).toHaveBeenCalledWith('yesterday');
    expect(screen.getByRole('radio', { name: 'Today' })).toBeChecked();
    rerender(
      <SegmentedSelection
        options={options}
        name="p"
        legend="Period"
        value="yesterday"
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('radio', { name: 'Yesterday' })).toBeChecked();
  });

  it('works as a controlled field in a parent', async () => {
    const user = userEvent.setup();
    render(<Parent />);
    await user.click(screen.getByRole('radio', { name: 'Week to date' }));
    expect(screen.getByRole('status')).toHaveTextContent('week');
  });
});
