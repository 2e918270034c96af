/** A scalar query value; null and undefined are left out of the URL. */
export type QueryScalar = string | number | boolean | null | undefined;

/** A query value: a scalar, a list (sent as `key[]=`), or a list of lists (`key[0][]=`). */
export type QueryValue = QueryScalar | readonly (QueryScalar | readonly QueryScalar[])[];

/** Query arguments of a request. */
export type QueryArgs = Readonly<Record<string, QueryValue>>;

function pair(key: string, value: QueryScalar): string | null {
  if (value === null || value === undefined) return null;
  return `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`;
}

/**
 * Serialises query args in insertion order: scalars as `k=v`, lists as repeated `k[]=v`
 * (API.md A2 accepts both this and comma lists), nested lists as `k[i][]=v`.
 */
export function toQueryString(query: QueryArgs | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      value.forEach((entry: QueryScalar | readonly QueryScalar[], index: number) => {
        if (Array.isArray(entry)) {
          for (const inner of entry) {
            const p = pair(`${key}[${index}][]`, inner);
            if (p) parts.push(p);
          }
        } else {
          const p = pair(`${key}[]`, entry as QueryScalar);
          if (p) parts.push(p);
        }
      });
    } else {
      const p = pair(key, value as QueryScalar);
      if (p) parts.push(p);
    }
  }
  return parts.join('&');
}

/** Appends query args to a path that may already hold a query string. */
export function addQueryArgs(path: string, query: QueryArgs | undefined): string {
  const qs = toQueryString(query);
  if (qs === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}
