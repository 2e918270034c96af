import { __ } from '@storelens/i18n';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { EllipsisMenu, MenuItem, MenuTitle } from '../ellipsis-menu/ellipsis-menu';
import { PER_PAGE_OPTIONS } from '../pagination/pages';
import { Pagination } from '../pagination/pagination';
import { useControllableState } from '../primitives/use-controllable-state';
import { H } from '../section/section';
import {
  browserStorage,
  type ColumnStorage,
  readHiddenColumns,
  toggleHidden,
  writeHiddenColumns,
} from './column-visibility';
import { csvFileName, saveTextFile, tableToCsv } from './csv';
import { currentSort, sortAfterClick, sortAfterHiding } from './sort';
import { Table, TablePlaceholder, TableSummary, TableSummaryPlaceholder } from './table';
import type { TableHeader, TableQuery, TableRow, TableSummaryItem } from './types';
import './table.css';

/** Props of {@link TableCard}. */
export interface TableCardProps {
  /** Card title; also the caption unless `caption` is given, and the CSV file name. */
  title: string;
  /** Screen-reader caption of the table; defaults to the title. */
  caption?: string;
  /** All columns, shown or not. */
  headers: readonly TableHeader[];
  /** The rows of the current page, one cell per header in header order. */
  rows: readonly TableRow[];
  /** Total number of rows across all pages. */
  totalRows: number;
  /** Rows per page when the query names none (the caller's default page size). */
  rowsPerPage: number;
  /** The table's query: orderby, order, paged, per_page (usually read from the URL). */
  query: TableQuery;
  /** Called with the query keys to change; the page writes them to the URL. */
  onQueryChange: (update: TableQuery) => void;
  /** Shows the 5-row placeholder and announces loading. */
  isLoading?: boolean;
  /** Totals shown under the table. */
  summary?: readonly TableSummaryItem[];
  /** Report id under which column choices are remembered; none: not remembered. */
  reportId?: string;
  /** Where column choices are kept; defaults to localStorage. */
  storage?: ColumnStorage;
  /** Called after the user shows or hides a column, with the shown keys and the toggled one. */
  onColumnsChange?: (shownKeys: string[], toggledKey: string) => void;
  /**
   * The hidden column keys, when the caller keeps them (e.g. in a per-user preference on the
   * server); `storage` is then not used. Changes are reported through `onHiddenColumnsChange`.
   */
  hiddenColumns?: readonly string[];
  /** Receives the hidden keys after a change, when `hiddenColumns` is given. */
  onHiddenColumnsChange?: (hidden: string[]) => void;
  /**
   * Replaces the Download button's action (e.g. a server export when the rows do not all fit
   * on the page); by default the rows given are saved as CSV.
   */
  onDownloadRequest?: () => void;
  /** Index of the shown column naming each row (a row header); defaults to 0. */
  rowHeader?: number | false;
  /** Extra controls in the card header. */
  actions?: ReactNode;
  /** Replaces how the CSV is saved (defaults to a Blob download link). */
  onDownload?: (fileName: string, csv: string) => void;
  /** Hides the Download button. */
  hideDownload?: boolean;
  /** Rows-per-page choices; defaults to 25, 50, 75, 100. */
  perPageOptions?: readonly number[];
}

/**
 * A card holding a report table: title, column menu, CSV download, sortable table (sort in
 * the query), summary row and pagination.
 */
