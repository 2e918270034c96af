import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orderCells, ordersReport } from '../orders/definition';
import { productCells, productsTable } from '../products/table';
import { profitCells, profitReport } from '../profit/definition';
import { revenueCells, revenueReport } from '../revenue/definition';
import {
  CostCoverage,
  costCell,
  formatCoverage,
  formatMargin,
  marginCell,
  moneyCell,
  productsWithoutCostHref,
} from './profit';
import { testContext } from './test-context';

const context = testContext({ period: 'last_year' });

/** Renders a cell's display and returns its container. */
const show = (display: unknown) => render(<div>{display as never}</div>).container;

describe('profit figures', () => {
  it('shows a margin as a percentage and a coverage that never rounds to 100% or 0%', () => {
    expect(formatMargin(0.3125)).toBe('31.3%');
    expect(formatMargin(-0.05)).toBe('-5%');
    expect(formatCoverage(0.92)).toBe('92%');
    expect(formatCoverage(0.996)).toBe('99%');
    expect(formatCoverage(0.002)).toBe('<1%');
    expect(formatCoverage(1)).toBe('100%');
  });

  it('shows an unknown figure as a dash named "unknown", never as 0', () => {
    const cell = moneyCell(null, context);
    expect(cell.value).toBeNull();
    const box = show(cell.display);
    expect(box.textContent).toBe('—unknown');
    expect(box.querySelector('[aria-hidden="true"]')?.textContent).toBe('—');
    expect(screen.getByText('unknown')).toHaveClass('sl-visually-hidden');
    expect(marginCell(undefined).value).toBeNull();
  });

  it('shows a known figure in the store format, a margin as its fraction for the CSV', () => {
    expect(moneyCell(12.5, context)).toEqual({ display: '$12.50', value: 12.5 });
    expect(moneyCell(0, context)).toEqual({ display: '$0.00', value: 0 });
    expect(marginCell(0.25)).toEqual({ display: '25%', value: 0.25 });
  });

  it('says beside a cost when only some of its items have a known cost', () => {
    expect(costCell(40, 1, context)).toEqual({ display: '$40.00', value: 40 });
    const partial = costCell(40, 0.8, context);
    expect(partial.value).toBe(40);
    expect(show(partial.display).textContent).toBe('$40.0080% known');
  });
});

describe('CostCoverage', () => {
  it('says how many items sold have a known cost, linking to the products without one', () => {
    render(<CostCoverage coverage={0.9163} query={{ period: 'last_year', chart: 'x' }} />);
    expect(screen.getByText(/Costs known for 91% of items sold\./)).toBeInTheDocument();
    // What the figures then are: the other items' sales at no cost (docs/metrics.md, Profit).
    expect(
      screen.getByText(/count in net sales at no cost, so profit and margins are too high/),
    ).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Products without a cost' });
    const href = link.getAttribute('href') ?? '';
    expect(href).toContain('path=/analytics/products');
    expect(href).toContain('orderby=cost_of_goods');
    expect(href).toContain('order=asc');
    expect(href).toContain('period=last_year');
    expect(href.endsWith(productsWithoutCostHref({ period: 'last_year' }))).toBe(true);
  });

  it('says nothing when every cost is known or nothing was sold', () => {
    expect(render(<CostCoverage coverage={1} query={{}} />).container).toBeEmptyDOMElement();
    expect(render(<CostCoverage coverage={null} query={{}} />).container).toBeEmptyDOMElement();
  });
});

describe('profit columns of the reports', () => {
  it('gives products cost, gross profit and margin columns, sortable by the server', () => {
    const table = profitReport.table({}, {});
    expect(table.headers.length).toBe(
      profitCells({ date_start: '2026-01-02 00:00:00', subtotals: {} }, context).length,
    );
    const products = productsTable();
    const keys = products.headers.map((h) => h.key);
    for (const key of ['cost_of_goods', 'gross_profit', 'gross_margin']) {
      const header = products.headers.find((h) => h.key === key);
      expect(header?.isSortable).toBe(true);
      expect(keys).toContain(key);
    }
    const cells = productCells(
      {
        product_id: 4,
        items_sold: 3,
        net_revenue: 30,
        orders_count: 2,
        cost_of_goods: 36,
        gross_profit: -6,
        gross_margin: -0.2,
        cost_coverage: 1,
        extended_info: { name: 'Mug' },
      },
      context,
    );
    const at = (key: string) => cells[keys.indexOf(key)];
    expect(at('cost_of_goods')?.value).toBe(36);
    expect(at('gross_profit')?.display).toBe('-$6.00');
    expect(at('gross_margin')?.display).toBe('-20%');
  });

  it('gives each order its cost, fees, gross and net profit, cost and fees hidden at first', () => {
    const table = ordersReport.table({}, {});
    const hidden = table.headers.filter((h) => h.hiddenByDefault).map((h) => h.key);
    expect(hidden).toEqual(expect.arrayContaining(['cost_of_goods', 'payment_fees', 'net_profit']));
    const keys = table.headers.map((h) => h.key);
    const cells = orderCells(
      {
        order_id: 7,
        date: '2026-01-02 10:00:00',
        net_total: 50,
        cost_of_goods: 20,
        cost_coverage: 0.5,
        payment_fees: 1.75,
        gross_profit: 30,
        net_profit: 28.25,
      },
      context,
    );
    expect(cells[keys.indexOf('payment_fees')]?.value).toBe(1.75);
    expect(cells[keys.indexOf('net_profit')]?.display).toBe('$28.25');
    expect(show(cells[keys.indexOf('cost_of_goods')]?.display).textContent).toBe('$20.0050% known');
  });

  it('puts an unknown day of Revenue as a dash and its margin as a percentage', () => {
    const table = revenueReport.table({}, {});
    const keys = table.headers.map((h) => h.key);
    const cells = revenueCells(
      {
        date_start: '2026-01-02 00:00:00',
        subtotals: { orders_count: 1, gross_profit: null, gross_margin: 0.4, cost_of_goods: 6 },
      },
      context,
    );
    expect(cells).toHaveLength(keys.length);
    expect(cells[keys.indexOf('gross_profit')]?.value).toBeNull();
    expect(cells[keys.indexOf('gross_margin')]?.display).toBe('40%');
    expect(cells[keys.indexOf('cost_of_goods')]?.display).toBe('$6.00');
  });

  it('puts the revenue summary numbers of profit in their own group, margin as a percentage', () => {
    const profit = (revenueReport.charts ?? []).filter((m) => m.group === 'Profit');
    expect(profit.map((m) => m.key)).toEqual([
      'cost_of_goods',
      'payment_fees',
      'gross_profit',
      'gross_margin',
      'net_profit',
    ]);
    expect(profit.find((m) => m.key === 'gross_margin')?.type).toBe('percent');
    const note = revenueReport.totalsNote?.({ cost_coverage: 0.92 }, {});
    render(<div>{note}</div>);
    expect(screen.getByText(/Costs known for 92% of items sold/)).toBeInTheDocument();
  });
});
