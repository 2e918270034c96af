import { setStoreTimezone } from '@storelens/date';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DateInput } from './date-input';
import type { DateBound } from './date-text';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2024-01-16T03:00:00Z')); // store today: Jan 15, 2024
  setStoreTimezone('America/New_York');
});
afterEach(() => {
  vi.useRealTimers();
  setStoreTimezone('UTC');
});

function setup(props: { bound?: DateBound; defaultValue?: string } = {}) {
  const user = userEvent.setup();
  const onChange = vi.fn();
  render(
    <>
      <DateInput label="Date" onChange={onChange} {...props} />
      <button type="button">Next field</button>
    </>,
  );
  return { user, onChange, input: screen.getByRole('combobox', { name: 'Date' }) };
}

describe('DateInput', () => {
  it('opens the calendar on focus and closes it on Tab', async () => {
    const { user, input } = setup();
    expect(screen.queryByRole('dialog', { name: 'Choose a date' })).not.toBeInTheDocument();
    await user.click(input);
    expect(screen.getByRole('dialog', { name: 'Choose a date' })).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next field' })).toHaveFocus();
  });

  it('parses typed text and reads the day to screen readers as MMM D, YYYY', async () => {
    const { user, onChange, input } = setup();
    expect(input).toHaveAccessibleDescription('Date format: MM/DD/YYYY');
    await user.type(input, '01/05/2024');
    expect(onChange).toHaveBeenLastCalledWith('01/05/2024', { date: '2024-01-05', error: null });
    expect(input).toHaveAccessibleDescription(
      'Selected date: Jan 5, 2024. Date format: MM/DD/YYYY',
    );
    expect(screen.getByRole('button', { name: 'Jan 5, 2024, selected' })).toBeInTheDocument();
  });

  it('accepts ISO text', async () => {
    const { user, onChange, input } = setup();
    await user.type(input, '2024-01-05');
    expect(onChange).toHaveBeenLastCalledWith('2024-01-05', { date: '2024-01-05', error: null });
  });

  it('shows Invalid date under the field, and no error once emptied', async () => {
    const { user, input } = setup();
    await user.type(input, '13/45/2024');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Invalid date'));
    expect(screen.getByText('Invalid date')).toBeVisible();
    await user.clear(input);
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Invalid date')).not.toBeInTheDocument();
  });

  it('rejects a future day', async () => {
    const { user, input } = setup();
    await user.type(input, '01/16/2024');
    expect(screen.getByText('Select a date in the past')).toBeInTheDocument();
  });

  it('checks the range bound', async () => {
    const { user, input } = setup({ bound: { type: 'end', start: '2024-01-10' } });
    await user.type(input, '01/09/2024');
    expect(screen.getByText('Start date must be before end date')).toBeInTheDocument();
  });

  it('fills the field, closes the calendar and keeps focus when a day is picked', async () => {
    const { user, onChange, input } = setup();
    await user.click(input);
    await user.click(screen.getByRole('button', { name: 'Jan 10, 2024' }));
    expect(input).toHaveValue('01/10/2024');
    expect(onChange).toHaveBeenLastCalledWith('01/10/2024', { date: '2024-01-10', error: null });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(input).toHaveFocus();
  });

  it('cannot pick a future day', async () => {
    const { user, onChange, input } = setup();
    await user.click(input);
    const future = screen.getByRole('button', { name: 'Jan 16, 2024' });
    expect(future).toBeDisabled();
    await user.click(future);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes on Escape, keeping focus in the field', async () => {
    const { user, input } = setup();
    await user.click(input);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(input).toHaveFocus();
  });

  it('moves into the calendar with ↓ and picks with the keyboard', async () => {
    const { user, input } = setup({ defaultValue: '01/10/2024' });
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Jan 10, 2024, selected' })).toHaveFocus(),
    );
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(input).toHaveValue('01/09/2024');
    expect(input).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on a click outside', async () => {
    const { user, input } = setup();
    await user.click(input);
    await user.click(document.body);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

function Controlled() {
  const [text, setText] = useState('01/02/2024');
  return (
    <>
      <DateInput label="Controlled" value={text} onChange={(next) => setText(next)} />
      <button type="button" onClick={() => setText('')}>
        Clear
      </button>
    </>
  );
}

describe('DateInput (controlled)', () => {
  it('shows the value it is given', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const input = screen.getByRole('combobox', { name: 'Controlled' });
    expect(input).toHaveValue('01/02/2024');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(input).toHaveValue('');
  });
});