export function TableCard({
  title,
  caption = title,
  headers,
  rows,
  totalRows,
  rowsPerPage,
  query,
  onQueryChange,
  isLoading = false,
  summary,
  reportId,
  storage = browserStorage(),
  onColumnsChange,
  hiddenColumns,
  onHiddenColumnsChange,
  onDownloadRequest,
  rowHeader = 0,
  actions,
  onDownload = saveTextFile,
  hideDownload = false,
  perPageOptions = PER_PAGE_OPTIONS,
}: TableCardProps) {
  const controlled = hiddenColumns !== undefined;
  const controlledKey = hiddenColumns?.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the list's content
  const controlledSet = useMemo(
    () =>
      new Set(
        (hiddenColumns ?? []).filter((key) => headers.some((h) => h.key === key && !h.required)),
      ),
    [controlledKey, headers],
  );
  // Uncontrolled, the hidden columns start as the browser remembered them for this report.
  const [remembered] = useState<ReadonlySet<string>>(() =>
    readHiddenColumns(storage, reportId, headers),
  );
  const [hidden, setHidden] = useControllableState<ReadonlySet<string>>({
    value: controlled ? controlledSet : undefined,
    defaultValue: remembered,
    onChange: controlled ? (next) => onHiddenColumnsChange?.([...next]) : undefined,
  });
  const sort = currentSort(headers, query);

  // A different report brings its own remembered columns.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read only when the report changes
  useEffect(() => {
    if (!controlled) setHidden(readHiddenColumns(storage, reportId, headers));
  }, [reportId]);

  // Sorting by a hidden column shows it (and remembers that).
  // biome-ignore lint/correctness/useExhaustiveDependencies: setHidden follows `controlled`
  useEffect(() => {
    if (!hidden.has(sort.orderby)) return;
    const next = new Set(hidden);
    next.delete(sort.orderby);
    setHidden(next);
    if (!controlled) writeHiddenColumns(storage, reportId, headers, next);
  }, [hidden, sort.orderby, storage, reportId, headers, controlled]);

  const shown = useMemo(
    () =>
      headers
        .map((header, index) => ({ header, index }))
        .filter(({ header }) => !hidden.has(header.key) || header.key === sort.orderby),
    [headers, hidden, sort.orderby],
  );
  const shownHeaders = shown.map(({ header }) => header);
  const shownRows = useMemo(
    () => rows.map((row) => shown.map(({ index }) => row[index] ?? { display: null, value: null })),
    [rows, shown],
  );

  const toggleColumn = (header: TableHeader) => {
    const next = toggleHidden(hidden, header);
    setHidden(next);
    if (!controlled) writeHiddenColumns(storage, reportId, headers, next);
    if (next.has(header.key)) {
      const reset = sortAfterHiding(headers, sort, header.key, next);
      if (reset) onQueryChange(reset);
    }
    onColumnsChange?.(
      headers.filter((h) => !next.has(h.key)).map((h) => h.key),
      header.key,
    );
  };

  // Every column, hidden ones included: the file is the report, not the view.
  const download = () => {
    if (onDownloadRequest) onDownloadRequest();
    else onDownload(csvFileName(title, new Date()), tableToCsv(headers, rows));
  };

  const perPage = query.per_page ?? rowsPerPage;
  const page = query.paged ?? 1;
  const optional = headers.filter((h) => !h.required);

  return (
    <div className="sl-table-card">
      <div className="sl-table-card__header">
        <H className="sl-table-card__title">{title}</H>
        <div className="sl-table-card__actions">
          {actions}
          {!hideDownload && (
            <button
              type="button"
              className="sl-table-card__download"
              onClick={download}
              disabled={isLoading || rows.length === 0}
            >
              {__('Download')}
            </button>
          )}
          {optional.length > 0 && (
            <EllipsisMenu label={__('Choose which values to display')}>
              <MenuTitle>{__('Columns:')}</MenuTitle>
              {optional.map((header) => (
                <MenuItem
                  key={header.key}
                  kind="checkbox"
                  checked={!hidden.has(header.key)}
                  onInvoke={() => toggleColumn(header)}
                >
                  {header.label}
                </MenuItem>
              ))}
            </EllipsisMenu>
          )}
        </div>
      </div>
      {isLoading ? (
        <TablePlaceholder headers={shownHeaders} />
      ) : (
        <Table
          caption={caption}
          headers={shownHeaders}
          rows={shownRows}
          rowHeader={rowHeader}
          sort={sort}
          onSort={(key) => onQueryChange(sortAfterClick(sort, key))}
        />
      )}
      {summary && (isLoading ? <TableSummaryPlaceholder /> : <TableSummary items={summary} />)}
      {!isLoading && (
        <Pagination
          total={totalRows}
          page={page}
          perPage={perPage}
          perPageOptions={perPageOptions}
          onPageChange={(paged) => onQueryChange({ paged })}
          onPerPageChange={(per_page, paged) => onQueryChange({ per_page, paged })}
        />
      )}
    </div>
  );
}
