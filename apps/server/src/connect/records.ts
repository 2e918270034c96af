import { createHash } from 'node:crypto';
import { storeTimeSettings, writeCustomers } from '../analytics/customer-time';
import { refreshCustomerDates } from '../customer-activity';
import type { Db } from '../db/database';
import { CUSTOMER_COLUMNS, PRODUCT_COLUMNS } from '../db/schema';
import { RawSql } from '../db/sql';
import { ingestOrders } from '../ingest/ingest';
import { deferItemVisits, recountItemVisits } from '../ingest/item-visits';
import { noteOrderWrites } from '../ingest/rebuild';
import type { OrderInput } from '../ingest/types';
import { readStoreSettings } from '../options';
import { zone } from '../timezone';
import type { WooClient } from './client';
import { mapOrder, productCost } from './map';
import type {
  WcAttribute,
  WcCategory,
  WcCoupon,
  WcCustomer,
  WcOrder,
  WcProduct,
  WcRefund,
  WcTaxRate,
  WcTerm,
} from './wc-types';
import { wcGmt, wcMoney } from './wc-values';

/**
 * Writes the shop's records into the store. Catalog, customers and coupons are upserted by
 * the shop's ids; orders go through the ingestion path (`ingestOrders`), which replaces an
 * order seen before and corrects every rollup. Each record's modification date is kept
 * (`connection_records`), so a delivery or page older than what was applied changes nothing.
 */

/** Guests get analytics customer ids from here up (WooCommerce gives them none). */
export const GUEST_ID_BASE = 1_000_000_000;

const sql = (db: Db) => new RawSql(db.kysely, db.engine, db.sqlite);

/** A record's modification date as the shop sent it, with the digest applied (orders). */
interface Mark {
  id: number;
  modified: string;
  digest?: string | null;
}

/** What was applied of each record before, by id, as `connection_records` keeps it. */
type StoredMarks = Map<number, { modified: string; digest: string | null }>;

/** What was applied of `records` before. */
async function storedMarks(
  db: Db,
  kind: string,
  records: readonly { id: number }[],
): Promise<StoredMarks> {
  const stored: StoredMarks = new Map();
  for (let start = 0; start < records.length; start += 5000) {
    const chunk = records.slice(start, start + 5000);
    for (const r of await sql(db).query<{
      record_id: number;
      modified_gmt: string;
      digest: string | null;
    }>(
      `SELECT record_id, modified_gmt, digest FROM connection_records WHERE kind = ? AND record_id IN (${chunk.map(() => '?').join(',')})`,
      [kind, ...chunk.map((c) => c.id)],
    )) {
      stored.set(Number(r.record_id), { modified: r.modified_gmt, digest: r.digest });
    }
  }
  return stored;
}

/** Records the modification dates applied (and, for orders, the digests). */
export async function markApplied(db: Db, kind: string, records: readonly Mark[]): Promise<void> {
  await sql(db).insertMany(
    'connection_records',
    ['kind', 'record_id', 'modified_gmt', 'digest'],
    records.map((r) => [kind, r.id, r.modified, r.digest ?? null]),
    { keys: ['kind', 'record_id'], mode: 'replace' },
  );
}

/**
 * Keeps the records not older than what was applied before (`orSame`: only the newer ones),
 * with the marks stored for them.
 */
async function fresh<T>(
  db: Db,
  kind: string,
  items: readonly T[],
  key: (item: T) => Mark,
  orSame = false,
): Promise<{ items: T[]; marks: Mark[]; stored: StoredMarks }> {
  const marks = items.map(key);
  const stored = await storedMarks(db, kind, marks);
  const keep = marks.map((m) => {
    const known = stored.get(m.id)?.modified;
    return known === undefined || known < m.modified || (!orSame && known === m.modified);
  });
  return {
    items: items.filter((_, i) => keep[i]),
    marks: marks.filter((_, i) => keep[i]),
    stored,
  };
}

/** The digest of an order as ingestion takes it (mapped, with its refunds). */
function orderDigest(order: OrderInput): string {
  return createHash('sha256').update(JSON.stringify(order)).digest('base64');
}

const modifiedOf = (r: {
  id: number;
  date_modified_gmt?: string | null;
  date_created_gmt?: string | null;
}) => ({
  id: r.id,
  modified: wcGmt(r.date_modified_gmt) ?? wcGmt(r.date_created_gmt) ?? '0000-00-00 00:00:00',
});

