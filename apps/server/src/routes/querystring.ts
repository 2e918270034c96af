/*
 * Query-string parsing shared by every route: `a[]=1&a[]=2`, `a[0]=1` and repeated keys become
 * lists; nested `a[0][]=1&a[0][]=2` (attribute pairs) become lists of lists. Comma lists are
 * split after routing, only for parameters the route's schema declares as arrays.
 */

/** A parsed query value: text, a list, or a list of lists. */
export type QueryValue = string | string[] | string[][];

interface SchemaProperty {
  type?: string;
  anyOf?: SchemaProperty[];
  items?: SchemaProperty;
}

/** Parses a query string into flat values, lists and (for `a[i][]`) lists of lists. */
export function parseQuery(text: string): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  const nested = new Map<string, Map<string, string[]>>();
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const deep = /^(.+?)\[(\d+)\]\[\d*\]$/.exec(rawKey);
    if (deep) {
      const groups = nested.get(deep[1]!) ?? new Map<string, string[]>();
      nested.set(deep[1]!, groups);
      const list = groups.get(deep[2]!) ?? [];
      list.push(value);
      groups.set(deep[2]!, list);
      continue;
    }
    const indexed = /^(.+?)\[\d*\]$/.exec(rawKey);
    const key = indexed ? indexed[1]! : rawKey;
    const current = out[key];
    if (current === undefined) out[key] = indexed ? [value] : value;
    else if (Array.isArray(current)) out[key] = [...(current as string[]), value];
    else out[key] = [current, value];
  }
  for (const [key, groups] of nested) {
    const lists = [...groups].sort((a, b) => Number(a[0]) - Number(b[0])).map(([, l]) => l);
    const current = out[key];
    // Mixed forms (`a[]=1,2&a[1][]=3`) keep both: flat items become comma lists below.
    out[key] =
      current === undefined
        ? lists
        : ([
            ...(Array.isArray(current) ? current : [current]).map(
              (v) => (Array.isArray(v) ? v : [v]) as string[],
            ),
            ...lists,
          ] as string[][]);
  }
  return out;
}

const isArray = (p: SchemaProperty | undefined): boolean =>
  p?.type === 'array' || (p?.anyOf?.some((x) => x.type === 'array') ?? false);

const numeric = (p: SchemaProperty | undefined): boolean =>
  p?.type === 'integer' ||
  p?.type === 'number' ||
  (p?.anyOf?.some((x) => x.type === 'integer' || x.type === 'number') ?? false);

/**
 * '1e309' and 'Infinity' coerce to an infinite number that slips past ajv's integer and
 * maximum checks; make them plainly invalid so the parameter gets its 400.
 */
const finite = (v: unknown): unknown =>
  typeof v === 'string' && /^\s*[-+]?(\d|\.\d|inf)/i.test(v) && !Number.isFinite(Number(v))
    ? 'not-a-finite-number'
    : v;

const splitComma = (v: unknown): string[] =>
  String(v)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/**
 * Splits comma lists in place for the array parameters of a schema: `a=1,2` → ['1','2']; for
 * a list of lists (`attribute_is`), each item `1,2` becomes the pair ['1','2'].
 */
export function splitCommaLists(
  schema: { properties?: Record<string, SchemaProperty> } | undefined,
  query: Record<string, unknown> | undefined,
): void {
  if (!schema?.properties || !query) return;
  for (const [name, prop] of Object.entries(schema.properties)) {
    const value = query[name];
    if (value === undefined) continue;
    if (numeric(prop) && !Array.isArray(value)) query[name] = finite(value);
    if (!isArray(prop)) continue;
    const items = Array.isArray(value) ? value : [value];
    const itemSchema = prop.items ?? prop.anyOf?.find((x) => x.type === 'array')?.items;
    if (isArray(itemSchema)) {
      query[name] = items.map((v) => (Array.isArray(v) ? v.flatMap(splitComma) : splitComma(v)));
    } else {
      const list = items.flatMap((v) => (Array.isArray(v) ? v.flatMap(splitComma) : splitComma(v)));
      query[name] = numeric(itemSchema) ? list.map(finite) : list;
    }
  }
}
