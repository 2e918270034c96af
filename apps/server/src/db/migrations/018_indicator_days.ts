import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Two performance indicators counted rows over the whole range (indicator-totals.ts): the
// downloads (`downloadTotal`, a year at 1M orders is 276,000 log rows) and the discounted
// orders (`couponTotals`, distinct orders of 53,000 coupon rows). Both now read day rows for
// whole local days and the base rows only for the partial hours at the edges:
//
// - `download_day`: download log entries per local day (`timestamp` is local time).
// - `coupon_order_day`: per date kind, local day and status, the orders with a coupon row of
//   that day and status (an order's coupon rows share its dates and status, so this is the
//   distinct count and adds up over days).
//
// The base rows are written by whoever writes them (ingestion, the demo's bulk load with COPY,
// a rebuild's swap, a store reset, an import's deletion): triggers keep the day rows in the
// same statement, row by row on SQLite, once per statement on PostgreSQL (from its transition
// tables, so a COPY of thousands of rows is one upsert per date kind). A day row whose count
// falls to zero is removed. PostgreSQL's trigger functions keep the store's schema as their
// search path, so a connection whose path puts a rebuild's shadow schema first still counts
// the live rows.
type Db = Kysely<unknown>;

/** Date kind (as the rollups name it) and its column. */
const KINDS = [
  ['created', 'date_created'],
  ['paid', 'date_paid'],
  ['completed', 'date_completed'],
] as const;

