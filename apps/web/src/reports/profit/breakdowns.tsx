import { ApiFetchProvider, Link, NUMBER_CLASS } from '@storelens/components';
import {
  type ApiError,
  type QueryArgs,
  type ReportRow,
  useReportItems,
  useReportStats,
} from '@storelens/data';
import { getReportDateParams } from '@storelens/date';
import { __, sprintf } from '@storelens/i18n';
import { parseQuery, type Query } from '@storelens/navigation';
import { type ReactNode, useId, useMemo } from 'react';
import { sessionApiFetch } from '../../api-client';
import { useStore } from '../../settings-context';
import { useAdminLocation } from '../../use-location';
import { formatNumber } from '../page/format';
import { reportHref } from '../page/links';
import {
  formatCoverage,
  marginOrUnknown,
  moneyOrUnknown,
  productsWithoutCostHref,
  profitValue,
} from '../page/profit';
import { segmentQuery } from '../segments/segments';

/** How many products or categories each breakdown lists. */
const TOP = 10;

/** The page size read when looking for the products sold at a loss. */
const LOSS_PAGE = 100;

/** A product or category row's name (its `extended_info`). */
const nameOf = (row: ReportRow) =>
  String((row.extended_info as { name?: string } | undefined)?.name ?? '');

/** What a breakdown lists: products or categories, with the view a row's name opens. */
interface RowKind {
  readonly id: (row: ReportRow) => number;
  readonly href: (row: ReportRow, query: Query) => string;
  readonly nameHeader: string;
}

const productKind: RowKind = {
  id: (row) => Number(row.product_id),
  href: (row, query) =>
    reportHref(
      '/analytics/products',
      { filter: 'single_product', products: Number(row.product_id) },
      query,
    ),
  nameHeader: __('Product'),
};

const categoryKind: RowKind = {
  id: (row) => Number(row.category_id),
  href: (row, query) =>
    reportHref(
      '/analytics/categories',
      { filter: 'single_category', categories: Number(row.category_id) },
      query,
    ),
  nameHeader: __('Category'),
};

/**
 * Below the Profit report's chart and days: gross profit by product and by category, profit by
 * payment method, the products sold at a loss, and how much of the sales the known costs cover. Every list reads
 * the products or categories report for the page's date range.
 */
export function ProfitBreakdowns() {
  return (
    <ApiFetchProvider apiFetch={sessionApiFetch}>
      <Breakdowns />
    </ApiFetchProvider>
  );
}

function Breakdowns() {
  const location = useAdminLocation();
  const query = useMemo(() => parseQuery(location.search), [location.search]);
  const { settings } = useStore();
  const dates = getReportDateParams(query, settings.defaultDateRange).primary;
  // The page's saved segment (its picker is ReportPage's) narrows every breakdown as the chart.
  const range: QueryArgs = { after: dates.after, before: dates.before, ...segmentQuery(query) };
  const base: QueryArgs = { ...range, extended_info: true };
  return (
    <div className="sl-profit">
      <CoverageSection query={query} range={range} />
      <TopSection
        title={__('Gross profit by product')}
        endpoint="products"
        kind={productKind}
        args={base}
        query={query}
        more={{
          text: __('All products by gross profit'),
          href: reportHref(
            '/analytics/products',
            { orderby: 'gross_profit', order: 'desc' },
            query,
          ),
        }}
      />
      <TopSection
        title={__('Gross profit by category')}
        endpoint="categories"
        kind={categoryKind}
        args={base}
        query={query}
        more={{
          text: __('All categories by gross profit'),
          href: reportHref(
            '/analytics/categories',
            { orderby: 'gross_profit', order: 'desc' },
            query,
          ),
        }}
      />
      <PaymentMethodSection range={range} query={query} />
      <LossSection args={base} query={query} />
    </div>
  );
}

/** A request's failure, said where its figures would be. */
function Failure({ error }: { error: ApiError | null }) {
  return (
    <p role="alert" className="sl-notice sl-notice--error">
      {sprintf(
        __('These figures could not be loaded: %s'),
        error?.message ?? __('the server did not answer'),
      )}
    </p>
  );
}

/** A section with its heading (the section's accessible name). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="sl-profit__section" aria-labelledby={id}>
      <h2 id={id} className="sl-profit__heading">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** How much of the range's items and net sales the known costs cover. */
