import { Link, type TableCell, VisuallyHidden } from '@storelens/components';
import type { ReportRow } from '@storelens/data';
import { __, sprintf } from '@storelens/i18n';
import type { Query } from '@storelens/navigation';
import type { ReactNode } from 'react';
import type { ItemColumn } from './item-table';
import { reportHref } from './links';
import type { RowContext } from './types';
import './profit.css';

/**
 * A profit figure as the server answers it: a number, or null where it is unknown (no item sold
 * had a known cost, a margin of no sales). Anything else is unknown too, never 0.
 */
export function profitValue(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

const percentFormat = new Intl.NumberFormat('en-US', {
  style: 'percent',
  maximumFractionDigits: 1,
});

/** A margin (a fraction of net sales: 0.3125) as "31.3%". */
export function formatMargin(fraction: number): string {
  return percentFormat.format(fraction);
}

/**
 * A coverage (a fraction) as a whole percentage that never rounds up to a full "100%" nor
 * down to "0%" when some but not all are covered: 0.996 is "99%", 0.002 is "<1%".
 */
export function formatCoverage(fraction: number): string {
  if (fraction >= 1) return '100%';
  if (fraction <= 0) return '0%';
  const whole = Math.floor(fraction * 100);
  return whole === 0 ? '<1%' : `${whole}%`;
}

/** An unknown figure: a dash on screen, "unknown" to a screen reader. */
export function Unknown() {
  return (
    <span className="sl-profit__unknown">
      <span aria-hidden="true">—</span>
      <VisuallyHidden>{__('unknown')}</VisuallyHidden>
    </span>
  );
}

/** A money figure, or the unknown dash. */
export function moneyOrUnknown(value: unknown, context: Pick<RowContext, 'formatAmount'>) {
  const n = profitValue(value);
  return n === null ? <Unknown /> : context.formatAmount(n);
}

/** A margin, or the unknown dash. */
export function marginOrUnknown(value: unknown): ReactNode {
  const n = profitValue(value);
  return n === null ? <Unknown /> : formatMargin(n);
}

/** A table cell of money that may be unknown (sorted and exported as empty then). */
export function moneyCell(value: unknown, context: Pick<RowContext, 'formatAmount'>): TableCell {
  const n = profitValue(value);
  return { display: moneyOrUnknown(n, context), value: n };
}

/** A table cell of a margin that may be unknown; exported as the fraction. */
export function marginCell(value: unknown): TableCell {
  const n = profitValue(value);
  return { display: marginOrUnknown(n), value: n };
}

/**
 * The cost of goods of a row, saying beside it when the cost of only some of its items is
 * known ("80% known"): the figure is then of those items only.
 */
export function costCell(
  cost: unknown,
  coverage: unknown,
  context: Pick<RowContext, 'formatAmount'>,
): TableCell {
  const n = profitValue(cost);
  const covered = profitValue(coverage);
  if (n === null || covered === null || covered >= 1) return moneyCell(n, context);
  return {
    display: (
      <>
        {context.formatAmount(n)}
        <span className="sl-profit__partial">
          {sprintf(__('%s known'), formatCoverage(covered))}
        </span>
      </>
    ),
    value: n,
  };
}

/** Where "costs known for …" leads: the products whose cost is not known come first. */
export function productsWithoutCostHref(query: Query): string {
  return reportHref('/analytics/products', { orderby: 'cost_of_goods', order: 'asc' }, query);
}

/**
 * The sentence under profit figures when the cost of some items sold is not known: "Costs known
 * for 92% of items sold", linking to the Products report with the products without a cost
 * first. Nothing when every cost is known or nothing was sold.
 */
export function CostCoverage({
  coverage,
  query,
}: {
  readonly coverage: unknown;
  readonly query: Query;
}) {
  const covered = profitValue(coverage);
  if (covered === null || covered >= 1) return null;
  return (
    <p className="sl-profit__coverage">
      {sprintf(__('Costs known for %s of items sold.'), formatCoverage(covered))}{' '}
      {__(
        'The others count in net sales at no cost, so profit and margins are too high by their cost.',
      )}{' '}
      <Link href={productsWithoutCostHref(query)}>{__('Products without a cost')}</Link>
    </p>
  );
}

/** The gross profit columns of the products, variations and categories tables. */
export const profitColumns: readonly ItemColumn[] = [
  {
    header: { key: 'cost_of_goods', label: __('Cost'), isSortable: true, isNumeric: true },
    cell: (row: ReportRow, context) => costCell(row.cost_of_goods, row.cost_coverage, context),
  },
  {
    header: { key: 'gross_profit', label: __('Gross profit'), isSortable: true, isNumeric: true },
    cell: (row: ReportRow, context) => moneyCell(row.gross_profit, context),
  },
  {
    header: { key: 'gross_margin', label: __('Gross margin'), isSortable: true, isNumeric: true },
    cell: (row: ReportRow) => marginCell(row.gross_margin),
  },
];
