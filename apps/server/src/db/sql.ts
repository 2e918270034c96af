import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type SQLite from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';
import { mapOf } from '../owned-maps';
import type { Db, Engine } from './database';
import { rowsIn } from './dialect';

/**
 * Rows per multi-row INSERT on SQLite: 32 rows cut the per-row cost of a 12-column insert
 * from 1.2 to 0.7 µs; more gain little.
 */
const SQLITE_ROWS_PER_STATEMENT = 32;

/**
 * PostgreSQL: rows per insertMany from which COPY replaces multi-row INSERTs. Below it the
 * INSERT costs less than setting COPY up (a webhook's order, a batch of 100).
 */
const COPY_MIN_ROWS = 2_000;
let copies = 0;
/**
 * Pipelined mode: the longest this process computes without giving the connection a turn.
 * PostgreSQL reads a 1 MiB chunk of COPY text in a few milliseconds, and the socket holds a
 * few chunks: past that it waits for this process.
 */
const TURN_MS = 5;

/**
 * The parameter of `LOWER(column) LIKE ? ESCAPE '\'` that matches a value containing `text` in
 * any case: lower-cased, its wildcards and backslashes escaped so they match themselves.
 */
export const containsPattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Whether large PostgreSQL batches go through COPY (tests and the bench compare both paths). */
export const postgresCopy = { enabled: true };

/** A value COPY's text format carries (anything else goes through INSERT). */
type CopyScalar = string | number | bigint | boolean | null | undefined;

function isCopyScalar(value: unknown): value is CopyScalar {
  if (value === null || value === undefined) return true;
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'bigint' || type === 'boolean';
}

/** A value in COPY's text format (`\N` is NULL; backslash, tab and line ends escaped). */
function copyValue(value: CopyScalar): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value !== 'string') return String(value);
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : value;
}
const COPY_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
};

/**
 * Whether every row can go as COPY text: scalars only (else the caller falls back to INSERT).
 * A row of the wrong length is refused here, as INSERT refuses it, before anything is sent.
 */
function copyable(rows: readonly (readonly unknown[])[], width: number): boolean {
  for (const row of rows) {
    if (row.length !== width)
      throw new RangeError(`a row has ${row.length} values for ${width} columns`);
    for (let i = 0; i < width; i++) if (!isCopyScalar(row[i])) return false;
  }
  return true;
}

/**
 * Rows (checked by `copyable`) as COPY text in chunks of about 1 MiB, built as they are
 * sent: PostgreSQL reads one chunk while the next is built.
 */
