/** The coupons picker (GET /wc-analytics/coupons). */
import type { CouponSearchRow } from '@storelens/api';
import type { ReportContext } from '../context';
import { link } from '../paging';
import { addContains, idConditions, type PickerPaging, pickerOrder, pickerPage } from './page';

/** GET /wc-analytics/coupons: code contains the search text. */
export async function searchCoupons(
  ctx: ReportContext,
  s: PickerPaging & {
    search: string | undefined;
    include: readonly number[];
    exclude: readonly number[];
  },
) {
  const where = ['1=1'];
  const params: unknown[] = [];
  if (s.search) addContains(where, params, 'c.code', s.search);
  where.push(...idConditions('c.id', s.include, s.exclude));
  const dir = s.order === 'asc' ? 'ASC' : 'DESC';
  const column: Record<string, string> = {
    date: 'c.date_created',
    id: 'c.id',
    title: 'c.code',
    slug: 'c.code',
    code: 'c.code',
  };
  const order = pickerOrder(s, 'c.id', column[s.orderby] ?? 'c.date_created', dir);
  const result = await pickerPage<{
    id: number;
    code: string;
    discount_type: string;
    amount: number;
    date_created: string;
    date_created_gmt: string;
    date_expires: string | null;
    date_expires_gmt: string | null;
  }>(
    ctx,
    `coupons c WHERE ${where.join(' AND ')}`,
    params,
    'c.id, c.code, c.discount_type, c.amount, c.date_created, c.date_created_gmt, c.date_expires, c.date_expires_gmt',
    order,
    s,
  );
  const iso = (v: string | null) => (v ? v.replace(' ', 'T') : null);
  return {
    ...result,
    rows: result.rows.map(
      (r): CouponSearchRow => ({
        id: Number(r.id),
        code: r.code,
        amount: String(ctx.money(Number(r.amount))),
        discount_type: r.discount_type,
        date_created: r.date_created.replace(' ', 'T'),
        date_created_gmt: r.date_created_gmt.replace(' ', 'T'),
        date_expires: iso(r.date_expires),
        date_expires_gmt: iso(r.date_expires_gmt),
        _links: { self: link(`/wc-analytics/coupons/${Number(r.id)}`) },
      }),
    ),
  };
}
