import { Type } from 'typebox';
import { AdminBool, AdminContext } from './admin-common';

/** Report types the export route accepts in its path (`[a-z]+`). */
export const exportReportTypes = [
  'revenue',
  'orders',
  'products',
  'variations',
  'categories',
  'coupons',
  'taxes',
  'downloads',
  'stock',
  'customers',
] as const;

/** `POST /wc-analytics/reports/{type}/export` body. */
export const ExportStartBody = Type.Object(
  {
    report_args: Type.Optional(
      Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), { maxProperties: 100 }),
    ),
    email: Type.Optional(AdminBool),
    context: AdminContext,
  },
  { additionalProperties: false },
);

/** `{type}` route params. */
export const ExportTypeParams = Type.Object({
  type: Type.String({ pattern: '^[a-z]+$', maxLength: 50 }),
});
/** `{type}/export/{export_id}` route params. */
export const ExportIdParams = Type.Object({
  type: Type.String({ pattern: '^[a-z]+$', maxLength: 50 }),
  export_id: Type.String({ pattern: '^[0-9]{1,40}$' }),
});

/** The export start answer: no `export_id` when there is nothing to export. */
export interface ExportStartResponseBody {
  message: string;
  export_id?: string;
  _links?: { status: { href: string }[] };
}

/** `GET …/export/{export_id}/status`. */
export interface ExportStatusBody {
  percent_complete: number;
  download_url?: string;
}