export async function upsertCategories(db: Db, items: readonly WcCategory[]): Promise<void> {
  await sql(db).insertMany(
    'categories',
    ['id', 'name', 'slug', 'parent_id', 'description'],
    items.map((c) => [c.id, c.name, c.slug, c.parent ?? 0, c.description ?? '']),
    { keys: ['id'], mode: 'replace' },
  );
}

export async function upsertAttributes(
  db: Db,
  attribute: WcAttribute,
  terms: readonly WcTerm[],
): Promise<void> {
  await sql(db).insertMany(
    'attributes',
    ['id', 'name', 'slug'],
    [[attribute.id, attribute.name, attribute.slug]],
    {
      keys: ['id'],
      mode: 'replace',
    },
  );
  await sql(db).insertMany(
    'attribute_terms',
    ['id', 'attribute_id', 'name', 'slug', 'menu_order'],
    terms.map((t) => [t.id, attribute.id, t.name, t.slug, t.menu_order ?? 0]),
    { keys: ['id'], mode: 'replace' },
  );
}

export async function upsertTaxRates(db: Db, items: readonly WcTaxRate[]): Promise<void> {
  await sql(db).insertMany(
    'tax_rates',
    ['id', 'country', 'state', 'name', 'priority', 'rate', 'shipping', 'compound', 'tax_class'],
    items.map((t) => [
      t.id,
      t.country ?? '',
      t.state ?? '',
      t.name ?? '',
      t.priority ?? 1,
      Number(t.rate || 0).toFixed(4),
      t.shipping ? 1 : 0,
      t.compound ? 1 : 0,
      t.class === 'standard' ? '' : (t.class ?? ''),
    ]),
    { keys: ['id'], mode: 'replace' },
  );
}

export async function upsertCoupons(db: Db, items: readonly WcCoupon[]): Promise<void> {
  const { items: keep, marks } = await fresh(db, 'coupon', items, modifiedOf);
  const toLocal = zone((await readStoreSettings(db)).timezone).toLocal;
  await sql(db).insertMany(
    'coupons',
    [
      'id',
      'code',
      'discount_type',
      'amount',
      'date_created',
      'date_created_gmt',
      'date_expires',
      'date_expires_gmt',
    ],
    keep.map((c) => {
      const created = wcGmt(c.date_created_gmt) ?? '1970-01-01 00:00:00';
      const expires = wcGmt(c.date_expires_gmt);
      return [
        c.id,
        c.code.toLowerCase(),
        ['percent', 'fixed_cart', 'fixed_product'].includes(c.discount_type)
          ? c.discount_type
          : 'fixed_cart',
        wcMoney(c.amount),
        toLocal(created),
        created,
        expires && toLocal(expires),
        expires,
      ];
    }),
    { keys: ['id'], mode: 'replace' },
  );
  await markApplied(db, 'coupon', marks);
}

export async function upsertCustomers(db: Db, items: readonly WcCustomer[]): Promise<void> {
  const { items: keep, marks } = await fresh(db, 'customer', items, modifiedOf);
  const settings = await readStoreSettings(db);
  const toLocal = zone(settings.timezone).toLocal;
  const rows = keep.map((c) => {
    const registered = wcGmt(c.date_created_gmt);
    return [
      c.id,
      c.id,
      c.username ?? '',
      c.first_name ?? '',
      c.last_name ?? '',
      c.email ?? '',
      c.billing?.country ?? '',
      c.billing?.state ?? '',
      c.billing?.city ?? '',
      c.billing?.postcode ?? '',
      registered && toLocal(registered),
      registered,
    ];
  });
  // The customers' e-mails decide who their orders count as over time (cohorts, RFM).
  await db.kysely.transaction().execute(async (trx) => {
    const t = new RawSql(trx, db.engine, db.sqlite);
    await writeCustomers(
      t,
      storeTimeSettings(settings),
      keep.map((c) => c.id),
      keep.map((c) => c.email ?? ''),
      () => t.insertMany('customers', CUSTOMER_COLUMNS, rows, { keys: ['id'], mode: 'replace' }),
    );
  });
  await markApplied(db, 'customer', marks);
}

