import type { ReactNode } from 'react';

/** Sort direction. */
export type SortOrder = 'asc' | 'desc';

/** One column of a table. */
export interface TableHeader {
  /** Stable id of the column; also the `orderby` value when sorting by it. */
  key: string;
  /** Visible header text (also the CSV header and the column menu entry). */
  label: string;
  /** Replaces the label for screen readers (e.g. a spelled-out abbreviation). */
  screenReaderLabel?: string;
  /** Whether clicking the header sorts by this column. */
  isSortable?: boolean;
  /** Right-aligns numbers. */
  isNumeric?: boolean;
  /** Left-aligns the column even if numeric. */
  isLeftAligned?: boolean;
  /** The column sorted by when the query names none. */
  defaultSort?: boolean;
  /** The direction used when this column is the default sort; `desc` otherwise. */
  defaultOrder?: SortOrder;
  /** Cannot be hidden from the column menu. */
  required?: boolean;
  /** Hidden until the user shows it. */
  hiddenByDefault?: boolean;
}

/** One cell: what is shown and the raw value used for sorting and CSV. */
export interface TableCell {
  /** Rendered content. */
  display: ReactNode;
  /** Raw value (sorting, CSV). */
  value: string | number | boolean | null;
}

/** A row: one cell per header, in header order. */
export type TableRow = readonly TableCell[];

/** The current sort. */
export interface TableSort {
  /** Column key. */
  orderby: string;
  /** Direction. */
  order: SortOrder;
}

/** The table's part of the URL query. */
export interface TableQuery {
  /** Sort column key. */
  orderby?: string;
  /** Sort direction. */
  order?: SortOrder;
  /** Current page, 1-based. */
  paged?: number;
  /** Rows per page. */
  per_page?: number;
}

/** One figure of the summary row under a table. */
export interface TableSummaryItem {
  /** What is counted, e.g. 'orders'. */
  label: string;
  /** The formatted figure. */
  value: ReactNode;
}
