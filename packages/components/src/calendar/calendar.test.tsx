import { setStoreTimezone, setWeekStartsOn } from '@storelens/date';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Calendar } from './calendar';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // Store today: Jan 15, 2024 (03:00 UTC on Jan 16 in New York).
  vi.setSystemTime(new Date('2024-01-16T03:00:00Z'));
  setStoreTimezone('America/New_York');
});
afterEach(() => {
  vi.useRealTimers();
  setStoreTimezone('UTC');
  setWeekStartsOn(1);
});

describe('Calendar', () => {
  it("marks the store's today and disables future days", () => {
    render(<Calendar mode="single" selected={null} onSelect={() => {}} />);
    expect(screen.getByRole('button', { name: 'Today, Jan 15, 2024' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Jan 16, 2024' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Jan 14, 2024' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Go to the next month' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('reports the picked ISO day in single mode', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Calendar mode="single" selected="2024-01-03" onSelect={onSelect} />);
    expect(screen.getByRole('button', { name: 'Jan 3, 2024, selected' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Jan 10, 2024' }));
    expect(onSelect).toHaveBeenCalledWith('2024-01-10');
    await user.click(screen.getByRole('button', { name: 'Jan 16, 2024' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('reports the day also when the selected day is picked again', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Calendar mode="single" selected="2024-01-03" onSelect={onSelect} />);
    await user.click(screen.getByRole('button', { name: 'Jan 3, 2024, selected' }));
    expect(onSelect).toHaveBeenCalledWith('2024-01-03');
  });

  it('shows two months ending with the current one and highlights a range', () => {
    render(
      <Calendar
        mode="range"
        numberOfMonths={2}
        selected={{ after: '2024-01-02', before: '2024-01-05' }}
        onSelect={() => {}}
      />,
    );
    const grids = screen.getAllByRole('grid');
    expect(grids.map((grid) => grid.getAttribute('aria-label'))).toEqual([
      'December 2023',
      'January 2024',
    ]);
    for (const day of ['Jan 2, 2024', 'Jan 3, 2024', 'Jan 5, 2024']) {
      expect(screen.getByRole('button', { name: `${day}, selected` })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Jan 6, 2024' })).toBeInTheDocument();
  });

  it("starts weeks on the store's week start", () => {
    // Jan 1, 2024 is a Monday: first cell of the first week from Monday, second from Sunday.
    const firstWeekIndex = () => {
      const [firstWeek] = within(screen.getByRole('grid')).getAllByRole('row');
      const cells = within(firstWeek as HTMLElement).getAllByRole('gridcell');
      return cells.findIndex((cell) => within(cell).queryByRole('button', { name: 'Jan 1, 2024' }));
    };
    setWeekStartsOn(0);
    const { unmount } = render(<Calendar mode="single" selected={null} onSelect={() => {}} />);
    expect(firstWeekIndex()).toBe(1);
    unmount();
    setWeekStartsOn(1);
    render(<Calendar mode="single" selected={null} onSelect={() => {}} />);
    expect(firstWeekIndex()).toBe(0);
  });

  it('moves between days with the arrow keys and picks with Enter', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Calendar mode="single" selected="2024-01-10" onSelect={onSelect} />);
    await user.tab(); // previous month (next month is disabled: today's month is shown)
    await user.tab();
    expect(screen.getByRole('button', { name: 'Jan 10, 2024, selected' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(onSelect).toHaveBeenCalledWith('2024-01-09');
  });
});