/** Products, or the variations of one variable product (`parentId`). */
export async function upsertProducts(
  db: Db,
  items: readonly WcProduct[],
  parentId = 0,
): Promise<void> {
  const { items: keep, marks } = await fresh(db, 'product', items, modifiedOf);
  if (keep.length === 0) return;
  const toLocal = zone((await readStoreSettings(db)).timezone).toLocal;
  const s = sql(db);
  await s.insertMany(
    'products',
    PRODUCT_COLUMNS,
    keep.map((p) => {
      const created = wcGmt(p.date_created_gmt) ?? '1970-01-01 00:00:00';
      const type = parentId ? 'variation' : p.type === 'variable' ? 'variable' : 'simple';
      const status = ['publish', 'draft', 'trash'].includes(p.status)
        ? p.status
        : p.status === 'private'
          ? 'publish'
          : 'draft';
      return [
        p.id,
        parentId,
        type,
        status,
        p.name ?? '',
        p.slug ?? '',
        p.sku ?? '',
        p.description ?? '',
        wcMoney(p.price),
        wcMoney(p.regular_price),
        p.sale_price === '' || p.sale_price == null ? null : wcMoney(p.sale_price),
        p.manage_stock === true ? 1 : 0,
        p.stock_quantity ?? null,
        ['instock', 'outofstock', 'onbackorder'].includes(p.stock_status)
          ? p.stock_status
          : 'instock',
        p.low_stock_amount ?? null,
        p.downloadable ? 1 : 0,
        p.virtual ? 1 : 0,
        p.images?.[0]?.src ?? p.image?.src ?? '',
        Number(p.average_rating ?? 0) || 0,
        p.rating_count ?? 0,
        Number(p.total_sales ?? 0) || 0,
        toLocal(created),
        created,
      ];
    }),
    { keys: ['id'], mode: 'replace' },
  );
  const ids = keep.map((p) => p.id);
  if (!parentId) {
    await s.deleteIn('product_categories', 'product_id', ids);
    await s.insertMany(
      'product_categories',
      ['product_id', 'category_id'],
      keep.flatMap((p) => (p.categories ?? []).map((c) => [p.id, c.id])),
    );
  }
  await s.deleteIn('product_downloads', 'product_id', ids);
  await s.insertMany(
    'product_downloads',
    ['id', 'product_id', 'name', 'file'],
    keep.flatMap((p) => (p.downloads ?? []).map((d) => [`${p.id}-${d.id}`, p.id, d.name, d.file])),
  );
  await recordCosts(db, keep);
  await markApplied(db, 'product', marks);
}

/**
 * Keeps each product's cost history (`product_costs`): a cost that differs from the latest one
 * kept starts at the product's modification date; the first one seen is taken as in force
 * since always (what it was before is not known).
 */
async function recordCosts(db: Db, products: readonly WcProduct[]): Promise<void> {
  const s = sql(db);
  const latest = new Map<number, { from: string; cost: number | null }>();
  for (const r of await s.selectIn<{
    product_id: number;
    effective_from_gmt: string;
    cost: number | null;
  }>(
    'SELECT product_id, effective_from_gmt, cost FROM product_costs',
    'product_id',
    products.map((p) => p.id),
    'ORDER BY product_id, effective_from_gmt',
  ))
    latest.set(Number(r.product_id), {
      from: r.effective_from_gmt,
      cost: r.cost === null ? null : Number(r.cost),
    });
  const rows: unknown[][] = [];
  for (const p of products) {
    const now = productCost(p);
    const before = latest.get(p.id);
    if (!before) {
      if (now) rows.push([p.id, '1970-01-01 00:00:00', now.cost, now.source]);
      continue;
    }
    if ((now?.cost ?? null) === before.cost) continue;
    const modified = modifiedOf(p).modified;
    rows.push([p.id, [modified, before.from].sort().at(-1), now?.cost ?? null, now?.source ?? '']);
  }
  await s.insertMany(
    'product_costs',
    ['product_id', 'effective_from_gmt', 'cost', 'source'],
    rows,
    {
      keys: ['product_id', 'effective_from_gmt'],
      mode: 'replace',
    },
  );
}

/** Marks products the shop deleted: kept (old order lines name them), out of the catalog. */
export async function trashProducts(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await sql(db).run(
    `UPDATE products SET status = 'trash' WHERE id IN (${ids.map(() => '?').join(',')}) OR parent_id IN (${ids.map(() => '?').join(',')})`,
    [...ids, ...ids],
  );
}

