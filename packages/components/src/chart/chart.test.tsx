import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Chart } from './chart';
import { makeDailyRows } from './test-data';
import type { ChartDataRow } from './types';

const JAN_1 = new Date(2024, 0, 1);

function twoSeries(days = 10): ChartDataRow[] {
  return makeDailyRows(JAN_1, days, {
    revenue: { label: 'Revenue', value: (i) => (i + 1) * 100 },
    orders: { label: 'Orders', value: (i) => i + 1 },
  });
}

function eightItems(): ChartDataRow[] {
  const spec: Record<string, { label: string; value: (i: number) => number }> = {};
  ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].forEach((key, rank) => {
    spec[key] = { label: `Item ${key.toUpperCase()}`, value: () => 80 - rank * 10 };
  });
  return makeDailyRows(JAN_1, 5, spec);
}

function setViewport(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

const pointIndex = () => document.activeElement?.getAttribute('data-index');

describe('Chart', () => {
  afterEach(() => setViewport(1024));

  describe('naming and loading', () => {
    it('is a region named by its title with a described plot group', () => {
      render(<Chart data={twoSeries()} title="Net sales" />);
      expect(screen.getByRole('region', { name: 'Net sales' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Net sales' })).toBeInTheDocument();
      const plot = screen.getByRole('group', { name: 'Net sales' });
      expect(plot).toHaveAccessibleDescription(
        /Line chart, January 1, 2024 to January 10, 2024\. Revenue: total 5,500\. Orders: total 55\./,
      );
    });

    it('shows a spinner and the loading text for screen readers while requesting', () => {
      render(<Chart data={twoSeries()} title="Net sales" isRequesting />);
      expect(screen.getByRole('status')).toHaveTextContent('Your requested data is loading');
      expect(screen.queryByRole('group', { name: 'Net sales' })).not.toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Net sales' })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    });
  });

  describe('empty message', () => {
    const zeros = makeDailyRows(JAN_1, 5, { a: { label: 'A', value: () => 0 } });

    it('overlays the message when every value equals the base value', () => {
      render(<Chart data={zeros} emptyMessage="No data for the selected date range" />);
      expect(screen.getByText('No data for the selected date range')).toBeInTheDocument();
    });

    it('does not overlay it when a value differs', () => {
      render(<Chart data={twoSeries()} emptyMessage="No data for the selected date range" />);
      expect(screen.queryByText('No data for the selected date range')).not.toBeInTheDocument();
    });

    it('compares with a caller-given base value', () => {
      const { rerender } = render(<Chart data={zeros} emptyMessage="Empty" baseValue={5} />);
      expect(screen.queryByText('Empty')).not.toBeInTheDocument();
      rerender(<Chart data={zeros} emptyMessage="Empty" baseValue={0} />);
      expect(screen.getByText('Empty')).toBeInTheDocument();
    });
  });

  describe('header', () => {
    it('toggles line and bar, reporting the chosen type', async () => {
      const user = userEvent.setup();
      const onChartTypeChange = vi.fn();
      const { container } = render(
        <Chart data={twoSeries()} onChartTypeChange={onChartTypeChange} />,
      );
      const bar = screen.getByRole('button', { name: 'Bar chart' });
      expect(screen.getByRole('button', { name: 'Line chart' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      expect(container.querySelectorAll('.sl-chart__line')).toHaveLength(2);
      await user.click(bar);
      expect(onChartTypeChange).toHaveBeenCalledWith('bar');
      expect(bar).toHaveAttribute('aria-pressed', 'true');
      expect(container.querySelectorAll('.sl-chart__line')).toHaveLength(0);
      expect(container.querySelectorAll('.sl-chart__bar')).toHaveLength(2);
    });

    it('follows a controlled type and only reports clicks', async () => {
      const user = userEvent.setup();
      const onChartTypeChange = vi.fn();
      render(<Chart data={twoSeries()} type="line" onChartTypeChange={onChartTypeChange} />);
      await user.click(screen.getByRole('button', { name: 'Bar chart' }));
      expect(onChartTypeChange).toHaveBeenCalledWith('bar');
      expect(screen.getByRole('button', { name: 'Line chart' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    });

    it('offers the allowed intervals and reports the chosen one', async () => {
      const user = userEvent.setup();
      const onIntervalChange = vi.fn();
      render(
        <Chart
          data={twoSeries()}
          interval="day"
          allowedIntervals={['day', 'week', 'month']}
          onIntervalChange={onIntervalChange}
        />,
      );
      const select = screen.getByRole('combobox', { name: 'Interval' });
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['By day', 'By week', 'By month']);
      await user.selectOptions(select, 'By week');
      expect(onIntervalChange).toHaveBeenCalledWith('week');
    });

    it('shows the first allowed interval when the chosen one is not allowed', () => {
      render(<Chart data={twoSeries()} interval="hour" allowedIntervals={['day', 'week']} />);
      expect(screen.getByRole('combobox', { name: 'Interval' })).toHaveValue('day');
    });

    it('has no interval selector without allowed intervals', () => {
      render(<Chart data={twoSeries()} />);
      expect(screen.queryByRole('combobox', { name: 'Interval' })).not.toBeInTheDocument();
    });
  });

  describe('legend', () => {
    it('shows the first five series and blocks a sixth with the limit title', async () => {
      const user = userEvent.setup();
      render(<Chart mode="item-comparison" data={eightItems()} />);
      const boxes = screen.getAllByRole('checkbox');
      expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([
        true,
        true,
        true,
        true,
        true,
        false,
        false,
        false,
      ]);
      const itemF = screen.getByRole('checkbox', { name: /Item F/ });
      expect(itemF).toHaveAttribute('aria-disabled', 'true');
      expect(itemF).toHaveAccessibleDescription('You may select up to 5 items.');
      await user.click(itemF);
      expect(itemF).not.toBeChecked();
    });

    it('toggles series and frees a slot for another', async () => {
      const user = userEvent.setup();
      const { container } = render(<Chart mode="item-comparison" data={eightItems()} />);
      await user.click(screen.getByRole('checkbox', { name: /Item C/ }));
      expect(screen.getByRole('checkbox', { name: /Item C/ })).not.toBeChecked();
      const itemF = screen.getByRole('checkbox', { name: /Item F/ });
      expect(itemF).not.toHaveAttribute('aria-disabled');
      await user.click(itemF);
      expect(itemF).toBeChecked();
      const drawn = [...container.querySelectorAll('.sl-chart__series')].map((g) =>
        g.getAttribute('data-series'),
      );
      expect(drawn).toEqual(['a', 'b', 'd', 'e', 'f']);
      // f reuses the colour c gave up, so no two visible series share one.
      const fLine = container.querySelector('[data-series="f"] .sl-chart__line') as SVGElement;
      expect(fLine.style.stroke).toBe('var(--sl-chart-3)');
    });

    it('keeps at least one series visible', async () => {
      const user = userEvent.setup();
      const rows = makeDailyRows(JAN_1, 3, { a: { label: 'Only', value: () => 1 } });
      render(<Chart data={rows} />);
      const only = screen.getByRole('checkbox', { name: /Only/ });
      expect(only).toHaveAttribute('aria-disabled', 'true');
      expect(only).not.toHaveAttribute('title');
      await user.click(only);
      expect(only).toBeChecked();
    });

    it('resets visibility when the set of keys changes, not when values change', async () => {
      const user = userEvent.setup();
      const { rerender } = render(<Chart data={twoSeries()} />);
      await user.click(screen.getByRole('checkbox', { name: /Orders/ }));
      expect(screen.getByRole('checkbox', { name: /Orders/ })).not.toBeChecked();
      rerender(<Chart data={twoSeries(12)} />);
      expect(screen.getByRole('checkbox', { name: /Orders/ })).not.toBeChecked();
      const withRefunds = makeDailyRows(JAN_1, 10, {
        revenue: { label: 'Revenue', value: () => 1 },
        orders: { label: 'Orders', value: () => 1 },
        refunds: { label: 'Refunds', value: () => 1 },
      });
      rerender(<Chart data={withRefunds} />);
      expect(screen.getByRole('checkbox', { name: /Orders/ })).toBeChecked();
      expect(screen.getByRole('checkbox', { name: /Refunds/ })).toBeChecked();
    });

    it('reports toggles and follows controlled visible keys', async () => {
      const user = userEvent.setup();
      const onVisibleKeysChange = vi.fn();
      render(
        <Chart
          data={twoSeries()}
          visibleKeys={['revenue']}
          onVisibleKeysChange={onVisibleKeysChange}
        />,
      );
      expect(screen.getByRole('checkbox', { name: /Orders/ })).not.toBeChecked();
      await user.click(screen.getByRole('checkbox', { name: /Orders/ }));
      expect(onVisibleKeysChange).toHaveBeenCalledWith(['revenue', 'orders']);
      expect(screen.getByRole('checkbox', { name: /Orders/ })).not.toBeChecked();
    });

    it('highlights a series on hover and on focus, and clears on leaving', async () => {
      const user = userEvent.setup();
      const { container } = render(<Chart data={twoSeries()} />);
      const orders = () => container.querySelector('[data-series="orders"]');
      const revenue = () => container.querySelector('[data-series="revenue"]');
      await user.hover(screen.getByText('Revenue'));
      expect(orders()).toHaveClass('is-faded');
      expect(revenue()).not.toHaveClass('is-faded');
      await user.unhover(screen.getByText('Revenue'));
      expect(orders()).not.toHaveClass('is-faded');
      act(() => screen.getByRole('checkbox', { name: /Orders/ }).focus());
      expect(revenue()).toHaveClass('is-faded');
      act(() => screen.getByRole('checkbox', { name: /Orders/ }).blur());
      expect(revenue()).not.toHaveClass('is-faded');
    });

    it('drops zero-total items unless selected in the query', () => {
      const rows = makeDailyRows(JAN_1, 3, {
        hat: { label: 'Hat', value: () => 5 },
        cap: { label: 'Cap', value: () => 0 },
      });
      const { rerender } = render(<Chart mode="item-comparison" data={rows} />);
      expect(screen.queryByRole('checkbox', { name: /Cap/ })).not.toBeInTheDocument();
      rerender(<Chart mode="item-comparison" data={rows} selectedIds={['cap']} />);
      expect(screen.getByRole('checkbox', { name: /Cap/ })).toBeInTheDocument();
    });

    it('is scrollable above five items and shows the total label in a column legend', () => {
      const { container, rerender } = render(
        <Chart
          mode="item-comparison"
          data={eightItems()}
          totalLabel="8 products"
          legendPosition="bottom"
        />,
      );
      expect(container.querySelector('.sl-chart-legend')).toHaveClass('is-scrollable');
      expect(screen.getByText('8 products')).toBeInTheDocument();
      rerender(
        <Chart
          mode="item-comparison"
          data={eightItems()}
          totalLabel="8 products"
          legendPosition="top"
        />,
      );
      expect(screen.queryByText('8 products')).not.toBeInTheDocument();
    });

    it('shows no total label or scrolling for five items or fewer', () => {
      const { container } = render(
        <Chart data={twoSeries()} totalLabel="2 items" legendPosition="side" />,
      );
      expect(container.querySelector('.sl-chart-legend')).not.toHaveClass('is-scrollable');
      expect(screen.queryByText('2 items')).not.toBeInTheDocument();
    });

    it('formats totals with the store currency', () => {
      render(<Chart data={twoSeries()} valueType="currency" currency={{ symbol: '€' }} />);
      expect(screen.getByRole('checkbox', { name: /Revenue/ })).toHaveAccessibleName(
        'Revenue €5,500.00',
      );
    });

    it('shows the given legend totals instead of the sum of the plotted values', () => {
      const { container } = render(
        <Chart
          data={twoSeries()}
          valueType="currency"
          legendTotals={{ revenue: 5_812.5, orders: null }}
        />,
      );
      expect(screen.getByRole('checkbox', { name: /Revenue/ })).toHaveAccessibleName(
        'Revenue $5,812.50',
      );
      // No finite total given: the sum of the values.
      expect(screen.getByRole('checkbox', { name: /Orders/ })).toHaveAccessibleName(
        'Orders $55.00',
      );
      expect(container.textContent).toContain('Revenue: total $5,812.50.');
    });

    it('names both dates of a value that covers two days in the tooltip', () => {
      const data = twoSeries(2).map((row, i) => ({
        ...row,
        revenue: {
          value: 1,
          label: 'Revenue',
          labelDate: '2023-02-28T00:00:00',
          ...(i === 0 ? { labelDateEnd: '2023-03-01T00:00:00' } : {}),
        },
      }));
      const { container } = render(<Chart data={data} title="Net sales" />);
      const first = container.querySelector('.sl-chart__point[data-index="0"]');
      expect(first?.getAttribute('aria-label')).toMatch(
        /Revenue \(February 28, 2023 – March 1, 2023\)/,
      );
    });
  });

  describe('layout', () => {
    it('places the legend by mode on wide screens and at the bottom otherwise', () => {
      setViewport(1400);
      const { container, rerender } = render(<Chart data={twoSeries()} />);
      expect(container.querySelector('.sl-chart-legend')).toHaveClass('sl-chart-legend--top');
      rerender(<Chart mode="item-comparison" data={twoSeries()} />);
      expect(container.querySelector('.sl-chart-legend')).toHaveClass('sl-chart-legend--side');
      setViewport(900);
      expect(container.querySelector('.sl-chart-legend')).toHaveClass('sl-chart-legend--bottom');
    });

    it('sizes the plot by viewport: 180 mobile, 220 medium, 300 large', () => {
      const { container } = render(<Chart data={twoSeries()} />);
      const svg = () => container.querySelector('svg.sl-chart__svg');
      setViewport(500);
      expect(svg()).toHaveAttribute('height', '180');
      setViewport(800);
      expect(svg()).toHaveAttribute('height', '220');
      setViewport(1000);
      expect(svg()).toHaveAttribute('height', '300');
    });

    it('uses the default width of 600 when the container cannot be measured', () => {
      const { container } = render(<Chart data={twoSeries()} height={250} />);
      const svg = container.querySelector('svg.sl-chart__svg');
      expect(svg).toHaveAttribute('width', '600');
      expect(svg).toHaveAttribute('height', '250');
    });

    it('follows its container width through a ResizeObserver', () => {
      let notify: ((entries: { contentRect: { width: number } }[]) => void) | undefined;
      class FakeObserver {
        constructor(callback: typeof notify) {
          notify = callback;
        }
        observe() {}
        disconnect() {}
      }
      vi.stubGlobal('ResizeObserver', FakeObserver);
      try {
        const { container } = render(<Chart data={twoSeries()} />);
        act(() => notify?.([{ contentRect: { width: 900 } }]));
        expect(container.querySelector('svg.sl-chart__svg')).toHaveAttribute('width', '900');
      } finally {
        vi.unstubAllGlobals();
      }
    });

    it('measures its container once the loading state ends', () => {
      let notify: ((entries: { contentRect: { width: number } }[]) => void) | undefined;
      const observe = vi.fn();
      class FakeObserver {
        constructor(callback: typeof notify) {
          notify = callback;
        }
        observe = observe;
        disconnect() {}
      }
      vi.stubGlobal('ResizeObserver', FakeObserver);
      try {
        const { container, rerender } = render(<Chart data={twoSeries()} isRequesting />);
        expect(observe).not.toHaveBeenCalled();
        rerender(<Chart data={twoSeries()} />);
        expect(observe).toHaveBeenCalledTimes(1);
        act(() => notify?.([{ contentRect: { width: 1000 } }]));
        expect(container.querySelector('svg.sl-chart__svg')).toHaveAttribute('width', '1000');
      } finally {
        vi.unstubAllGlobals();
      }
    });

    it('formats the y axis with the currency symbol', () => {
      const rows = makeDailyRows(JAN_1, 3, { a: { label: 'A', value: (i) => i * 1000 } });
      const { container } = render(
        <Chart data={rows} valueType="currency" currency={{ symbol: '£' }} />,
      );
      const ticks = [...container.querySelectorAll('.sl-chart__y-axis text')].map(
        (t) => t.textContent,
      );
      expect(ticks).toContain('£0');
      expect(ticks).toContain('£2k');
    });

    it('collapses x labels to month starts for a 90-day series', () => {
      const rows = makeDailyRows(JAN_1, 91, { a: { label: 'A', value: () => 1 } });
      const { container } = render(<Chart data={rows} interval="day" />);
      const labels = [...container.querySelectorAll('.sl-chart__x-axis text')].map(
        (t) => t.textContent,
      );
      expect(labels).toEqual(['Jan2024', 'Feb', 'Mar']);
    });
  });

  describe('data points and tooltip', () => {
    it('has one tab stop for the data points, moved with the arrow keys, and no trap', async () => {
      const user = userEvent.setup();
      render(<Chart data={twoSeries()} />);
      await user.click(screen.getByRole('button', { name: 'Bar chart' }));
      await user.tab();
      expect(pointIndex()).toBe('0');
      expect(document.activeElement).toHaveAccessibleName(
        'January 1, 2024. Revenue: 100; Orders: 1',
      );
      await user.keyboard('{ArrowRight}{ArrowRight}');
      expect(pointIndex()).toBe('2');
      await user.keyboard('{End}');
      expect(pointIndex()).toBe('9');
      await user.tab();
      expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: /Revenue/ }));
      await user.tab({ shift: true });
      expect(pointIndex()).toBe('9');
    });

    it('shows every visible series at the focused date in the tooltip', async () => {
      const user = userEvent.setup();
      render(<Chart data={twoSeries()} />);
      await user.click(screen.getByRole('checkbox', { name: /Orders/ }));
      await user.click(screen.getByRole('checkbox', { name: /Orders/ }));
      await user.click(screen.getByRole('button', { name: 'Bar chart' }));
      await user.tab();
      await user.keyboard('{ArrowRight}');
      const tooltip = screen.getByRole('tooltip');
      expect(within(tooltip).getByText('January 2, 2024')).toBeInTheDocument();
      expect(
        within(tooltip)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Revenue200', 'Orders2']);
    });

    it('leaves hidden series out of the tooltip', async () => {
      const user = userEvent.setup();
      render(<Chart data={twoSeries()} />);
      await user.click(screen.getByRole('checkbox', { name: /Orders/ }));
      act(() => screen.getAllByRole('img')[0]?.focus());
      const tooltip = await screen.findByRole('tooltip');
      expect(within(tooltip).getAllByRole('listitem')).toHaveLength(1);
    });

    it('opens on pointer hover over the plot and closes on leaving', async () => {
      const user = userEvent.setup();
      const { container } = render(<Chart data={twoSeries()} />);
      const overlay = container.querySelector('.sl-chart__overlay') as Element;
      await user.pointer({ target: overlay, coords: { clientX: 0, clientY: 10 } });
      expect(screen.getByRole('tooltip')).toHaveTextContent('January 1, 2024');
      await user.unhover(overlay);
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    });

    it('hides the tooltip when the page scrolls', async () => {
      render(<Chart data={twoSeries()} />);
      act(() => screen.getAllByRole('img')[3]?.focus());
      expect(screen.getByRole('tooltip')).toBeInTheDocument();
      fireEvent.scroll(window);
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    });

    it('shows the real date of time-comparison values', () => {
      const rows: ChartDataRow[] = [
        {
          date: '2024-01-01T00:00:00',
          primary: { value: 5, label: 'Jan 2024' },
          secondary: { value: 3, label: 'Jan 2023', labelDate: '2023-01-01T00:00:00' },
        },
      ];
      render(<Chart data={rows} />);
      act(() => screen.getAllByRole('img')[0]?.focus());
      expect(screen.getByRole('tooltip')).toHaveTextContent('Jan 2023 January 1, 2023');
    });

    it('renders a single roving point for very long series', async () => {
      const user = userEvent.setup();
      const rows = makeDailyRows(JAN_1, 500, { a: { label: 'A', value: (i) => i } });
      render(<Chart data={rows} />);
      expect(screen.getAllByRole('img')).toHaveLength(1);
      await user.click(screen.getByRole('button', { name: 'Bar chart' }));
      await user.tab();
      await user.keyboard('{ArrowRight}');
      expect(screen.getAllByRole('img')).toHaveLength(1);
      expect(document.activeElement).toHaveAccessibleName('January 2, 2024. A: 1');
    });
  });
});
