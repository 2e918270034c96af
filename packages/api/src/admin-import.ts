import { Type } from 'typebox';
import { AdminBool, AdminContext } from './admin-common';

/** `POST /wc-analytics/reports/import` and `GET …/import/totals`. */
export const ImportQuery = Type.Object(
  {
    days: Type.Optional(Type.Integer({ minimum: 0, maximum: 36_500 })),
    skip_existing: Type.Optional(AdminBool),
    context: AdminContext,
  },
  { additionalProperties: false },
);

/** `GET /wc-analytics/reports/import/status`. */
export interface ImportStatusBody {
  customers: { imported: number; total: number };
  orders: { imported: number; total: number };
  /** 'YYYY-MM-DD 00:00:00' (store-local) or -1 for all time. */
  imported_from: string | -1;
  is_importing: boolean;
  /**
   * Storelens: why the last import (or settings rebuild) failed, or why its last step failed
   * while it retries; absent when all is well.
   */
  last_error?: string;
  /** Storelens: true while the import waits for the database to come back. */
  waiting_for_database?: boolean;
}

/** `GET /wc-analytics/reports/import/totals`. */
export interface ImportTotalsBody {
  customers: number;
  orders: number;
}
