import { type Static, Type } from 'typebox';
import { AdminBool, AdminContext, Closed } from './admin-common';

/** `POST /wc-analytics/reports/import` and `GET …/import/totals`. */
export const ImportQuery = Type.Object(
  {
    days: Type.Optional(Type.Integer({ minimum: 0, maximum: 36_500 })),
    skip_existing: Type.Optional(AdminBool),
    context: AdminContext,
  },
  { additionalProperties: false },
);

const progress = Closed({ imported: Type.Integer(), total: Type.Integer() });

/** `GET /wc-analytics/reports/import/status`. */
export const ImportStatusBody = Closed({
  customers: progress,
  orders: progress,
  /** 'YYYY-MM-DD 00:00:00' (store-local) or -1 for all time. */
  imported_from: Type.Union([Type.String(), Type.Literal(-1)]),
  is_importing: Type.Boolean(),
  /**
   * Storelens: why the last import (or settings rebuild) failed, or why its last step failed
   * while it retries; absent when all is well.
   */
  last_error: Type.Optional(Type.String()),
  /** Storelens: true while the import waits for the database to come back. */
  waiting_for_database: Type.Optional(Type.Boolean()),
});
/** The import status. */
export type ImportStatusBody = Static<typeof ImportStatusBody>;

/** `GET /wc-analytics/reports/import/totals`. */
export const ImportTotalsBody = Closed({
  customers: Type.Integer(),
  orders: Type.Integer(),
});
/** What an import would read. */
export type ImportTotalsBody = Static<typeof ImportTotalsBody>;
