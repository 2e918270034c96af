import { __, sprintf } from '@storelens/i18n';
import { useId } from 'react';
import { LoadingStatus, VISUALLY_HIDDEN, VisuallyHidden } from '../primitives/visually-hidden';
import { ariaSort } from './sort';
import type { TableHeader, TableRow, TableSort, TableSummaryItem } from './types';
import './table.css';

/** Props of {@link Table}. */
export interface TableProps {
  /** Caption read by screen readers (visually hidden). */
  caption: string;
  /** The columns to show. */
  headers: readonly TableHeader[];
  /** The rows to show, one cell per header. */
  rows: readonly TableRow[];
  /** Index of the cell that names each row (rendered as a row header); `false` for none. */
  rowHeader?: number | false;
  /** The current sort, marked with `aria-sort`. */
  sort?: TableSort;
  /** Called with the key of a sortable header the user clicks. */
  onSort?: (key: string) => void;
  /** Shown in place of rows when there are none; defaults to 'No data to display'. */
  emptyMessage?: string;
}

function alignment(header: TableHeader): string {
  return header.isNumeric && !header.isLeftAligned ? ' is-numeric' : '';
}

/** An accessible data table with sortable headers. */
export function Table({
  caption,
  headers,
  rows,
  rowHeader = 0,
  sort,
  onSort,
  emptyMessage = __('No data to display'),
}: TableProps) {
  const captionId = useId();
  return (
    // A focusable region so keyboard users can scroll a wide table.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable regions must be reachable by keyboard
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would imply a form
    <div className="sl-table__scroll" role="group" aria-labelledby={captionId} tabIndex={0}>
      <table className="sl-table">
        <caption id={captionId} className={VISUALLY_HIDDEN}>
          {caption}
        </caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <HeaderCell key={header.key} header={header} sort={sort} onSort={onSort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td className="sl-table__empty" colSpan={Math.max(1, headers.length)}>
                {emptyMessage}
              </td>
            </tr>
          ) : (
            rows.map((row, rowIndex) => (
              // Rows carry no id; position is their identity within one page.
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no stable key
              <tr key={rowIndex}>
                {headers.map((header, i) => {
                  const cell = row[i];
                  const className = `sl-table__cell${alignment(header)}`;
                  return i === rowHeader ? (
                    <th key={header.key} scope="row" className={className}>
                      {cell?.display}
                    </th>
                  ) : (
                    <td key={header.key} className={className}>
                      {cell?.display}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function HeaderCell({
  header,
  sort,
  onSort,
}: {
  header: TableHeader;
  sort: TableSort | undefined;
  onSort: ((key: string) => void) | undefined;
}) {
  const label = header.screenReaderLabel ? (
    <>
      <span aria-hidden="true">{header.label}</span>
      <VisuallyHidden>{header.screenReaderLabel}</VisuallyHidden>
    </>
  ) : (
    header.label
  );
  const state = sort ? ariaSort(header, sort) : undefined;
  const spoken = header.screenReaderLabel ?? header.label;
  const hintId = useId();
  return (
    <th
      scope="col"
      aria-sort={header.isSortable ? (state ?? 'none') : undefined}
      className={`sl-table__header${alignment(header)}${state ? ' is-sorted' : ''}`}
    >
      {header.isSortable && onSort ? (
        <>
          <button
            type="button"
            className="sl-table__sort"
            onClick={() => onSort(header.key)}
            aria-describedby={hintId}
          >
            {label}
            <span className="sl-table__sort-icon" aria-hidden="true">
              {state === 'ascending' ? '▲' : state === 'descending' ? '▼' : '↕'}
            </span>
          </button>
          <span id={hintId} hidden>
            {state === 'descending'
              ? sprintf(__('Sort by %s in ascending order'), spoken)
              : sprintf(__('Sort by %s in descending order'), spoken)}
          </span>
        </>
      ) : (
        label
      )}
    </th>
  );
}

/** The 5-row placeholder shown while a table loads, announcing 'Your requested data is loading'. */
export function TablePlaceholder({
  headers,
  numberOfRows = 5,
}: {
  headers: readonly TableHeader[];
  numberOfRows?: number;
}) {
  return (
    <div className="sl-table__loading">
      <LoadingStatus />
      <table className="sl-table is-placeholder" aria-hidden="true">
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header.key} className={`sl-table__header${alignment(header)}`}>
                {header.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: numberOfRows }, (_, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows are identical
            <tr key={row}>
              {headers.map((header) => (
                <td key={header.key} className="sl-table__cell">
                  <span className="sl-placeholder" />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The summary row under a table: a list of labelled totals. */
export function TableSummary({
  items,
  label = __('Table summary'),
}: {
  items: readonly TableSummaryItem[];
  label?: string;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="sl-table-summary" aria-label={label}>
      {items.map((item) => (
        <li key={item.label} className="sl-table-summary__item">
          <span className="sl-table-summary__value">{item.value}</span>{' '}
          <span className="sl-table-summary__label">{item.label}</span>
        </li>
      ))}
    </ul>
  );
}

/** Placeholder for the summary row while it loads. */
export function TableSummaryPlaceholder() {
  return (
    <div className="sl-table-summary is-loading" aria-hidden="true">
      <span className="sl-placeholder" />
    </div>
  );
}