function CoverageSection({ query, range }: { query: Query; range: QueryArgs }) {
  const stats = useReportStats('profit', {
    ...range,
    interval: 'year',
    fields: ['num_items_sold', 'cost_coverage', 'cost_coverage_net_sales'],
  });
  const totals = (stats.data?.totals ?? {}) as Record<string, unknown>;
  const items = profitValue(totals.cost_coverage);
  const sales = profitValue(totals.cost_coverage_net_sales);
  let body: ReactNode;
  if (stats.isError) body = <Failure error={stats.error} />;
  else if (!stats.data) body = <p className="sl-profit__status">{__('Loading…')}</p>;
  else if (items === null) body = <p>{__('No items were sold in this range.')}</p>;
  else
    body = (
      <>
        <p>
          {sprintf(
            __('Costs are known for %1$s of the items sold, making %2$s of net sales.'),
            formatCoverage(items),
            sales === null ? __('an unknown share') : formatCoverage(sales),
          )}
        </p>
        {items < 1 ? (
          <p>
            <Link href={productsWithoutCostHref(query)}>{__('Products without a known cost')}</Link>
          </p>
        ) : (
          <p>{__('Every profit figure of this range is made of known costs.')}</p>
        )}
      </>
    );
  return <Section title={__('Cost coverage')}>{body}</Section>;
}

/** A table of products or categories with their sales, cost, gross profit and margin. */
function ProfitTable({
  caption,
  rows,
  kind,
  query,
  children,
}: {
  caption: string;
  rows: readonly ReportRow[];
  kind: RowKind;
  query: Query;
  children?: ReactNode;
}) {
  const { formatAmount } = useStore();
  const money = { formatAmount };
  return (
    <div className="sl-table__scroll">
      <table className="sl-table sl-profit__table">
        <caption className="sl-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="sl-table__header">
              {kind.nameHeader}
            </th>
            <th scope="col" className="sl-table__header is-numeric">
              {__('Net sales')}
            </th>
            <th scope="col" className="sl-table__header is-numeric">
              {__('Cost')}
            </th>
            <th scope="col" className="sl-table__header is-numeric">
              {__('Gross profit')}
            </th>
            <th scope="col" className="sl-table__header is-numeric">
              {__('Gross margin')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={kind.id(row)}>
              <th scope="row" className="sl-table__cell">
                <Link href={kind.href(row, query)}>{nameOf(row) || `#${kind.id(row)}`}</Link>
              </th>
              <td className={`sl-table__cell is-numeric ${NUMBER_CLASS}`}>
                {formatAmount(Number(row.net_revenue ?? 0))}
              </td>
              <td className={`sl-table__cell is-numeric ${NUMBER_CLASS}`}>
                {moneyOrUnknown(row.cost_of_goods, money)}
              </td>
              <td className={`sl-table__cell is-numeric ${NUMBER_CLASS}`}>
                {moneyOrUnknown(row.gross_profit, money)}
              </td>
              <td className={`sl-table__cell is-numeric ${NUMBER_CLASS}`}>
                {marginOrUnknown(row.gross_margin)}
              </td>
            </tr>
          ))}
          {children}
        </tbody>
      </table>
    </div>
  );
}

/** The products or categories of the most gross profit in the range. */
function TopSection({
  title,
  endpoint,
  kind,
  args,
  query,
  more,
}: {
  title: string;
  endpoint: 'products' | 'categories';
  kind: RowKind;
  args: QueryArgs;
  query: Query;
  more: { text: string; href: string };
}) {
  const list = useReportItems(endpoint, {
    ...args,
    orderby: 'gross_profit',
    order: 'desc',
    per_page: TOP,
  });
  // A profit sort puts the unknown ones last: only rows with a known profit are "top".
  const rows = (list.data as readonly ReportRow[]).filter(
    (row) => profitValue(row.gross_profit) !== null,
  );
  let body: ReactNode;
  if (list.isError) body = <Failure error={list.error} />;
  else if (list.isRequesting && list.data.length === 0)
    body = <p className="sl-profit__status">{__('Loading…')}</p>;
  else if (rows.length === 0) body = <p>{__('No sale in this range has a known cost.')}</p>;
  else body = <ProfitTable caption={title} rows={rows} kind={kind} query={query} />;
  return (
    <Section title={title}>
      {body}
      <p>
        <Link href={more.href}>{more.text}</Link>
      </p>
    </Section>
  );
}

/** How many payment methods the section lists (a shop has a handful). */
const METHODS = 25;

/**
 * Profit by payment method: each method's net sales, the fees its gateway kept, gross and net
 * profit and net margin, from the Sources report grouped by payment method (the same sums as
 * the figures above, per method). A method links to its orders.
 */