/** Analytics customer ids for a batch of orders: registered ids as they are, guests by e-mail. */
async function customerIds(db: Db, orders: readonly WcOrder[]): Promise<(o: WcOrder) => number> {
  const s = sql(db);
  const emailOf = (o: WcOrder) => (o.billing?.email ?? '').trim().toLowerCase();
  const guestEmails = [...new Set(orders.filter((o) => !o.customer_id && emailOf(o)).map(emailOf))];
  const guests = new Map<string, number>();
  for (const r of await s.selectIn<{ email: string; customer_id: number }>(
    'SELECT email, customer_id FROM connection_guests',
    'email',
    guestEmails,
  )) {
    guests.set(r.email, Number(r.customer_id));
  }
  const missing = guestEmails.filter((e) => !guests.has(e));
  if (missing.length > 0) {
    const [row] = await s.query<{ n: number | null }>(
      'SELECT MAX(customer_id) AS n FROM connection_guests',
    );
    let next = Math.max(GUEST_ID_BASE, Number(row?.n ?? 0)) + 1;
    const rows = missing.map((e) => [e, next++] as const);
    await s.insertMany('connection_guests', ['email', 'customer_id'], rows);
    for (const [e, id] of rows) guests.set(e, id);
  }
  // Customers the orders name that the store does not hold yet (a guest, or a registered
  // customer created after the customers were read) get a row from the order's billing.
  const ids = (o: WcOrder) => (o.customer_id > 0 ? o.customer_id : (guests.get(emailOf(o)) ?? 0));
  const wanted = new Map<number, WcOrder>();
  for (const o of orders) if (ids(o) > 0) wanted.set(ids(o), o);
  const known = new Set(
    (await s.selectIn<{ id: number }>('SELECT id FROM customers', 'id', [...wanted.keys()])).map(
      (r) => Number(r.id),
    ),
  );
  // No registration date: an order's billing does not say when (or whether) they registered.
  const added = [...wanted].filter(([id]) => !known.has(id));
  const settings = storeTimeSettings(await readStoreSettings(db));
  if (added.length > 0)
    await db.kysely.transaction().execute(async (trx) => {
      const t = new RawSql(trx, db.engine, db.sqlite);
      await writeCustomers(
        t,
        settings,
        added.map(([id]) => id),
        added.map(([, o]) => o.billing?.email ?? ''),
        () =>
          t.insertMany(
            'customers',
            CUSTOMER_COLUMNS,
            added.map(([id, o]) => [
              id,
              Math.max(o.customer_id, 0),
              '',
              o.billing?.first_name ?? '',
              o.billing?.last_name ?? '',
              o.billing?.email ?? '',
              o.billing?.country ?? '',
              o.billing?.state ?? '',
              o.billing?.city ?? '',
              o.billing?.postcode ?? '',
              null,
              null,
            ]),
          ),
      );
    });
  return ids;
}

/**
 * Fetches the refunds of the orders that have some (`orders/{id}/refunds`, all pages), with
 * the client's bounded concurrency.
 */
export async function fetchRefunds(
  client: WooClient,
  orders: readonly WcOrder[],
): Promise<Map<number, WcRefund[]>> {
  const out = new Map<number, WcRefund[]>();
  await Promise.all(
    orders
      .filter((o) => (o.refunds?.length ?? 0) > 0)
      .map(async (o) => {
        out.set(o.id, await client.all<WcRefund>(`orders/${o.id}/refunds`));
      }),
  );
  return out;
}

/**
 * Applies orders as the shop sent them: trashed ones leave the reports, the rest are
 * (re)ingested. Orders older than what was applied are skipped, and so is an order sent again
 * with the date and content applied (reconciliation's window overlaps the webhooks'): a
 * re-ingestion costs a read of its customer's history. Returns how many changed.
 */
export async function applyOrders(
  db: Db,
  orders: readonly WcOrder[],
  refunds: ReadonlyMap<number, readonly WcRefund[]>,
  options: { skipApplied?: boolean } = {},
): Promise<number> {
  // The import re-reads a few orders at each page's start (see jobs.ts): those already
  // applied in the same state are skipped, or each would recompute its customer's orders.
  // Webhooks and reconciliation apply an equal date again when the order differs (two changes
  // in one second share it).
  const { items, marks, stored } = await fresh(
    db,
    'order',
    orders,
    modifiedOf,
    options.skipApplied,
  );
  if (items.length === 0) return 0;
  const customerOf = await customerIds(db, items);
  const codes = new Map(
    (await db.kysely.selectFrom('coupons').select(['id', 'code']).execute()).map((c) => [
      c.code.toLowerCase(),
      Number(c.id),
    ]),
  );
  const trashed: number[] = [];
  const kept: OrderInput[] = [];
  const applied: Mark[] = [];
  items.forEach((o, i) => {
    const mark = marks[i]!;
    if (o.status === 'trash') trashed.push(o.id);
    if (o.status === 'trash' || o.status === 'checkout-draft') {
      applied.push(mark);
      return;
    }
    const input = mapOrder(o, refunds.get(o.id) ?? [], {
      customerOf,
      couponOf: (code) => codes.get(code.toLowerCase()) ?? 0,
    });
    const digest = orderDigest(input);
    const before = stored.get(o.id);
    if (before?.modified === mark.modified && before.digest === digest) return;
    kept.push(input);
    applied.push({ ...mark, digest });
  });
  if (applied.length === 0) return 0;
  // Noted first: a rebuild running beside the live tables replays them (ingest/rebuild.ts).
  await noteOrderWrites(
    db,
    applied.map((m) => m.id),
  );
  const before = await customersOf(db, [...kept.map((o) => o.id), ...trashed]);
  await ingestOrders(db, kept, trashed);
  await refreshActivity(db, [...before, ...kept.map((o) => o.customerId)]);
  await markApplied(db, 'order', applied);
  return applied.length;
}