export async function up(db: Db): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('download_day')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('downloads', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('coupon_order_day')
    .addColumn('date_kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('orders', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('coupon_order_day_pk', ['date_kind', 'day', 'status'])
    .execute();
  await sql`INSERT INTO download_day (day, downloads)
    SELECT substr(dl.timestamp, 1, 10), COUNT(*) FROM download_log dl GROUP BY 1`.execute(db);
  for (const [kind, column] of KINDS) {
    await sql
      .raw(
        `INSERT INTO coupon_order_day (date_kind, day, status, orders)
         SELECT '${kind}', substr(c.${column}, 1, 10), c.status, COUNT(DISTINCT c.order_id)
         FROM order_coupon_lookup c WHERE c.${column} IS NOT NULL GROUP BY 2, 3`,
      )
      .execute(db);
  }
  if (sqlite) await sqliteTriggers(db);
  else await postgresTriggers(db);
}

/** SQLite: row triggers. */
async function sqliteTriggers(db: Db) {
  const trigger = (name: string, event: string, body: string) =>
    sql.raw(`CREATE TRIGGER ${name} AFTER ${event} BEGIN ${body} END`).execute(db);

  // download_day: ± one at the row's day; only that day is pruned (a scan of every day per
  // deleted row would make a reset slow).
  const download = (row: string, n: number) =>
    `INSERT INTO download_day (day, downloads) VALUES (substr(${row}.timestamp, 1, 10), ${n})
     ON CONFLICT (day) DO UPDATE SET downloads = downloads + excluded.downloads;`;
  const pruneDownload = (row: string) =>
    `DELETE FROM download_day WHERE day = substr(${row}.timestamp, 1, 10) AND downloads = 0;`;
  await trigger('download_day_insert', 'INSERT ON download_log', download('NEW', 1));
  await trigger(
    'download_day_delete',
    'DELETE ON download_log',
    `${download('OLD', -1)} ${pruneDownload('OLD')}`,
  );
  await trigger(
    'download_day_update',
    'UPDATE OF timestamp ON download_log',
    `${download('OLD', -1)} ${download('NEW', 1)} ${pruneDownload('OLD')}`,
  );

  // coupon_order_day: an order counts at a (kind, day, status) while it has a coupon row
  // there. A row added where the order has no other row counts it (+1); a row removed (or
  // moved) from where the order keeps no row uncounts it (−1).
  const coupon = (
    kind: string,
    column: string,
    row: string,
    n: number,
    other: string,
    when = '1 = 1',
  ) =>
    `INSERT INTO coupon_order_day (date_kind, day, status, orders)
     SELECT '${kind}', substr(${row}.${column}, 1, 10), ${row}.status, ${n}
     WHERE ${row}.${column} IS NOT NULL AND ${when} AND NOT EXISTS (
       SELECT 1 FROM order_coupon_lookup o WHERE o.order_id = ${row}.order_id
         AND o.status = ${row}.status AND substr(o.${column}, 1, 10) = substr(${row}.${column}, 1, 10)
         AND ${other})
     ON CONFLICT (date_kind, day, status) DO UPDATE SET orders = orders + excluded.orders;
     DELETE FROM coupon_order_day WHERE date_kind = '${kind}'
       AND day = substr(${row}.${column}, 1, 10) AND status = ${row}.status AND orders = 0;`;
  const each = (f: (kind: string, column: string) => string) =>
    KINDS.map(([kind, column]) => f(kind, column)).join(' ');
  const removed = each((k, c) => coupon(k, c, 'OLD', -1, '1 = 1'));
  await trigger(
    'coupon_order_day_insert',
    'INSERT ON order_coupon_lookup',
    each((k, c) => coupon(k, c, 'NEW', 1, 'o.coupon_id <> NEW.coupon_id')),
  );
  await trigger('coupon_order_day_delete', 'DELETE ON order_coupon_lookup', removed);
  // An update is the old row removed, then the new one added, unless it stayed where it was.
  await trigger(
    'coupon_order_day_update',
    'UPDATE OF status, date_created, date_paid, date_completed ON order_coupon_lookup',
    `${removed} ${each((k, c) =>
      coupon(
        k,
        c,
        'NEW',
        1,
        'o.coupon_id <> NEW.coupon_id',
        `NOT (OLD.status = NEW.status AND substr(OLD.${c}, 1, 10) IS substr(NEW.${c}, 1, 10))`,
      ),
    )}`,
  );
}

/** PostgreSQL: statement triggers over the transition tables. */
async function postgresTriggers(db: Db) {
  // The store's own schema (the first of the search path that exists).
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  const schema = rows[0]!.schema.replaceAll('"', '""');
  // A statement that wrote no row (ingestion deletes the lookup rows of orders it may never
  // have seen) does nothing: `rows` is the transition table that tells.
  const fn = (name: string, body: string, rows?: string) =>
    sql
      .raw(
        `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql SET search_path = "${schema}" AS $$
         BEGIN ${rows ? `IF EXISTS (SELECT 1 FROM ${rows}) THEN ${body} END IF;` : body}
         RETURN NULL; END $$`,
      )
      .execute(db);
  const trigger = (name: string, event: string, table: string, tables: string) =>
    sql
      .raw(
        `CREATE TRIGGER ${name} AFTER ${event} ON ${table} ${tables}
         FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
      )
      .execute(db);

  const download = (rows: string, sign: string) =>
    `INSERT INTO download_day (day, downloads)
       SELECT substr(r.timestamp, 1, 10), ${sign}COUNT(*) FROM ${rows} r GROUP BY 1
     ON CONFLICT (day) DO UPDATE SET downloads = download_day.downloads + excluded.downloads;`;
  // Only the days the statement's old rows were on can have fallen to zero.
  const pruneDownload = `DELETE FROM download_day WHERE downloads = 0
    AND day IN (SELECT substr(r.timestamp, 1, 10) FROM old_rows r);`;
  await fn('download_day_insert', download('new_rows', ''), 'new_rows');
  await fn('download_day_delete', `${download('old_rows', '-')} ${pruneDownload}`, 'old_rows');
  await fn(
    'download_day_update',
    `${download('old_rows', '-')} ${download('new_rows', '')} ${pruneDownload}`,
    'old_rows',
  );
  await fn('download_day_truncate', 'DELETE FROM download_day;');
  await trigger(
    'download_day_insert',
    'INSERT',
    'download_log',
    'REFERENCING NEW TABLE AS new_rows',
  );
  await trigger(
    'download_day_delete',
    'DELETE',
    'download_log',
    'REFERENCING OLD TABLE AS old_rows',
  );
  await trigger(
    'download_day_update',
    'UPDATE',
    'download_log',
    'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows',
  );
  await trigger('download_day_truncate', 'TRUNCATE', 'download_log', '');

  // coupon_order_day: the (order, kind, day, status) keys the statement's rows carry; one
  // counts (+1) when the order had no row there before the statement, uncounts (−1) when it
  // has none after. "Before" is the rows now there less the statement's new rows, plus its old
  // rows: a key's rows now number the new rows' exactly when no other row was there.
  const keys = (rows: string, column: string) =>
    `SELECT r.order_id, substr(r.${column}, 1, 10) AS day, r.status, COUNT(*) AS n
     FROM ${rows} r WHERE r.${column} IS NOT NULL GROUP BY 1, 2, 3`;
  const rowsNow = (column: string) =>
    `(SELECT COUNT(*) FROM order_coupon_lookup o WHERE o.order_id = k.order_id
       AND o.status = k.status AND substr(o.${column}, 1, 10) = k.day)`;
  const upsert = (kind: string, select: string) =>
    `INSERT INTO coupon_order_day (date_kind, day, status, orders)
     SELECT '${kind}', k.day, k.status, ${select}
     ON CONFLICT (date_kind, day, status)
       DO UPDATE SET orders = coupon_order_day.orders + excluded.orders;`;
  const counted = (column: string, kind: string, alsoOld: boolean) =>
    upsert(
      kind,
      `COUNT(*) FROM (${keys('new_rows', column)}) k WHERE ${rowsNow(column)} = k.n
       ${
         alsoOld
           ? `AND NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.order_id = k.order_id
                AND o.status = k.status AND substr(o.${column}, 1, 10) = k.day)`
           : ''
       } GROUP BY k.day, k.status`,
    );
  const uncounted = (column: string, kind: string) =>
    upsert(
      kind,
      `-COUNT(*) FROM (${keys('old_rows', column)}) k WHERE ${rowsNow(column)} = 0
       GROUP BY k.day, k.status`,
    );
  const pruneCoupon = `DELETE FROM coupon_order_day WHERE orders = 0
    AND (date_kind, day) IN (${KINDS.map(
      ([kind, column]) => `SELECT '${kind}', substr(r.${column}, 1, 10) FROM old_rows r`,
    ).join(' UNION ')});`;
  const each = (f: (column: string, kind: string) => string) =>
    KINDS.map(([kind, column]) => f(column, kind)).join(' ');
  await fn(
    'coupon_order_day_insert',
    each((c, k) => counted(c, k, false)),
    'new_rows',
  );
  await fn('coupon_order_day_delete', `${each(uncounted)} ${pruneCoupon}`, 'old_rows');
  await fn(
    'coupon_order_day_update',
    `${each(uncounted)} ${each((c, k) => counted(c, k, true))} ${pruneCoupon}`,
    'old_rows',
  );
  await fn('coupon_order_day_truncate', 'DELETE FROM coupon_order_day;');
  const table = 'order_coupon_lookup';
  await trigger('coupon_order_day_insert', 'INSERT', table, 'REFERENCING NEW TABLE AS new_rows');
  await trigger('coupon_order_day_delete', 'DELETE', table, 'REFERENCING OLD TABLE AS old_rows');
  await trigger(
    'coupon_order_day_update',
    'UPDATE',
    table,
    'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows',
  );
  await trigger('coupon_order_day_truncate', 'TRUNCATE', table, '');
}

const TRIGGERS: [name: string, table: string][] = [
  'insert',
  'delete',
  'update',
  'truncate',
].flatMap((t) => [
  [`download_day_${t}`, 'download_log'],
  [`coupon_order_day_${t}`, 'order_coupon_lookup'],
]);

export async function down(db: Db): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const [name, table] of TRIGGERS) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${name}${sqlite ? '' : ` ON ${table}`}`).execute(db);
    if (!sqlite) await sql.raw(`DROP FUNCTION IF EXISTS ${name}()`).execute(db);
  }
  await db.schema.dropTable('coupon_order_day').ifExists().execute();
  await db.schema.dropTable('download_day').ifExists().execute();
}