function* copyChunks(rows: readonly (readonly unknown[])[], width: number): Generator<string> {
  let chunk = '';
  for (const row of rows) {
    let line = '';
    for (let i = 0; i < width; i++) {
      const text = copyValue(row[i] as CopyScalar);
      line += i === 0 ? text : `\t${text}`;
    }
    chunk += `${line}\n`;
    if (chunk.length >= 1 << 20) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/**
 * Runs `work` in a transaction on a pipelined RawSql (`RawSql.pipelined`) and settles it on
 * every way out: on success before the COMMIT, which would otherwise turn a failed write into
 * a silent rollback; on failure before the ROLLBACK, so that no statement still queued is sent
 * after it, outside the transaction.
 */
export async function pipelinedTransaction<T>(
  db: Db,
  work: (sql: RawSql) => Promise<T>,
): Promise<T> {
  return db.kysely.transaction().execute(async (trx) => {
    const sql = RawSql.pipelined(trx, db.engine, db.sqlite);
    let result: T;
    try {
      result = await work(sql);
    } catch (error) {
      await sql.settle().catch(() => undefined);
      throw error;
    }
    await sql.settle();
    return result;
  });
}

/** Prepared statements of a SQLite handle, by SQL text (bounded: IN-lists vary in length). */
const statementCaches = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();
const MAX_CACHED_STATEMENTS = 400;

function prepared(sqlite: SQLite.Database, sql: string): SQLite.Statement {
  const cache = mapOf(statementCaches, sqlite);
  let statement = cache.get(sql);
  if (!statement) {
    if (cache.size >= MAX_CACHED_STATEMENTS) cache.clear();
    statement = sqlite.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}

/** Parameters of one delete of emptied rollup rows (`addToRollup`): about 900 key values. */
const ROLLUP_DELETE_PARAMS = 900;

/**
 * Raw SQL for hot paths (bulk ingestion, rollup reads): prebuilt text bypasses the query
 * builder's compile step but still runs on Kysely's connection, inside its transactions.
 * Given the SQLite handle, statements are prepared once and run on it directly: SQLite has one
 * connection, so they join whatever transaction Kysely holds on it.
 */
export class RawSql {
  /**
   * Pipelined mode: the statements sent and not waited for, the first failure among them, and
   * the end of the last one (the next starts after it: node-postgres is not to be handed a
   * query while a COPY runs).
   */
  private readonly pipeline?: {
    pending: Promise<void>[];
    last: Promise<void>;
    failure?: { error: unknown };
    /** When the event loop last had a turn (`turn`). */
    turned: number;
  };

  constructor(
    readonly kysely: { executeQuery<R>(query: CompiledQuery<R>): Promise<{ rows: R[] }> },
    readonly engine: Engine,
    readonly sqlite?: SQLite.Database,
    options: { pipelined?: boolean } = {},
  ) {
    if (options.pipelined && engine === 'postgres' && this.inTransaction())
      this.pipeline = { pending: [], last: Promise.resolve(), turned: 0 };
  }

  /**
   * A RawSql on a PostgreSQL transaction whose writes (`run`, `insertMany`) return once sent,
   * without waiting for their end, so that PostgreSQL works on them while this process
   * computes the next ones. They run one after the other in the order sent, and a `query`
   * runs after them. A failure is thrown by the next `query` or by `settle`, which the
   * transaction's callback must await on every way out (`pipelinedTransaction` does):
   * PostgreSQL answers the COMMIT of a transaction whose statement failed with a rollback, not
   * an error. The rows given to `insertMany` are read when its statement runs: they must not
   * change after the call. (SQLite's statements run in this process: nothing to overlap, so
   * they run as ever.)
   */
  static pipelined(
    trx: { executeQuery<R>(query: CompiledQuery<R>): Promise<{ rows: R[] }> },
    engine: Engine,
    sqlite?: SQLite.Database,
  ): RawSql {
    return new RawSql(trx, engine, sqlite, { pipelined: true });
  }

  /** Waits for every statement sent; throws the first failure among them. */
  async settle(): Promise<void> {
    const pipeline = this.pipeline;
    if (!pipeline) return;
    while (pipeline.pending.length > 0) await Promise.all(pipeline.pending.splice(0));
    if (pipeline.failure) throw pipeline.failure.error;
  }

  /**
   * Pipelined mode: starts `statement` once the statements sent before it have ended (none
   * after a failure: the transaction is lost), then gives the event loop a turn, in which the
   * connection writes what is queued.
   */
  private async send(statement: () => Promise<unknown>): Promise<void> {
    const pipeline = this.pipeline!;
    const ended = pipeline.last.then(() => (pipeline.failure ? undefined : statement()));
    pipeline.last = ended.then(
      () => undefined,
      (error) => {
        pipeline.failure ??= { error };
      },
    );
    pipeline.pending.push(pipeline.last);
    await this.giveTurn();
  }

  /** Whether writes are pipelined (`RawSql.pipelined` on a PostgreSQL transaction). */
  get pipelined(): boolean {
    return this.pipeline !== undefined;
  }

  /**
   * Pipelined mode: gives the event loop a turn if none was given for `TURN_MS`, so that the
   * connection goes on sending what is queued during a long computation. Cheap to call often
   * (`if (sql.pipelined) await sql.turn()`: SQLite's loops need no await at all).
   */
  async turn(): Promise<void> {
    const pipeline = this.pipeline;
    if (pipeline && performance.now() - pipeline.turned >= TURN_MS) await this.giveTurn();
  }

  /** Lets the event loop run once (the connection writes and starts what is queued). */
  private async giveTurn(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    this.pipeline!.turned = performance.now();
  }

  private inTransaction(): boolean {
    return (this.kysely as { isTransaction?: boolean }).isTransaction === true;
  }

  /** Rewrites `?` placeholders to `$n` for PostgreSQL. */
  text(sql: string): string {
    if (this.engine === 'sqlite') return sql;
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  }

  async query<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    if (this.sqlite) return prepared(this.sqlite, sql).all(...params) as T[];
    // A read answers after the writes sent before it; after a failed one, with its error
    // (PostgreSQL would refuse the read itself only as part of a failed transaction).
    if (this.pipeline) await this.settle();
    const result = await this.kysely.executeQuery<T>(
      CompiledQuery.raw(this.text(sql), [...params]),
    );
    return result.rows;
  }

  /**
   * Lifts, for the rest of this transaction, the statement timeout that protects requests
   * (`DEFAULT_STATEMENT_TIMEOUT_MS`, db/database.ts): for whole-store work, which at millions of
   * orders may outlast it. SQLite has no statement timeout.
   */
  async liftStatementTimeout(): Promise<void> {
    if (this.engine === 'postgres') await this.run('SET LOCAL statement_timeout = 0');
  }

  async run(sql: string, params: readonly unknown[] = []): Promise<void> {
    if (this.sqlite) {
      prepared(this.sqlite, sql).run(...params);
      return;
    }
    const query = CompiledQuery.raw(this.text(sql), [...params]);
    if (this.pipeline) await this.send(() => this.kysely.executeQuery(query));
    else await this.kysely.executeQuery(query);
  }

  /**
   * Adds delta rows (arrays in `columns` order, the `keys` first) to a rollup table, then
   * deletes the rows at `shrunk` keys (those a negative delta may have emptied) for which
   * `empty` holds (a condition on the table's sums: all zero), as a rebuild would not have
   * them. The keys are compared a chunk at a time, so a statement's parameters stay few.
   */
  async addToRollup(
    table: string,
    columns: readonly string[],
    keys: readonly string[],
    rows: readonly (readonly unknown[])[],
    shrunk: readonly (readonly unknown[])[],
    empty: string,
  ): Promise<void> {
    await this.insertMany(table, columns, rows, { keys, mode: 'add' });
    const perDelete = Math.max(1, Math.floor(ROLLUP_DELETE_PARAMS / keys.length));
    for (let start = 0; start < shrunk.length; start += perDelete) {
      const chunk = shrunk.slice(start, start + perDelete);
      await this.run(
        `DELETE FROM ${table} WHERE ${rowsIn(this.engine, keys, chunk.length)} AND ${empty}`,
        chunk.flat(),
      );
    }
  }

  /**
   * Inserts rows (arrays in `columns` order) in multi-row statements. With `conflict`, rows
   * whose key exists are replaced (`replace`) or have their value columns added (`add`);
   * columns named in `merge` are combined by the given SQL function of (old, new) instead.
   */
  async insertMany(
    table: string,
    columns: readonly string[],
    rows: readonly (readonly unknown[])[],
    conflict?: {
      keys: readonly string[];
      mode: 'replace' | 'add';
      merge?: Readonly<Record<string, string>>;
    },
  ): Promise<void> {
    if (rows.length === 0) return;
    const row = `(${columns.map(() => '?').join(',')})`;
    let tail = '';
    if (conflict) {
      const values = columns.filter((c) => !conflict.keys.includes(c));
      const set = values
        .map((c) => {
          const merge = conflict.merge?.[c];
          if (merge) return `${c} = ${merge}(${table}.${c}, excluded.${c})`;
          return conflict.mode === 'add'
            ? `${c} = ${table}.${c} + excluded.${c}`
            : `${c} = excluded.${c}`;
        })
        .join(', ');
      tail = ` ON CONFLICT (${conflict.keys.join(',')}) DO UPDATE SET ${set}`;
    }
    const insert = (count: number) =>
      `INSERT INTO ${table} (${columns.join(',')}) VALUES ${Array(count).fill(row).join(',')}${tail}`;
    if (this.sqlite) {
      // Prepared statements of a fixed number of rows (the SQL is parsed once), the rest one
      // row at a time: each run is a call into native code, which costs about as much as
      // binding a row's values.
      const single = prepared(this.sqlite, insert(1));
      const many =
        rows.length >= SQLITE_ROWS_PER_STATEMENT
          ? prepared(this.sqlite, insert(SQLITE_ROWS_PER_STATEMENT))
          : undefined;
      const insertAll = () => {
        let next = 0;
        if (many) {
          const flat: unknown[] = new Array(SQLITE_ROWS_PER_STATEMENT * columns.length);
          while (next + SQLITE_ROWS_PER_STATEMENT <= rows.length) {
            let k = 0;
            for (let n = 0; n < SQLITE_ROWS_PER_STATEMENT; n++) {
              const one = rows[next++]!;
              // A short or long row would shift every later value into the wrong column.
              if (one.length !== columns.length)
                throw new RangeError(
                  `${table}: a row has ${one.length} values for ${columns.length} columns`,
                );
              for (const v of one) flat[k++] = v;
            }
            many.run(flat);
          }
        }
        for (; next < rows.length; next++) single.run(...rows[next]!);
      };
      // Outside a transaction every row would commit on its own: one transaction for all.
      if (this.sqlite.inTransaction) insertAll();
      else this.sqlite.transaction(insertAll)();
      return;
    }
    // COPY needs the transaction's connection: outside one, the pool could hand the next
    // statement (the merge from the temporary table) to another connection.
    if (this.copies(rows.length) && (!conflict || conflict.mode === 'add')) {
      if (copyable(rows, columns.length)) {
        await this.copyIn(table, columns, rows, tail);
        return;
      }
    }
    const perStatement = Math.max(1, Math.floor(30_000 / columns.length));
    for (let start = 0; start < rows.length; start += perStatement) {
      const chunk = rows.slice(start, start + perStatement);
      await this.run(insert(chunk.length), chunk.flat());
    }
  }

  /** Whether `insertMany` of this many rows (no upsert) goes through COPY. */
  copies(rows: number): boolean {
    return (
      this.engine === 'postgres' &&
      postgresCopy.enabled &&
      this.inTransaction() &&
      rows >= COPY_MIN_ROWS
    );
  }

  /**
   * PostgreSQL: writes rows given as COPY text through `COPY … FROM STDIN` (pg-copy-streams),
   * on the connection of the current transaction. With an ON CONFLICT `tail` the rows go to a
   * temporary table first and are merged with one INSERT … SELECT. (An `add` upsert's rows
   * have distinct keys: they come from maps of deltas.)
   */
  private async copyIn(
    table: string,
    columns: readonly string[],
    rows: readonly (readonly unknown[])[],
    tail: string,
  ): Promise<void> {
    const list = columns.join(',');
    const target = tail ? `copy_${table}_${++copies}` : table;
    if (tail)
      await this.run(
        `CREATE TEMP TABLE ${target} ON COMMIT DROP AS SELECT ${list} FROM ${table} WITH NO DATA`,
      );
    const copy = async () => {
      const stream = copyFrom(`COPY ${target} (${list}) FROM STDIN`);
      const done = finished(stream);
      // node-postgres runs a "submittable" given in place of the SQL text: Kysely hands it to
      // the transaction's client, and the COPY holds that connection until the stream ends.
      await this.kysely.executeQuery(CompiledQuery.raw(stream as unknown as string, []));
      for (const chunk of copyChunks(rows, columns.length)) {
        if (!stream.write(chunk)) await once(stream, 'drain');
      }
      stream.end();
      await done;
    };
    // Pipelined, the text is built and sent in turns with this process's other work.
    if (this.pipeline) await this.send(copy);
    else await copy();
    if (tail) {
      await this.run(`INSERT INTO ${table} (${list}) SELECT ${list} FROM ${target}${tail}`);
      await this.run(`DROP TABLE ${target}`);
    }
  }

  /**
   * A list of ids as ONE parameter (a JSON array on SQLite, an array on PostgreSQL), so the
   * statement's text, and SQLite's prepared statement, stays the same whatever the list's
   * length. Use with `inIdList`.
   */
  idList(ids: readonly number[]): unknown {
    for (const id of ids) if (!Number.isSafeInteger(id)) throw new RangeError(`Not an id: ${id}`);
    return this.engine === 'sqlite' ? JSON.stringify(ids) : [...ids];
  }

  /** `column IN <one idList parameter>`. */
  inIdList(column: string): string {
    return this.engine === 'sqlite'
      ? `${column} IN (SELECT value FROM json_each(?))`
      : `${column} = ANY(?::bigint[])`;
  }

  /** Deletes rows whose `column` is in `ids`, in chunks. */
  async deleteIn(table: string, column: string, ids: readonly unknown[]): Promise<void> {
    for (let start = 0; start < ids.length; start += 10_000) {
      const chunk = ids.slice(start, start + 10_000);
      await this.run(
        `DELETE FROM ${table} WHERE ${column} IN (${chunk.map(() => '?').join(',')})`,
        chunk,
      );
    }
  }

  /** Selects rows whose `column` is in `ids`, in chunks. */
  async selectIn<T>(
    select: string,
    column: string,
    ids: readonly unknown[],
    rest = '',
  ): Promise<T[]> {
    const out: T[] = [];
    for (let start = 0; start < ids.length; start += 10_000) {
      const chunk = ids.slice(start, start + 10_000);
      out.push(
        ...(await this.query<T>(
          `${select} WHERE ${column} IN (${chunk.map(() => '?').join(',')}) ${rest}`,
          chunk,
        )),
      );
    }
    return out;
  }
}