/** The customers of the stored orders `ids` (before a write moves or removes them). */
async function customersOf(db: Db, ids: readonly number[]): Promise<number[]> {
  return (
    await sql(db).selectIn<{ customer_id: number }>(
      'SELECT customer_id FROM orders',
      'id',
      ids,
      "AND type = 'order'",
    )
  ).map((r) => Number(r.customer_id));
}

/**
 * Sets the last active date of the customers whose orders were just written or removed: their
 * latest order's creation date (refunds are not activity), GMT and local, as an import sets it
 * (customer-activity.ts). WooCommerce moves a customer's `date_last_active` to an order's
 * creation date when an order is created or changed and it is the customer's latest
 * (Admin/API/Reports/Customers/DataStore.php, `sync_order_customer` and `get_last_order`).
 * Written before the orders' marks: a write stopped in between is applied again.
 */
async function refreshActivity(db: Db, customerIds: readonly number[]): Promise<void> {
  const ids = customerIds.filter((id) => id > 0);
  if (ids.length === 0) return;
  const toLocal = zone((await readStoreSettings(db)).timezone).toLocal;
  await db.kysely
    .transaction()
    .execute((trx) => refreshCustomerDates(new RawSql(trx, db.engine, db.sqlite), toLocal, ids));
}

/** Removes orders the shop deleted (or trashed): out of the reports, every rollup corrected. */
export async function removeOrders(db: Db, ids: readonly number[], at: string): Promise<void> {
  await noteOrderWrites(db, ids);
  const before = await customersOf(db, ids);
  await ingestOrders(db, [], ids);
  await refreshActivity(db, before);
  await markApplied(
    db,
    'order',
    ids.map((id) => ({ id, modified: at })),
  );
}

/** Every write the connector makes of the shop's records, by name (the worker runs them by name). */
export const RECORD_WRITES = {
  upsertCategories,
  upsertAttributes,
  upsertTaxRates,
  upsertCoupons,
  upsertCustomers,
  upsertProducts,
  trashProducts,
  applyOrders,
  removeOrders,
  deferItemVisits,
  recountItemVisits,
} as const;
export type RecordWrites = typeof RECORD_WRITES;

type WithoutDb<F> = F extends (db: Db, ...args: infer A) => infer R ? (...args: A) => R : never;

/**
 * Where the connector's writes run. The import, reconciliation and webhook deliveries only
 * read the shop and hand each page to a writer: {@link localWriter} runs the write on the
 * calling thread; the server passes the worker thread's (src/jobs/worker-host.ts), so a
 * catalog of 20,000 products or a page of orders never holds the thread that answers requests.
 */
export type RecordWriter = { [K in keyof RecordWrites]: WithoutDb<RecordWrites[K]> };

/** The writes made here, on `db`. */
export function localWriter(db: Db): RecordWriter {
  return Object.fromEntries(
    Object.entries(RECORD_WRITES).map(([name, write]) => [
      name,
      (...args: unknown[]) => (write as (db: Db, ...a: unknown[]) => unknown)(db, ...args),
    ]),
  ) as RecordWriter;
}

/** Runs one write by name (the worker thread's end of a remote writer). */
export function runRecordWrite(db: Db, name: string, args: unknown[]): Promise<unknown> {
  const write = (RECORD_WRITES as Record<string, (db: Db, ...a: unknown[]) => Promise<unknown>>)[
    name
  ];
  if (!write) throw new Error(`Unknown record write ${name}`);
  return write(db, ...args);
}
