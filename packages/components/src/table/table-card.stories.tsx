import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, useState } from 'react';
import { sortRows } from './sort';
import { TableCard } from './table-card';
import type { TableHeader, TableQuery, TableRow } from './types';

const headers: TableHeader[] = [
  { key: 'date', label: 'Date', isSortable: true, required: true, defaultSort: true },
  { key: 'orders', label: 'Orders', isSortable: true, isNumeric: true },
  { key: 'items', label: 'Items sold', isSortable: true, isNumeric: true },
  { key: 'net', label: 'Net sales', isSortable: true, isNumeric: true },
  {
    key: 'aov',
    label: 'AOV',
    screenReaderLabel: 'Average order value',
    isSortable: true,
    isNumeric: true,
    hiddenByDefault: true,
  },
  { key: 'note', label: 'Note', hiddenByDefault: true },
];

const money = (n: number) => `$${n.toFixed(2)}`;

const allRows: TableRow[] = Array.from({ length: 112 }, (_, i) => {
  const day = new Date(Date.UTC(2026, 0, 1 + i));
  const iso = day.toISOString().slice(0, 10);
  const orders = (i * 7) % 23;
  const net = orders * 31.5 + (i % 5) * 3;
  return [
    { display: iso, value: iso },
    { display: String(orders), value: orders },
    { display: String(orders * 2), value: orders * 2 },
    { display: money(net), value: net },
    { display: money(orders ? net / orders : 0), value: orders ? net / orders : 0 },
    { display: i % 9 === 0 ? 'Promotion' : '', value: i % 9 === 0 ? 'Promotion' : '' },
  ];
});

/** A page that keeps the query (as the URL would) and sorts and pages local rows. */
function LocalReport({ total = allRows.length }: { total?: number }) {
  const [query, setQuery] = useState<TableQuery>({});
  const perPage = query.per_page ?? 25;
  const page = query.paged ?? 1;
  const sorted = useMemo(
    () =>
      sortRows(allRows.slice(0, total), headers, {
        orderby: query.orderby ?? 'date',
        order: query.order ?? 'desc',
      }),
    [query.orderby, query.order, total],
  );
  return (
    <TableCard
      title="Revenue"
      headers={headers}
      rows={sorted.slice((page - 1) * perPage, page * perPage)}
      totalRows={total}
      rowsPerPage={25}
      query={query}
      onQueryChange={(update) => setQuery((q) => ({ ...q, ...update }))}
      reportId="storybook-revenue"
      summary={[
        { label: 'days', value: String(total) },
        { label: 'orders', value: '1,204' },
        { label: 'net sales', value: '$37,926.00' },
      ]}
    />
  );
}

const meta = {
  title: 'Components/TableCard',
  component: TableCard,
} satisfies Meta<typeof TableCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const noop = () => {};
const base = {
  title: 'Revenue',
  headers,
  rows: allRows.slice(0, 5),
  totalRows: 5,
  rowsPerPage: 25,
  query: {},
  onQueryChange: noop,
  onDownload: noop,
};

/** Sort by clicking headers, choose columns in the ⋯ menu, page through, download CSV. */
export const Interactive: Story = { args: base, render: () => <LocalReport /> };

/** 40 rows fit one page of 50: only the rows-per-page picker would show after choosing 50. */
export const OnePage: Story = { args: base, render: () => <LocalReport total={20} /> };

/** Loading: a 5-row placeholder, announced to screen readers. */
export const Loading: Story = { args: { ...base, isLoading: true, summary: [] } };

/** No rows. */
export const Empty: Story = { args: { ...base, rows: [], totalRows: 0 } };
