/** The tax rates picker (GET /wc-analytics/taxes). */
import type { TaxRateRow } from '@storelens/api';
import type { TaxRateTable } from '../../db/schema';
import type { ReportContext } from '../context';
import { idsSql } from '../filters';
import { link } from '../paging';
import { taxCode } from '../segments';
import type { PickerPaging } from './page';

/** GET /wc-analytics/taxes: `search` (or `code`) is a substring of COUNTRY-STATE-NAME-PRIORITY. */
export async function searchTaxes(
  ctx: ReportContext,
  s: PickerPaging & { search: string | undefined; include: readonly number[] },
) {
  const rows = await ctx.sql.query<TaxRateTable>(
    `SELECT id, country, state, name, priority, rate, shipping, compound, tax_class FROM tax_rates${
      s.include.length ? ` WHERE id IN ${idsSql(s.include)}` : ''
    }`,
  );
  const needle = s.search?.toLowerCase();
  const matching = rows
    .filter((r) => !needle || taxCode(r).toLowerCase().includes(needle))
    .sort((a, b) => {
      const d =
        s.orderby === 'priority'
          ? Number(a.priority) - Number(b.priority) || a.id - b.id
          : a.id - b.id;
      return s.order === 'desc' ? -d : d;
    });
  const start = (s.page - 1) * s.perPage;
  return {
    rows: matching.slice(start, start + s.perPage).map(
      (r): TaxRateRow => ({
        id: Number(r.id),
        country: r.country,
        state: r.state,
        postcode: '',
        city: '',
        postcodes: [],
        cities: [],
        rate: r.rate,
        name: r.name,
        priority: Number(r.priority),
        compound: Number(r.compound) === 1,
        shipping: Number(r.shipping) === 1,
        order: Number(r.id),
        class: r.tax_class || 'standard',
        _links: { self: link(`/wc-analytics/taxes/${Number(r.id)}`) },
      }),
    ),
    total: matching.length,
    totalPages: Math.ceil(matching.length / s.perPage),
  };
}
