/*
 * The picker search sets held in memory, loaded and kept fresh here (folding: fold.ts; a
 * field's gram index: grams.ts; a set's query, order and page: set.ts; reading the rows:
 * columns.ts). The target: picker searches over 100,000 products and 100,000 customers at
 * p50 ≤ 10 ms, with the same results on both engines.
 *
 * Why not SQL: a contains-search (`LIKE '%an%'`) tests every row, and every picker page carries
 * an exact total (X-WP-Total), so each request pays that test over the whole set: 8–13 ms for
 * 100,000 rows in SQLite on this machine before any ordering, more in PostgreSQL. SQLite's FTS5
 * trigram index finds no term under three characters and its shadow tables make `resetStore`
 * fail; a row per trigram in a plain table would add ~180 MB to a 230 MB store; PostgreSQL's
 * pg_trgm is not always installed and skips short terms too.
 *
 * So each set (top-level products, variations, customers) is held as folded text: one string
 * per searchable field, a line per row, with the exact number of rows holding each 1–3
 * character gram and (built on first need) the rows of each 3-character gram, about a byte
 * a row. A term of three characters or more intersects the rows of its two rarest grams and
 * checks each; a common shorter term walks the sort order until the page is full; anything
 * else reads the text with indexOf. The database then returns the page's rows by id.
 * Matching here serves both engines, so results are identical, and folds case and accents on
 * every character, as WooCommerce's MySQL collation does (SQLite's LOWER() folds ASCII only).
 *
 * Freshness: migration 005 changes `search_versions` from triggers on every table a set reads,
 * whoever writes it (ingestion, admin, the demo generator, tests). A search reads the version
 * first and reloads the set when it changed.
 */
import type { Db } from '../../db/database';
import { RawSql } from '../../db/sql';
import { cleanSql, datesOf, integersOf, interned, readColumns, separatorSql } from './columns';
import { foldLines } from './fold';
import { SearchField } from './grams';
import { SearchSet } from './set';

/** The sets kept in memory, and the `search_versions` kind each depends on. */
export type SetKind = 'products' | 'variations' | 'customers';
const VERSION_OF: Record<SetKind, 'products' | 'customers'> = {
  products: 'products',
  variations: 'products',
  customers: 'customers',
};

/** A set of product rows (top-level or variations): text searched, popularity and date sorts. */
function productSet(
  texts: { id: string; search: string; sales: string; date: string },
  count: number,
  columns: Record<string, readonly (string | number)[]>,
): SearchSet {
  return new SearchSet(
    integersOf(texts.id, count),
    { text: new SearchField(foldLines(texts.search), count) },
    { popularity: [...integersOf(texts.sales, count)], date: datesOf(texts.date, count) },
    columns,
  );
}

const LOADERS: Record<SetKind, (sql: RawSql) => Promise<SearchSet>> = {
  /** Top-level products that are not trashed: name or SKU. */
  async products(sql) {
    const { count, texts } = await readColumns(
      sql,
      "FROM products p WHERE p.parent_id = 0 AND p.status <> 'trash'",
      {
        id: 'p.id',
        search: ['p.name', 'p.sku'],
        type: 'p.type',
        sales: 'p.total_sales',
        date: 'p.date_created',
      },
    );
    return productSet(texts, count, { type: interned(count ? texts.type.split('\n') : []) });
  },
  /** Variations that are not trashed: name, SKU, or the name or slug of an attribute value. */
  async variations(sql) {
    const sep = separatorSql(sql);
    const { count, texts } = await readColumns(
      sql,
      "FROM products p WHERE p.type = 'variation' AND p.status <> 'trash'",
      {
        id: 'p.id',
        // Name, SKU, then each attribute value's name and slug, as the parts of a row.
        search: [
          'p.name',
          'p.sku',
          {
            clean: `COALESCE((SELECT string_agg(${cleanSql(sql, 't.name')} || ${sep} || ${cleanSql(sql, 't.slug')}, ${sep})
              FROM product_attributes pa JOIN attribute_terms t ON t.id = pa.term_id
              WHERE pa.product_id = p.id), '')`,
          },
        ],
        parent: 'p.parent_id',
        sales: 'p.total_sales',
        date: 'p.date_created',
      },
    );
    return productSet(texts, count, { parent: [...integersOf(texts.parent, count)] });
  },
  /** Every customer: "first last", username and email searched apart (`searchby`). */
  async customers(sql) {
    const { count, texts } = await readColumns(sql, 'FROM customers p', {
      id: 'p.id',
      name: "p.first_name || ' ' || p.last_name",
      username: 'p.username',
      email: 'p.email',
      // '' for none: string_agg would skip a null.
      registered: "COALESCE(p.date_registered, '')",
    });
    return new SearchSet(
      integersOf(texts.id, count),
      {
        name: new SearchField(foldLines(texts.name), count),
        username: new SearchField(foldLines(texts.username), count),
        email: new SearchField(foldLines(texts.email), count),
      },
      { date_registered: datesOf(texts.registered, count) },
      {},
    );
  },
};

interface CacheEntry {
  version: string;
  set: Promise<SearchSet>;
}
const cache = new WeakMap<Db, Map<SetKind, CacheEntry>>();

/**
 * The version a set was built from: changes whenever a trigger of migration 005 fires, to a
 * random value never seen before. Read it before what depends on it, so a write committed in
 * between only makes the next reader read again.
 */
export async function readVersion(sql: RawSql, kind: 'products' | 'customers'): Promise<string> {
  const rows = await sql.query<{ v: string }>(
    'SELECT CAST(version AS TEXT) AS v FROM search_versions WHERE kind = ?',
    [kind],
  );
  return rows[0]?.v ?? 'none';
}

/**
 * The current set of a kind: read the version first, then (when it changed) the rows, so a
 * write committed in between only causes one more reload, never a stale set.
 */
export async function searchSet(db: Db, kind: SetKind): Promise<SearchSet> {
  const sql = new RawSql(db.kysely, db.engine, db.sqlite);
  const version = await readVersion(sql, VERSION_OF[kind]);
  let sets = cache.get(db);
  if (!sets) {
    sets = new Map();
    cache.set(db, sets);
  }
  const entry = sets.get(kind);
  if (entry?.version === version) return entry.set;
  const set = LOADERS[kind](sql);
  const fresh = { version, set };
  sets.set(kind, fresh);
  // A failed load is not kept: the next search tries again.
  set.catch(() => {
    if (sets.get(kind) === fresh) sets.delete(kind);
  });
  return set;
}

/**
 * Brings every set already loaded for a store up to date (after another process changed
 * what they are read from), so the next search does not wait for the reload. A search checks
 * the version itself anyway; this only moves the reload ahead of it.
 */
export async function refreshSearchSets(db: Db): Promise<void> {
  const sets = cache.get(db);
  if (!sets) return;
  await Promise.all([...sets.keys()].map((kind) => searchSet(db, kind)));
}

/**
 * Loads every set with its sort orders and gram lists, so that no search waits for them: the
 * server does this at start-up, before it answers (at 10,000,000 orders the customers set is
 * 4.5 million rows and took the first customer search 7 s). Returns the rows of each set.
 */
export async function loadSearchSets(db: Db): Promise<Record<SetKind, number>> {
  const kinds = Object.keys(LOADERS) as SetKind[];
  const sets = await Promise.all(kinds.map((kind) => searchSet(db, kind)));
  for (const set of sets) set.prepare();
  return Object.fromEntries(kinds.map((kind, i) => [kind, sets[i]!.size])) as Record<
    SetKind,
    number
  >;
}
