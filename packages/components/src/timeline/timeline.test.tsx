import { render, screen, within } from '@testing-library/react';
import { Timeline, type TimelineItem } from './timeline';

const items: TimelineItem[] = [
  { date: new Date(2026, 0, 5, 9, 30), headline: 'Order placed', body: ['#1042', '$120.00'] },
  { date: new Date(2026, 0, 6, 15, 7), headline: 'Order shipped' },
  { date: new Date(2026, 0, 5, 15, 7), headline: 'Payment received', hideTimestamp: true },
  { date: new Date(2026, 1, 2, 8, 0), headline: 'Refund issued', icon: <span>↩</span> },
];

const groupTitles = () => screen.getAllByRole('heading').map((h) => h.textContent);

describe('Timeline', () => {
  it("groups by day, newest first, titled 'F j, Y'", () => {
    render(<Timeline items={items} />);
    expect(groupTitles()).toEqual(['February 2, 2026', 'January 6, 2026', 'January 5, 2026']);
  });

  it("orders items newest first within a group and shows the clock as 'g:ia'", () => {
    render(<Timeline items={items} />);
    const day = screen.getByRole('heading', { name: 'January 5, 2026' }).closest('li')!;
    const entries = within(day)
      .getAllByRole('listitem')
      .filter((li) => li.querySelector('.sl-timeline__headline'));
    expect(entries.map((li) => li.querySelector('.sl-timeline__headline')?.textContent)).toEqual([
      'Payment received',
      'Order placed',
    ]);
    expect(within(entries[1]!).getByText('9:30am')).toBeInTheDocument();
    expect(screen.getByText('3:07pm')).toBeInTheDocument();
  });

  it('hides the timestamp when asked', () => {
    render(<Timeline items={[items[2]!]} />);
    expect(screen.queryByText('3:07pm')).not.toBeInTheDocument();
  });

  it('lists the body lines', () => {
    render(<Timeline items={[items[0]!]} />);
    expect(screen.getByText('#1042')).toBeInTheDocument();
    expect(screen.getByText('$120.00')).toBeInTheDocument();
  });

  it('groups by week from the week start and by month', () => {
    const { unmount } = render(<Timeline items={items} groupBy="week" weekStartsOn={1} />);
    expect(groupTitles()).toEqual(['February 2, 2026', 'January 5, 2026']);
    unmount();
    render(<Timeline items={items} groupBy="month" />);
    expect(groupTitles()).toEqual(['February 1, 2026', 'January 1, 2026']);
  });

  it('can run oldest first', () => {
    render(<Timeline items={items} orderBy="asc" />);
    expect(groupTitles()[0]).toBe('January 5, 2026');
  });

  it('says when there is nothing to show', () => {
    render(<Timeline items={[]} />);
    expect(screen.getByText('No data to display')).toBeInTheDocument();
  });
});
