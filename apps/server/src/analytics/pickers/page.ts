/*
 * What every picker search shares (docs/api.md, "Analytics: picker searches"): a count and a
 * page of an SQL picker
 * query, `include` ordering, id lists as one parameter, and the page of an in-memory search set
 * (search/load.ts) read back from the database by id. Products, variations and customers are
 * searched in memory (a contains-match folding case and accents, the same on both engines) and
 * only the page's rows are read from the database. The small lists (categories, attributes,
 * terms, coupons) use a case-insensitive LIKE with wildcards escaped; every value goes through
 * a placeholder.
 */
import { MAX_FULL_LIST } from '@storelens/api';
import { containsPattern, RawSql } from '../../db/sql';
import type { ReportContext } from '../context';
import { idsSql } from '../filters';
import type { ListPaging, ListResult } from '../paging';
import type { SearchSet } from '../search/set';

export const LIKE = "LIKE ? ESCAPE '\\'";

/** Paging of a picker: `perPage` -1 means every row (checked against a limit by the route). */
export interface PickerPaging extends ListPaging {
  orderby: string;
}

/** Runs a count and a page of a picker query; `orderSql` is built from a fixed list. */
export async function pickerPage<T>(
  ctx: ReportContext,
  from: string,
  params: readonly unknown[],
  select: string,
  orderSql: string,
  p: ListPaging,
): Promise<ListResult<T>> {
  const count = await ctx.sql.query<{ n: number }>(`SELECT COUNT(*) AS n FROM ${from}`, params);
  const total = Number(count[0]?.n ?? 0);
  const all = p.perPage < 0;
  const rows = await ctx.sql.query<T>(
    `SELECT ${select} FROM ${from} ORDER BY ${orderSql}${all ? '' : ' LIMIT ? OFFSET ?'}`,
    all ? params : [...params, p.perPage, (p.page - 1) * p.perPage],
  );
  const perPage = all ? Math.max(total, 1) : p.perPage;
  return { rows, total, totalPages: all ? 1 : Math.ceil(total / perPage) };
}

/** ORDER BY for an `include` order: the position in the list. */
export function includeOrder(column: string, ids: readonly number[]): string {
  if (!ids.length) return column;
  return `CASE ${ids.map((id, i) => `WHEN ${column} = ${idsSql([id]).slice(1, -1)} THEN ${i}`).join(' ')} ELSE ${ids.length} END`;
}

/**
 * ORDER BY of an SQL picker: the order of the `include` list when asked for, else `sortBy` in
 * `dir`, ties broken by `id` in the same direction.
 */
export function pickerOrder(
  s: { orderby: string; include: readonly number[] },
  id: string,
  sortBy: string,
  dir: 'ASC' | 'DESC',
): string {
  return s.orderby === 'include'
    ? `${includeOrder(id, s.include)} ASC, ${id} ASC`
    : `${sortBy} ${dir}, ${id} ${dir}`;
}

/** Conditions keeping the ids of `include` (when given) and leaving out those of `exclude`. */
export function idConditions(
  id: string,
  include: readonly number[],
  exclude: readonly number[] = [],
): string[] {
  const out: string[] = [];
  if (include.length) out.push(`${id} IN ${idsSql(include)}`);
  if (exclude.length) out.push(`${id} NOT IN ${idsSql(exclude)}`);
  return out;
}

/** Adds a case-insensitive contains-match of `search` on `column` (wildcards escaped). */
export function addContains(where: string[], params: unknown[], column: string, search: string) {
  where.push(`LOWER(${column}) ${LIKE}`);
  params.push(containsPattern(search));
}

/** `column IN (ids)` for a list of any length, as one parameter (`RawSql.idList`). */
export function inIds(ctx: ReportContext, column: string, ids: readonly number[]) {
  if (!ids.length) return { sql: '1=0', params: [] };
  return { sql: ctx.sql.inIdList(column), params: [ctx.sql.idList(ids)] };
}

/**
 * SQL whose statements SQLite prepares once: page reads pass their ids as one parameter (see
 * `inIds`), so their text is the same for every page.
 */
export const preparedSql = (ctx: ReportContext) =>
  new RawSql(ctx.db.kysely, ctx.db.engine, ctx.db.sqlite);

/**
 * Every id of `set` whose `fields` contain `term`, among the rows `accept` takes (for the SQL
 * paths: other orders, `include`).
 */
export function allMatching(
  set: SearchSet,
  fields: readonly string[],
  term: string,
  accept?: (row: number) => boolean,
) {
  return set.query({
    term,
    fields,
    ...(accept ? { accept } : {}),
    sort: 'id',
    desc: false,
    offset: 0,
    limit: -1,
  }).ids;
}

/** Rows of a page read by id, put back in the page's order (rows gone since are left out). */
export function inPageOrder<T extends { id: number }>(
  ids: readonly number[],
  rows: readonly T[],
): T[] {
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Sort keys the in-memory sets hold, by `orderby`; other orders are sorted in SQL. */
export const SET_ORDER: Record<string, string> = {
  date: 'date',
  popularity: 'popularity',
  id: 'id',
};

/**
 * Queries `set` for a page and reads that page's rows (`select` over `from`, which filters the
 * set's rows so that rows changed since the set was built are left out).
 */
export async function pageFromSet<T extends { id: number }>(
  ctx: ReportContext,
  set: SearchSet,
  p: ListPaging,
  q: {
    term: string | undefined;
    fields: readonly string[];
    accept: ((row: number) => boolean) | undefined;
    sort: string;
    select: string;
    from: string;
  },
): Promise<ListResult<T>> {
  const all = p.perPage < 0;
  const page = set.query({
    term: q.term,
    fields: q.fields,
    ...(q.accept ? { accept: q.accept } : {}),
    sort: q.sort,
    desc: p.order !== 'asc',
    offset: all ? 0 : (p.page - 1) * p.perPage,
    limit: all ? -1 : p.perPage,
  });
  const total = page.total;
  const totalPages = all ? 1 : Math.ceil(total / p.perPage);
  // per_page=-1 beyond MAX_FULL_LIST is a 400 (the route checks the total): no rows needed.
  if (!page.ids.length || (all && total > MAX_FULL_LIST)) return { rows: [], total, totalPages };
  const ids = inIds(ctx, 'p.id', page.ids);
  const rows = await preparedSql(ctx).query<T>(
    `SELECT ${q.select} FROM ${q.from} AND ${ids.sql}`,
    ids.params,
  );
  return { rows: inPageOrder(page.ids, rows), total, totalPages };
}
