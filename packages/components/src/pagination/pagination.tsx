import { __, sprintf } from '@storelens/i18n';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useControllableState } from '../primitives/use-controllable-state';
import {
  hasNext,
  hasPrevious,
  PER_PAGE_OPTIONS,
  pageAfterPerPageChange,
  paginationLayout,
  parsePageInput,
} from './pages';
import './pagination.css';

/** Props of {@link Pagination}: page and rows per page, each controlled or uncontrolled. */
export interface PaginationProps {
  /** Total number of rows. */
  total: number;
  /** Current page, 1-based (controlled). */
  page?: number;
  /** Starting page when uncontrolled; defaults to 1. */
  defaultPage?: number;
  /** Called with the page the user asks for. */
  onPageChange?: (page: number) => void;
  /** Rows per page (controlled). */
  perPage?: number;
  /** Starting rows per page when uncontrolled; defaults to 25. */
  defaultPerPage?: number;
  /** Called with the new rows per page and the page to show with it. */
  onPerPageChange?: (perPage: number, page: number) => void;
  /** Rows-per-page choices; defaults to 25, 50, 75, 100. */
  perPageOptions?: readonly number[];
}

/** Previous/next arrows, a page picker and a rows-per-page picker. */
export function Pagination({
  total,
  page: pageProp,
  defaultPage = 1,
  onPageChange,
  perPage: perPageProp,
  defaultPerPage = PER_PAGE_OPTIONS[0] ?? 25,
  onPerPageChange,
  perPageOptions = PER_PAGE_OPTIONS,
}: PaginationProps) {
  const [page, setPage] = useControllableState({
    value: pageProp,
    defaultValue: defaultPage,
    onChange: onPageChange,
  });
  const [perPage, setPerPageState] = useControllableState({
    value: perPageProp,
    defaultValue: defaultPerPage,
  });
  const layout = paginationLayout(total, perPage, Math.min(...perPageOptions));
  if (layout.kind === 'none') return null;

  const changePerPage = (next: number) => {
    const nextPage = pageAfterPerPageChange(page, next, total);
    setPerPageState(next);
    if (pageProp === undefined && nextPage !== page) setPage(nextPage);
    onPerPageChange?.(next, nextPage);
  };

  return (
    <nav className="sl-pagination" aria-label={__('Pagination')}>
      {layout.kind === 'full' && (
        <>
          <div className="sl-pagination__arrows">
            <button
              type="button"
              className="sl-pagination__arrow"
              onClick={() => setPage(page - 1)}
              disabled={!hasPrevious(page)}
              aria-label={__('Previous page')}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <span className="sl-pagination__label">
              {sprintf(__('Page %1$d of %2$d'), page, layout.pages)}
            </span>
            <button
              type="button"
              className="sl-pagination__arrow"
              onClick={() => setPage(page + 1)}
              disabled={!hasNext(page, layout.pages)}
              aria-label={__('Next page')}
            >
              <span aria-hidden="true">›</span>
            </button>
          </div>
          <PagePicker page={page} pages={layout.pages} onPick={setPage} />
        </>
      )}
      <PerPagePicker value={perPage} options={perPageOptions} onChange={changePerPage} />
    </nav>
  );
}

function PagePicker({
  page,
  pages,
  onPick,
}: {
  page: number;
  pages: number;
  onPick: (page: number) => void;
}) {
  const id = useId();
  const [text, setText] = useState(String(page));
  useEffect(() => setText(String(page)), [page]);
  const parsed = parsePageInput(text, pages);
  const commit = () => {
    if (parsed !== null && parsed !== page) onPick(parsed);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit();
  };
  return (
    <div className="sl-pagination__picker">
      <label htmlFor={id}>{__('Go to page')}</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        className="sl-pagination__page-input"
        value={text}
        aria-invalid={parsed === null}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}

function PerPagePicker({
  value,
  options,
  onChange,
}: {
  value: number;
  options: readonly number[];
  onChange: (perPage: number) => void;
}) {
  const id = useId();
  return (
    <div className="sl-pagination__per-page">
      <label htmlFor={id}>{__('Rows per page')}</label>
      <select id={id} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