function PaymentMethodSection({ range, query }: { range: QueryArgs; query: Query }) {
  const title = __('Profit by payment method');
  const { formatAmount } = useStore();
  const money = { formatAmount };
  const list = useReportItems('sources', {
    ...range,
    groupby: 'payment_method',
    orderby: 'net_revenue',
    order: 'desc',
    per_page: METHODS,
  });
  const rows = list.data;
  let body: ReactNode;
  if (list.isError) body = <Failure error={list.error} />;
  else if (list.isRequesting && rows.length === 0)
    body = <p className="sl-profit__status">{__('Loading…')}</p>;
  else if (rows.length === 0) body = <p>{__('No orders in this range.')}</p>;
  else
    body = (
      <div className="sl-table__scroll">
        <table className="sl-table sl-profit__table">
          <caption className="sl-visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col" className="sl-table__header">
                {__('Payment method')}
              </th>
              <th scope="col" className="sl-table__header is-numeric">
                {__('Orders')}
              </th>
              <th scope="col" className="sl-table__header is-numeric">
                {__('Net sales')}
              </th>
              <th scope="col" className="sl-table__header is-numeric">
                {__('Payment fees')}
              </th>
              <th scope="col" className="sl-table__header is-numeric">
                {__('Gross profit')}
              </th>
              <th scope="col" className="sl-table__header is-numeric">
                {__('Net profit')}
              </th>
              <th scope="col" className="sl-table__header is-numeric">
                {__('Net margin')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.value}>
                <th scope="row" className="sl-table__cell">
                  <Link
                    href={reportHref(
                      '/analytics/orders',
                      { filter: 'advanced', payment_method_is: row.value },
                      query,
                    )}
                  >
                    {row.label || row.value}
                  </Link>
                </th>
                <td className={`sl-table__cell is-numeric ${NUMBER_CLASS}`}>
                  {formatNumber(row.orders_count)}
                </td>
                <td className={`sl-table__cell is-numeric ${NUMBER_CLASS}`}>
                  {formatAmount(row.net_revenue)}
                </td>
                <td className={`sl-table__cell is-numeric ${NUMBER_CLASS}`}>
                  {formatAmount(row.payment_fees)}
                </td>
                <td className={`sl-table__cell is-numeric ${NUMBER_CLASS}`}>
                  {moneyOrUnknown(row.gross_profit, money)}
                </td>
                <td className={`sl-table__cell is-numeric ${NUMBER_CLASS}`}>
                  {moneyOrUnknown(row.net_profit, money)}
                </td>
                <td className={`sl-table__cell is-numeric ${NUMBER_CLASS}`}>
                  {marginOrUnknown(row.net_margin)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <Section title={title}>
      {body}
      <p>
        <Link href={reportHref('/analytics/sources', { groupby: 'payment_method' }, query)}>
          {__('All payment methods in the Sources report')}
        </Link>
      </p>
    </Section>
  );
}

/** The products sold below their cost in the range (a negative gross margin). */
function LossSection({ args, query }: { args: QueryArgs; query: Query }) {
  const title = __('Products sold at a loss');
  return (
    <Section title={title}>
      <p>
        {__('Products whose net sales in this range were below the known cost of their items.')}
      </p>
      <LossPages args={args} query={query} page={1} found={[]} caption={title} />
    </Section>
  );
}

const isLoss = (row: ReportRow) => {
  const margin = profitValue(row.gross_margin);
  return margin !== null && margin < 0;
};

/**
 * One page of the products sorted by gross margin, lowest first. That sort lists the products
 * of unknown margin first, then the known ones from the lowest: while a page ends in an unknown
 * or a negative margin, the next page may hold more losses and is read too (a child of this
 * one, so each page keeps its own request). The last page read draws the table of every loss.
 */
function LossPages({
  args,
  query,
  page,
  found,
  caption,
}: {
  args: QueryArgs;
  query: Query;
  page: number;
  /** The losses of the pages before this one. */
  found: readonly ReportRow[];
  caption: string;
}) {
  const list = useReportItems('products', {
    ...args,
    orderby: 'gross_margin',
    order: 'asc',
    per_page: LOSS_PAGE,
    page,
  });
  const rows = list.data as readonly ReportRow[];
  const losses = [...found, ...rows.filter(isLoss)];
  if (list.isError) return <Failure error={list.error} />;
  if (list.isRequesting && rows.length === 0)
    return <p className="sl-profit__status">{__('Loading…')}</p>;
  const last = rows[rows.length - 1];
  const mayHaveMore =
    page < list.totalPages && last !== undefined && (profitValue(last.gross_margin) ?? -1) < 0;
  if (mayHaveMore)
    return <LossPages args={args} query={query} page={page + 1} found={losses} caption={caption} />;
  if (losses.length === 0) return <p>{__('No product with a known cost was sold at a loss.')}</p>;
  return <ProfitTable caption={caption} rows={losses} kind={productKind} query={query} />;
}
