import { type Static, Type } from 'typebox';
import { AdminBool, AdminContext, Closed } from './admin-common';

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
  'sources',
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
export const ExportStartResponseBody = Closed({
  message: Type.String(),
  export_id: Type.Optional(Type.String()),
  _links: Type.Optional(Closed({ status: Type.Array(Closed({ href: Type.String() })) })),
});
/** The export start answer. */
export type ExportStartResponseBody = Static<typeof ExportStartResponseBody>;

/** `GET …/export/{export_id}/status`. */
export const ExportStatusBody = Closed({
  percent_complete: Type.Number(),
  download_url: Type.Optional(Type.String()),
});
/** An export's progress. */
export type ExportStatusBody = Static<typeof ExportStatusBody>;
