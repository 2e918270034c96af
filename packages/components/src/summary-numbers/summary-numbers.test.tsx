import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type SummaryItem, SummaryNumber, SummaryNumbers } from './summary-numbers';

const items: SummaryItem[] = [
  {
    label: 'Net sales',
    value: '$1,200.00',
    delta: 12,
    prevLabel: 'Previous year:',
    prevValue: '$1,071.43',
    href: '/analytics/revenue?chart=net_revenue',
    selected: true,
  },
  {
    label: 'Refunds',
    value: '$50.00',
    delta: 25,
    prevLabel: 'Previous year:',
    prevValue: '$40.00',
    reverseTrend: true,
    href: '/analytics/revenue?chart=refunds',
  },
  { label: 'Orders', value: undefined, delta: null, prevValue: null },
];

describe('SummaryNumbers', () => {
  it('lists the figures with their links, marking the selected one', () => {
    render(<SummaryNumbers items={items} isMobile={false} onNavigate={() => {}} />);
    const list = screen.getByRole('list', { name: 'Performance indicators' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    const net = screen.getByRole('link', { name: /Net sales/ });
    expect(net).toHaveAttribute('aria-current', 'true');
    expect(net.getAttribute('href')).toContain('path=/analytics/revenue&chart=net_revenue');
    expect(screen.getByRole('link', { name: /Refunds/ })).not.toHaveAttribute('aria-current');
  });

  it('reads the change as words and shows it with a sign', () => {
    render(<SummaryNumbers items={items} isMobile={false} />);
    const net = screen.getByRole('link', { name: /Net sales/ });
    expect(net).toHaveAccessibleName(
      'Net sales $1,200.00 Up 12% from Previous year Previous year: $1,071.43',
    );
    expect(within(net).getByText('+12%')).toHaveAttribute('aria-hidden', 'true');
  });

  it('colours a rise as bad news when the trend is reversed', () => {
    render(<SummaryNumbers items={items} isMobile={false} />);
    const refunds = screen.getByRole('link', { name: /Refunds/ });
    expect(within(refunds).getByText('+25%').parentElement).toHaveClass('is-negative');
    const net = screen.getByRole('link', { name: /Net sales/ });
    expect(within(net).getByText('+12%').parentElement).toHaveClass('is-positive');
  });

  it("shows 'N/A' for a missing value, change or previous value", () => {
    render(<SummaryNumbers items={items} isMobile={false} />);
    const orders = screen.getAllByRole('listitem')[2]!;
    expect(within(orders).getAllByText('N/A')).toHaveLength(3);
    expect(orders).toHaveTextContent('Previous period: N/A');
  });

  it('takes keyed items without React warning about a spread key', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <SummaryNumbers
        items={[
          { key: 'a', label: 'Orders', value: '3' },
          { key: 'b', label: 'Net sales', value: '$4.00' },
        ]}
      />,
    );
    expect(screen.getByText('Net sales')).toBeInTheDocument();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('shows at most 10 items', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ label: `Item ${i}`, value: String(i) }));
    render(<SummaryNumbers items={many} isMobile={false} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.queryByText('Item 10')).not.toBeInTheDocument();
  });

  it('shows placeholders and announces loading', () => {
    render(<SummaryNumbers items={items} isLoading placeholderCount={4} isMobile={false} />);
    expect(screen.getByRole('status')).toHaveTextContent('Your requested data is loading');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(document.querySelectorAll('.sl-summary__cell')).toHaveLength(4);
  });

  it('collapses on mobile behind a toggle naming the selected item', async () => {
    const user = userEvent.setup();
    const onNavigate = vi.fn();
    render(<SummaryNumbers items={items} isMobile onNavigate={onNavigate} />);
    const toggle = screen.getByRole('button', { name: /Net sales \$1,200.00/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: /Refunds/ }));
    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('follows the screen width when not forced', () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: query === '(max-width: 782px)',
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    render(<SummaryNumbers items={items} />);
    vi.unstubAllGlobals();
    expect(screen.getByRole('button', { expanded: false })).toBeInTheDocument();
  });
});

describe('SummaryNumber', () => {
  it('renders without a link when there is no href', () => {
    render(<SummaryNumber label="Visitors" value="1,024" />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('1,024')).toBeInTheDocument();
  });

  it('uses the wp-admin and external link kinds', () => {
    render(
      <>
        <SummaryNumber label="Stock" value="3" href="edit.php" hrefType="wp-admin" />
        <SummaryNumber label="Docs" value="1" href="https://example.com" hrefType="external" />
      </>,
    );
    expect(screen.getByRole('link', { name: /Stock/ })).toHaveAttribute(
      'href',
      '/wp-admin/edit.php',
    );
    expect(screen.getByRole('link', { name: /Docs/ })).toHaveAttribute(
      'href',
      'https://example.com',
    );
  });
});
