/*
 * SQL that differs between the engines, in one place: callers ask for the form they need and
 * get the text their engine runs best (or at all).
 */
import type { Engine } from './database';

/** Concatenates a text expression over a group, comma-separated (the coupon multisets). */
export function concatAgg(engine: Engine, expr: string): string {
  return engine === 'sqlite' ? `group_concat(${expr}, ',')` : `string_agg(${expr}, ',')`;
}

/**
 * `(c1, c2, …) IN <count rows of placeholders>`. SQLite compares row values only against a
 * subquery (VALUES); PostgreSQL types a VALUES list's placeholders as text before comparing,
 * so it gets a list of row constructors, whose placeholders take the columns' types.
 */
export function rowsIn(engine: Engine, columns: readonly string[], count: number): string {
  const row = `(${columns.map(() => '?').join(',')})`;
  const rows = Array(count).fill(row).join(',');
  return `(${columns.join(',')}) IN (${engine === 'sqlite' ? `VALUES ${rows}` : rows})`;
}

/**
 * `SELECT COUNT(DISTINCT <column>) AS n FROM <from> WHERE <where>`, where the rows of one
 * `column` value share the `groups` values and an index is ordered by `groups`. SQLite counts
 * the groups in that index's order (no sort, no hash); PostgreSQL's COUNT(DISTINCT) sorts
 * just the integers, where grouping by the text columns too hashed them all (4× slower).
 */
export function countDistinct(
  engine: Engine,
  column: string,
  groups: readonly string[],
  from: string,
  where: string,
): string {
  return engine === 'sqlite'
    ? `SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM ${from} WHERE ${where}
       GROUP BY ${[...groups, column].join(', ')}) t`
    : `SELECT COUNT(DISTINCT ${column}) AS n FROM ${from} WHERE ${where}`;
}

/** The character of code `n` (`char` on SQLite, `chr` on PostgreSQL). */
export function charCode(engine: Engine, n: number): string {
  return engine === 'sqlite' ? `char(${n})` : `chr(${n})`;
}

/** The 1-based position of `needle` in `text`, 0 when absent (`instr` / `strpos`). */
export function position(engine: Engine, text: string, needle: string): string {
  return engine === 'sqlite' ? `instr(${text}, ${needle})` : `strpos(${text}, ${needle})`;
}

/**
 * The rows of `table` whose `column` is one of a list of ids bound as ONE parameter
 * (`RawSql.idList`), as a derived table read through the column's index. PostgreSQL gets an
 * index probe per id (a lateral subquery kept apart by OFFSET 0): given thousands of ids, its
 * planner otherwise reads the whole table or walks the whole index in a merge join.
 */
export function rowsWithIds(engine: Engine, table: string, column: string): string {
  return engine === 'sqlite'
    ? `(SELECT * FROM ${table} WHERE ${column} IN (SELECT value FROM json_each(?)))`
    : `(SELECT x.* FROM unnest(?::bigint[]) AS i(id)
        CROSS JOIN LATERAL (SELECT * FROM ${table} WHERE ${column} = i.id OFFSET 0) x)`;
}

/**
 * Distinct `column` values per group and over every row: rows of `{ bucket, n }`, one per
 * group, and one whose bucket is NULL for the total (`group` is never NULL for a counted row).
 * PostgreSQL reads the rows once (GROUPING SETS); SQLite, which has none, twice (UNION ALL).
 * `params` puts the group expression's parameters and the WHERE's in the order the text
 * needs them.
 */
export function countDistinctPerGroup(
  engine: Engine,
  column: string,
  group: string,
  from: string,
  where: string,
): { sql: string; params: (groupParams: unknown[], whereParams: unknown[]) => unknown[] } {
  const grouped = `SELECT ${group} AS bucket, COUNT(DISTINCT ${column}) AS n FROM ${from}
    WHERE ${where}`;
  return engine === 'sqlite'
    ? {
        sql: `${grouped} GROUP BY 1
          UNION ALL SELECT NULL AS bucket, COUNT(DISTINCT ${column}) AS n FROM ${from} WHERE ${where}`,
        params: (g, w) => [...g, ...w, ...w],
      }
    : { sql: `${grouped} GROUP BY GROUPING SETS ((1), ())`, params: (g, w) => [...g, ...w] };
}

/**
 * The NULLS clause of an ORDER BY direction that sorts NULL below every value, as SQLite and
 * MySQL (WooCommerce's reports) do: first ascending, last descending. PostgreSQL sorts NULL
 * above every value unless told; an index it reads in that order is built `NULLS FIRST`
 * (migration 026).
 */
export function nullsLow(engine: Engine, dir: 'ASC' | 'DESC'): string {
  if (engine === 'sqlite') return '';
  return dir === 'ASC' ? ' NULLS FIRST' : ' NULLS LAST';
}

/**
 * `UPDATE table SET <columns> … WHERE id = …` for many rows in one statement, the rows bound as
 * ONE parameter (`params`: each row is its id, then its values in `columns` order, then those
 * of `unchanged`, text or NULL): a JSON array read by json_each on SQLite, one array per
 * column unnested on PostgreSQL. Ids are integers. A row is written only while its `unchanged`
 * columns still hold the values given (NULL equal to NULL): a value computed from them is not
 * written over a row changed since it was read.
 */
export function updateById(
  engine: Engine,
  table: string,
  columns: readonly string[],
  unchanged: readonly string[] = [],
): { sql: string; params: (rows: readonly (readonly unknown[])[]) => unknown[] } {
  if (engine === 'sqlite') {
    const at = (i: number) => `json_extract(v.value, '$[${i}]')`;
    const still = unchanged.map((c, i) => ` AND ${table}.${c} IS ${at(columns.length + i + 1)}`);
    return {
      sql: `UPDATE ${table} SET ${columns.map((c, i) => `${c} = ${at(i + 1)}`).join(', ')}
        FROM json_each(?) AS v WHERE ${table}.id = ${at(0)}${still.join('')}`,
      params: (rows) => [JSON.stringify(rows)],
    };
  }
  const was = unchanged.map((c) => `was_${c}`);
  const all = [...columns, ...was];
  return {
    sql: `UPDATE ${table} SET ${columns.map((c) => `${c} = v.${c}`).join(', ')}
      FROM unnest(?::bigint[], ${all.map(() => '?::text[]').join(', ')})
        AS v(id, ${all.join(', ')})
      WHERE ${table}.id = v.id${unchanged
        .map((c, i) => ` AND ${table}.${c} IS NOT DISTINCT FROM v.${was[i]}`)
        .join('')}`,
    params: (rows) => [0, ...all.map((_, i) => i + 1)].map((i) => rows.map((r) => r[i])),
  };
}
