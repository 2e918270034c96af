/*
 * Reading a picker set's columns from the database in one query: each column as one text of
 * one value per line, and the parsers that turn those texts into ids, dates and values.
 */
import { charCode, position } from '../../db/dialect';
import type { RawSql } from '../../db/sql';
import { PART_SEPARATOR } from './fold';
import type { SortValue } from './set';

/** The number written by the digits of `v` from `from` to `to`, or NaN. */
function digits(v: string, from: number, to: number): number {
  let out = 0;
  for (let i = from; i < to; i++) {
    const d = v.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return Number.NaN;
    out = out * 10 + d;
  }
  return out;
}

/** Seconds of a 'YYYY-MM-DD HH:MM:SS' text, or NaN for any other text or an impossible date. */
function dateSeconds(v: string): number {
  if (v.length !== 19 || v[4] !== '-' || v[7] !== '-' || v[10] !== ' ' || v[13] !== ':') {
    return Number.NaN;
  }
  if (v[16] !== ':') return Number.NaN;
  const month = digits(v, 5, 7);
  const day = digits(v, 8, 10);
  const h = digits(v, 11, 13);
  const m = digits(v, 14, 16);
  const s = digits(v, 17, 19);
  if (!(month >= 1 && month <= 12 && day >= 1 && h < 24 && m < 60 && s < 60)) return Number.NaN;
  const ms = Date.UTC(digits(v, 0, 4), month - 1, day, h, m, s);
  // No rolling over: 2024-02-31 is not March 2nd.
  return new Date(ms).getUTCDate() === day ? ms / 1000 : Number.NaN;
}

/**
 * Sort keys of `count` 'YYYY-MM-DD HH:MM:SS' texts, one per line ('' for null): seconds as
 * numbers (the same order, less memory, sorted natively), unless some value has another
 * shape; then the texts themselves.
 */
export function datesOf(text: string, count: number): SortValue[] {
  const out: SortValue[] = new Array(count);
  let at = 0;
  for (let i = 0; i < count; i++) {
    const end = i === count - 1 ? text.length : text.indexOf('\n', at);
    const seconds = end === at ? null : dateSeconds(text.slice(at, end));
    if (Number.isNaN(seconds)) return text.split('\n').map((v) => v || null);
    out[i] = seconds;
    at = end + 1;
  }
  return out;
}

/** `count` integers, one per line, read without splitting the text. */
export function integersOf(text: string, count: number): Float64Array {
  const out = new Float64Array(count);
  let i = 0;
  let value = 0;
  let sign = 1;
  for (let at = 0; at <= text.length; at++) {
    const c = at < text.length ? text.charCodeAt(at) : 10;
    if (c === 10) {
      out[i++] = sign * value;
      value = 0;
      sign = 1;
    } else if (c === 45 && value === 0) sign = -1;
    else if (c >= 48 && c <= 57) value = value * 10 + (c - 48);
    else return Float64Array.from(text.split('\n'), Number); // not a plain integer
  }
  return count ? out : new Float64Array(0);
}

/** One string object per distinct value (a column of 100,000 'simple' is one string). */
export function interned(values: readonly string[]): string[] {
  const seen = new Map<string, string>();
  return values.map((v) => {
    const found = seen.get(v);
    if (found !== undefined) return found;
    seen.set(v, v);
    return v;
  });
}

/** Number of lines of a text of `count` values joined by newlines (0 for no values). */
function lineCount(text: string, count: number): number {
  if (!count) return 0;
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}

/** A column part: an SQL expression, or one already free of newlines and part separators. */
type Part = string | { clean: string };
/** A column: one expression, or the parts of a searchable row. */
type Column = string | readonly Part[];

/**
 * Columns of the rows of `from` (an SQL FROM/WHERE over alias p), each read as one text of
 * one value per line, and the row count. The database joins the values (string_agg): reading
 * 100,000 rows value by value into JavaScript costs several times as much. The aggregates of
 * one SELECT read the rows in one pass, so line i of every column is the same row (in no
 * particular order: SearchSet sorts by id). A column given as a list of expressions is a
 * searchable row of parts joined by PART_SEPARATOR. A value holding a newline (which would
 * split its row) or a part separator is read again with it as a space (as folding makes it),
 * in a second pass over every column.
 */
const chrSql = (sql: RawSql, n: number) => charCode(sql.engine, n);

/** SQL for a text with its newlines and part separators as spaces (as folding makes them). */
export const cleanSql = (sql: RawSql, text: string) =>
  `replace(replace(${text}, ${chrSql(sql, 10)}, ' '), ${chrSql(sql, 1)}, ' ')`;

/** SQL for the part separator (PART_SEPARATOR), which joins the parts of a searchable row. */
export const separatorSql = (sql: RawSql) => chrSql(sql, 1);

export async function readColumns<K extends string>(
  sql: RawSql,
  from: string,
  columns: Record<K, Column>,
): Promise<{ count: number; texts: Record<K, string> }> {
  const names = Object.keys(columns) as K[];
  const chr = (n: number) => chrSql(sql, n);
  const asText = (part: Part, clean = false) =>
    typeof part !== 'string'
      ? part.clean
      : clean
        ? cleanSql(sql, `CAST(${part} AS TEXT)`)
        : `CAST(${part} AS TEXT)`;
  const column = (k: K, clean = false) => {
    const c = columns[k];
    return typeof c === 'string'
      ? asText(c, clean)
      : c.map((part) => asText(part, clean)).join(` || ${chr(1)} || `);
  };
  // For a row of parts, whether some part holds a separator itself.
  const separators = (k: K) => {
    const c = columns[k];
    const plain = typeof c === 'string' ? [] : c.filter((part) => typeof part === 'string');
    return plain.length
      ? `MAX(${plain.map((x) => position(sql.engine, asText(x), chr(1))).join(' + ')})`
      : '0';
  };
  const read = async (cleaned: ReadonlySet<K>) => {
    const [row] = await sql.query<Record<string, string | number | null>>(
      `SELECT COUNT(*) AS n, ${names
        .map(
          (k, i) =>
            `string_agg(${column(k, cleaned.has(k))}, ${chr(10)}) AS c${i}, ${separators(k)} AS s${i}`,
        )
        .join(', ')} ${from}`,
    );
    const count = Number(row?.n ?? 0);
    const text = (i: number) => (count ? String(row?.[`c${i}`] ?? '') : '');
    return { row, count, text };
  };
  let pass = await read(new Set());
  // Columns whose values hold a newline or a separator are read again cleaned, in a pass that
  // reads every column again: a pass of one column alone could take its rows from an index on
  // it, in another order than the first pass's.
  const unclean = new Set(
    names.filter(
      (_k, i) =>
        lineCount(pass.text(i), pass.count) !== pass.count || Number(pass.row?.[`s${i}`] ?? 0) > 0,
    ),
  );
  if (unclean.size) pass = await read(unclean);
  const { count } = pass;
  const texts = {} as Record<K, string>;
  for (const [i, k] of names.entries()) {
    const text = pass.text(i);
    // A lone separator in a one-part value is a control character like any other.
    texts[k] =
      typeof columns[k] === 'string' && text.includes(PART_SEPARATOR)
        ? text.replaceAll(PART_SEPARATOR, ' ')
        : text;
  }
  return { count, texts };
}
