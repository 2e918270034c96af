// Import types per API.md §5.7, until packages/api has schemas.

/** Import period choice (spec 001 §3). */
export interface ImportPeriod {
  readonly label: 'all' | 'custom';
  /** The `YYYY-MM-DD` start date for `custom`; null for `all`. */
  readonly date: string | null;
}

/** GET /reports/import/status. */
export interface ImportStatus {
  readonly customers: { readonly imported: number; readonly total: number };
  readonly orders: { readonly imported: number; readonly total: number };
  readonly imported_from: string | -1;
  readonly is_importing: boolean;
}

/** GET /reports/import/totals. */
export interface ImportTotals {
  readonly customers: number;
  readonly orders: number;
}
