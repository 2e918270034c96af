/** The customers picker (GET /wc-analytics/customers with `search`). */
import type { CustomersListRow } from '@storelens/api';
import type { ReportContext } from '../context';
import { type CustomerFilters, customersList, hasCustomerRules } from '../customers';
import type { ListPaging, ListResult } from '../paging';
import { searchSet } from '../search/load';
import { allMatching, inPageOrder } from './page';

/**
 * GET /wc-analytics/customers: the customers list whose name ("first last"),
 * username or email (`searchby`; `all` is any of them) contains `search`. The match is made
 * in memory; a plain picker query (no other filter, the default order) is paged there too and
 * the list reads only that page's customers.
 */
export async function searchCustomers(
  ctx: ReportContext,
  f: CustomerFilters,
  p: ListPaging & { orderby: string },
): Promise<ListResult<CustomersListRow>> {
  if (!f.search) return customersList(ctx, f, p);
  const set = await searchSet(ctx.db, 'customers');
  const fields = f.searchby === 'all' ? ['name', 'username', 'email'] : [f.searchby];
  const include = f.customers.length ? new Set(f.customers) : undefined;
  const accept = include && ((row: number) => include.has(set.ids[row]!));
  const rest = { ...f, search: undefined };
  // Nothing but a search (and `include`): the picker's own query.
  if (!hasCustomerRules(f) && p.orderby === 'date_registered') {
    const page = set.query({
      term: f.search,
      fields,
      ...(accept ? { accept } : {}),
      sort: 'date_registered',
      desc: p.order !== 'asc',
      offset: (p.page - 1) * p.perPage,
      limit: p.perPage,
    });
    const totalPages = Math.ceil(page.total / p.perPage);
    if (!page.ids.length) return { rows: [], total: page.total, totalPages };
    const found = await customersList(
      ctx,
      { ...rest, customers: page.ids },
      { ...p, page: 1, perPage: page.ids.length },
    );
    return {
      rows: inPageOrder(page.ids, found.rows),
      total: page.total,
      totalPages,
    };
  }
  const ids = allMatching(set, fields, f.search, accept);
  if (!ids.length) return { rows: [], total: 0, totalPages: 0 };
  return customersList(ctx, { ...rest, customers: ids }, p);
}
