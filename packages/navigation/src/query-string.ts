/**
 * Query strings with nested arrays and objects in bracket notation (`a[0][1]=x`, `a[]=y`,
 * `a[k]=z`), the shape report filters use. Brackets, slashes and commas stay readable.
 */

/** A value read from a query string: text, a list, or a map of values. */
export type QueryValue = string | readonly QueryValue[] | { readonly [key: string]: QueryValue };

/** A parsed query string. */
export type Query = { readonly [key: string]: QueryValue };

/** A value to write: numbers and booleans are printed; null and undefined leave it out. */
export type QueryInputValue =
  | QueryValue
  | number
  | boolean
  | null
  | undefined
  | readonly QueryInputValue[]
  | { readonly [key: string]: QueryInputValue };

/** A query to write; a key whose value is null or undefined is left out. */
export type QueryInput = { readonly [key: string]: QueryInputValue };

/** Largest list index read as a list position; larger ones become object keys (no huge lists). */
const MAX_INDEX = 100;

type Node = string | Node[] | { [key: string]: Node };

function isMap(node: Node | undefined): node is { [key: string]: Node } {
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}

/** Splits `a[b][0][]` into `['a', 'b', '0', '']`; a key without brackets is one part. */
export function splitKey(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0 || !key.endsWith(']')) return [key];
  const rest = key.slice(open);
  const parts: string[] = [key.slice(0, open)];
  const pattern = /\[([^[\]]*)\]/g;
  let consumed = 0;
  for (let match = pattern.exec(rest); match; match = pattern.exec(rest)) {
    if (match.index !== consumed) return [key];
    parts.push(match[1] ?? '');
    consumed = match.index + match[0].length;
  }
  return consumed === rest.length ? parts : [key];
}

function isIndex(part: string): boolean {
  return part === '' || (/^\d+$/.test(part) && Number(part) <= MAX_INDEX);
}

function assign(container: Node[] | { [key: string]: Node }, part: string, value: Node): Node {
  if (Array.isArray(container)) {
    if (part === '') container.push(value);
    else container[Number(part)] = value;
  } else {
    container[part] = value;
  }
  return value;
}

function child(container: Node[] | { [key: string]: Node }, part: string): Node | undefined {
  if (Array.isArray(container)) return part === '' ? undefined : container[Number(part)];
  return Object.hasOwn(container, part) ? container[part] : undefined;
}

function insert(root: { [key: string]: Node }, parts: readonly string[], value: string): void {
  if (parts.length === 1) {
    // A repeated plain key (`a=1&a=2`) collects its values in a list.
    const key = parts[0] ?? '';
    const existing = Object.hasOwn(root, key) ? root[key] : undefined;
    if (typeof existing === 'string') root[key] = [existing, value];
    else if (Array.isArray(existing)) existing.push(value);
    else root[key] = value;
    return;
  }
  let container: Node[] | { [key: string]: Node } = root;
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i] ?? '';
    const next = parts[i + 1];
    if (next === undefined) {
      assign(container, part, value);
      return;
    }
    const existing = child(container, part);
    const wantList = isIndex(next);
    if (isMap(existing) || (wantList && Array.isArray(existing))) {
      container = existing;
    } else if (Array.isArray(existing)) {
      // A key that is not an index turns the list into a map of its positions.
      const asMap: { [key: string]: Node } = Object.fromEntries(Object.entries(existing));
      assign(container, part, asMap);
      container = asMap;
    } else {
      const created: Node[] | { [key: string]: Node } = wantList ? [] : {};
      assign(container, part, created);
      container = created;
    }
  }
}

function compact(node: Node): QueryValue {
  if (typeof node === 'string') return node;
  if (Array.isArray(node)) return node.filter((item) => item !== undefined).map(compact);
  const out: { [key: string]: QueryValue } = {};
  for (const [key, value] of Object.entries(node)) out[key] = compact(value);
  return out;
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Parses a query string (with or without the leading `?`) into nested values. */
export function parseQuery(search: string): Query {
  const text = search.startsWith('?') ? search.slice(1) : search;
  const root: { [key: string]: Node } = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = splitKey(key);
    if (parts.some((part) => FORBIDDEN_KEYS.has(part))) continue;
    insert(root, parts, value);
  }
  return compact(root) as Query;
}

function encodePart(text: string, keep: RegExp): string {
  return encodeURIComponent(text).replace(keep, (code) => decodeURIComponent(code));
}

const KEEP_IN_KEY = /%5B|%5D|%2F/gi;
const KEEP_IN_VALUE = /%2F|%2C|%3A|%40/gi;

/**
 * How a list is written: `indices` as `a[0]=x&a[1]=y` (the dashboard URL), `brackets` as
 * `a[]=x&a[]=y` with `a[0][]=x` for a list of lists (REST requests), `comma` as `a=x,y`
 * (picker searches; a list of lists falls back to indices).
 */
export type ListFormat = 'indices' | 'brackets' | 'comma';

/** Options of {@link stringifyQuery} and {@link appendQuery}. */
export interface StringifyOptions {
  /** How lists are written; `indices` by default. */
  readonly lists?: ListFormat;
}

const isScalar = (value: QueryInputValue): boolean =>
  value === null || value === undefined || typeof value !== 'object';

function flatten(prefix: string, value: QueryInputValue, lists: ListFormat, out: string[]): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    if (lists === 'comma' && value.every(isScalar)) {
      const items = value.filter((item) => item !== null && item !== undefined);
      flatten(prefix, items.map(String).join(','), lists, out);
      return;
    }
    value.forEach((item, index) => {
      const inner = lists === 'brackets' && isScalar(item) ? '' : String(index);
      flatten(`${prefix}[${inner}]`, item, lists, out);
    });
    return;
  }
  if (typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) flatten(`${prefix}[${key}]`, item, lists, out);
    return;
  }
  out.push(`${encodePart(prefix, KEEP_IN_KEY)}=${encodePart(String(value), KEEP_IN_VALUE)}`);
}

/**
 * Writes a query object as a query string without the `?`, in key order; null and undefined
 * values are left out. The one writer of query strings on the client: the dashboard URL, REST
 * requests (`lists: 'brackets'`) and picker searches (`lists: 'comma'`).
 */
export function stringifyQuery(query: QueryInput, options: StringifyOptions = {}): string {
  const lists = options.lists ?? 'indices';
  const out: string[] = [];
  for (const [key, value] of Object.entries(query)) flatten(key, value, lists, out);
  return out.join('&');
}

/** Appends a query to a path that may already hold a query string. */
export function appendQuery(
  path: string,
  query: QueryInput | undefined,
  options: StringifyOptions = {},
): string {
  const text = query ? stringifyQuery(query, options) : '';
  if (text === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

/**
 * The words of a comma list such as `search=red,blue%2Cgreen`: each trimmed, empty ones
 * dropped, `%2C` standing for a comma inside a word. Not text → no words.
 */
export function parseWordList(text: unknown): string[] {
  if (typeof text !== 'string' || text === '') return [];
  return text
    .split(',')
    .map((word) => word.replace(/%2C/gi, ',').trim())
    .filter((word) => word !== '');
}

/** Writes words as a comma list (a comma inside a word as `%2C`); no words → undefined. */
export function stringifyWordList(words: readonly string[]): string | undefined {
  const text = words.map((word) => word.replace(/,/g, '%2C')).join(',');
  return text === '' ? undefined : text;
}
