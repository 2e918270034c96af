import { appendQuery, type StringifyOptions, stringifyQuery } from '@storelens/navigation';

/** A scalar query value; null and undefined are left out of the URL. */
export type QueryScalar = string | number | boolean | null | undefined;

/** A query value: a scalar, a list (sent as `key[]=`), or a list of lists (`key[0][]=`). */
export type QueryValue = QueryScalar | readonly (QueryScalar | readonly QueryScalar[])[];

/** Query arguments of a request. */
export type QueryArgs = Readonly<Record<string, QueryValue>>;

/**
 * REST requests send lists as `k[]=v` and lists of lists as `k[i][]=v` (docs/api.md,
 * "Conventions").
 */
const REST_LISTS: StringifyOptions = { lists: 'brackets' };

/**
 * Serialises query args in insertion order: scalars as `k=v`, lists as repeated `k[]=v`
 * (the server accepts both this and comma lists), nested lists as `k[i][]=v`. The writer is
 * `stringifyQuery` of @storelens/navigation.
 */
export function toQueryString(query: QueryArgs | undefined): string {
  return query ? stringifyQuery(query, REST_LISTS) : '';
}

/** Appends query args to a path that may already hold a query string. */
export function addQueryArgs(path: string, query: QueryArgs | undefined): string {
  return appendQuery(path, query, REST_LISTS);
}
