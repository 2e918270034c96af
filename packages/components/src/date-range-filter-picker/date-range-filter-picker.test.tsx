import { setStoreTimezone } from '@storelens/date';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateRangeFilterPicker } from './date-range-filter-picker';

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2024-01-16T03:00:00Z')); // store today: Jan 15, 2024
  setStoreTimezone('America/New_York');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setStoreTimezone('UTC');
});

const customQuery = {
  period: 'custom',
  compare: 'previous_year',
  after: '2024-01-02',
  before: '2024-01-09',
};

function setup(query: Record<string, string> = {}) {
  const user = userEvent.setup({ delay: null });
  const onRangeSelect = vi.fn();
  render(<DateRangeFilterPicker query={query} onRangeSelect={onRangeSelect} />);
  const toggle = screen.getByRole('button', { name: /vs\./ });
  return { user, onRangeSelect, toggle };
}

async function openPicker(query: Record<string, string> = {}) {
  const ctx = setup(query);
  await ctx.user.click(ctx.toggle);
  return {
    ...ctx,
    dialog: screen.getByRole('dialog', { name: 'Select date range and comparison' }),
  };
}

describe('DateRangeFilterPicker toggle', () => {
  it('shows the primary range and the vs. secondary range', () => {
    const { toggle } = setup();
    expect(toggle).toHaveAccessibleName(
      'Month to date (Jan 1 - 15, 2024) vs. Previous year (Jan 1 - 15, 2023)',
    );
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens a dialog with Presets and Custom tabs', async () => {
    const { dialog, toggle } = await openPicker();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Presets', 'Custom']);
    expect(within(dialog).getByRole('tab', { name: 'Presets' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(dialog).getByRole('tabpanel', { name: 'Presets' })).toBeVisible();
    expect(within(dialog).getByRole('radio', { name: 'Month to date' })).toBeChecked();
    expect(within(dialog).queryByRole('radio', { name: 'Custom' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'compare to' })).toHaveValue(
      'previous_year',
    );
  });
});

describe('presets', () => {
  it('Update sends the preset with after and before undefined, closes and refocuses the toggle', async () => {
    const { user, dialog, onRangeSelect, toggle } = await openPicker();
    await user.click(within(dialog).getByRole('radio', { name: 'Last week' }));
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'compare to' }),
      'Previous period',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(onRangeSelect).toHaveBeenCalledWith({
      period: 'last_week',
      compare: 'previous_period',
      after: undefined,
      before: undefined,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('Escape closes without updating and returns focus to the toggle', async () => {
    const { user, onRangeSelect, toggle } = await openPicker();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
    expect(onRangeSelect).not.toHaveBeenCalled();
  });

  it('choosing Presets while the period is custom selects Today', async () => {
    const { user, dialog } = await openPicker(customQuery);
    expect(within(dialog).getByRole('tab', { name: 'Custom' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(within(dialog).getByRole('tab', { name: 'Presets' }));
    expect(within(dialog).getByRole('radio', { name: 'Today' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeEnabled();
  });

  it('moves between tabs with the arrow keys', async () => {
    const { user, dialog } = await openPicker();
    within(dialog).getByRole('tab', { name: 'Presets' }).focus();
    await user.keyboard('{ArrowRight}');
    const custom = within(dialog).getByRole('tab', { name: 'Custom' });
    expect(custom).toHaveFocus();
    expect(custom).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Start Date' })).toBeInTheDocument();
  });
});

describe('custom range', () => {
  it('enables Update only once both days are set, and sends ISO days', async () => {
    const { user, dialog, onRangeSelect } = await openPicker();
    await user.click(within(dialog).getByRole('tab', { name: 'Custom' }));
    const update = within(dialog).getByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Start Date' }), '01/02/2024');
    expect(update).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'End Date' }), '01/09/2024');
    expect(update).toBeEnabled();
    await user.click(update);
    expect(onRangeSelect).toHaveBeenCalledWith({
      period: 'custom',
      compare: 'previous_year',
      after: '2024-01-02',
      before: '2024-01-09',
    });
  });

  it('picking a start in the calendar moves focus to the end, then the end completes the range', async () => {
    const { user, dialog, onRangeSelect } = await openPicker();
    await user.click(within(dialog).getByRole('tab', { name: 'Custom' }));
    await user.click(within(dialog).getByRole('button', { name: 'Jan 3, 2024' }));
    const start = within(dialog).getByRole('textbox', { name: 'Start Date' });
    const end = within(dialog).getByRole('textbox', { name: 'End Date' });
    expect(start).toHaveValue('01/03/2024');
    expect(end).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Jan 8, 2024' }));
    expect(end).toHaveValue('01/08/2024');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(onRangeSelect).toHaveBeenCalledWith(
      expect.objectContaining({ period: 'custom', after: '2024-01-03', before: '2024-01-08' }),
    );
  });

  it('allows a one-day range (minimum nights 0)', async () => {
    const { user, dialog } = await openPicker();
    await user.click(within(dialog).getByRole('tab', { name: 'Custom' }));
    await user.click(within(dialog).getByRole('button', { name: 'Jan 3, 2024' }));
    await user.click(within(dialog).getByRole('button', { name: 'Jan 3, 2024, selected' }));
    expect(within(dialog).getByRole('textbox', { name: 'End Date' })).toHaveValue('01/03/2024');
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeEnabled();
  });

  it('with the end focused, a day before the start becomes the start and clears the end', async () => {
    const { user, dialog } = await openPicker(customQuery);
    await user.click(within(dialog).getByRole('textbox', { name: 'End Date' }));
    await user.click(within(dialog).getByRole('button', { name: 'Jan 1, 2024' }));
    expect(within(dialog).getByRole('textbox', { name: 'Start Date' })).toHaveValue('01/01/2024');
    expect(within(dialog).getByRole('textbox', { name: 'End Date' })).toHaveValue('');
  });

  it('with the start focused, a day after the end clears the end', async () => {
    const { user, dialog } = await openPicker(customQuery);
    await user.click(within(dialog).getByRole('textbox', { name: 'Start Date' }));
    await user.click(within(dialog).getByRole('button', { name: 'Jan 12, 2024' }));
    expect(within(dialog).getByRole('textbox', { name: 'Start Date' })).toHaveValue('01/12/2024');
    expect(within(dialog).getByRole('textbox', { name: 'End Date' })).toHaveValue('');
  });

  it('Reset clears both days and focuses the start', async () => {
    const { user, dialog } = await openPicker(customQuery);
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    const start = within(dialog).getByRole('textbox', { name: 'Start Date' });
    expect(start).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: 'End Date' })).toHaveValue('');
    expect(start).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeDisabled();
  });

  it('shows an error for an end before the start and keeps Update disabled', async () => {
    const { user, dialog } = await openPicker(customQuery);
    const end = within(dialog).getByRole('textbox', { name: 'End Date' });
    await user.clear(end);
    await user.type(end, '01/01/2024');
    expect(within(dialog).getByText('Start date must be before end date')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeDisabled();
  });

  it('cannot pick future days', async () => {
    const { dialog } = await openPicker(customQuery);
    expect(within(dialog).getByRole('button', { name: 'Jan 16, 2024' })).toBeDisabled();
  });

  it('shows two months, or one on a small mobile', async () => {
    const { dialog, user, toggle } = await openPicker(customQuery);
    expect(within(dialog).getAllByRole('grid')).toHaveLength(2);
    await user.keyboard('{Escape}');
    vi.stubGlobal('matchMedia', (media: string) => ({
      matches: media === '(max-width: 599px)',
      media,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    await user.click(toggle);
    expect(within(screen.getByRole('dialog')).getAllByRole('grid')).toHaveLength(1);
  });

  it('starts each opening from the query, dropping unsent edits', async () => {
    const { user, dialog, toggle } = await openPicker(customQuery);
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await user.keyboard('{Escape}');
    await user.click(toggle);
    expect(
      within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Start Date' }),
    ).toHaveValue('01/02/2024');
  });
});
