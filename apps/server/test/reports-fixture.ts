import type { Db } from '../src/db/database';
import { ingestOrders } from '../src/ingest/ingest';
import { toUnits } from '../src/money';
import { mayOrders, seedCatalog } from './fixtures';

/**
 * The reports fixture: the revenue-stats catalog plus categories (Kitchen 100 → Mug 10,
 * Apparel 200 → Tee 20), coupon 900, tax rate 1 (US-CA-TAX-1), attribute color 5 with term
 * red 51 on the variation 21, and download log entries. Five orders in May 2024 (UTC):
 * 1 completed, customer 1: 2 × Mug 10.00 less a 2.00 coupon, tax 1.60 + 0.40 on 5.00 shipping
 * 2 processing, customer 2: Tee - Red 25.00, created 2 May 23:30, paid 3 May 00:10
 * 3 pending (excluded by default), customer 3, never paid
 * 4 completed, customer 1: Mug 40.00 on 8 May, partially refunded 15.00 on 10 May
 * 5 refunded, customer 2: Mug 30.00 on 9 May, fully refunded on 12 May
 * Net sales in May (paid date): Mug 43, Tee 25, total 68.
 */
export async function seedReports(db: Db) {
  await seedCatalog(db);
  await db.kysely
    .insertInto('categories')
    .values([
      { id: 100, name: 'Kitchen', slug: 'kitchen', parent_id: 0, description: '' },
      { id: 200, name: 'Apparel', slug: 'apparel', parent_id: 0, description: '' },
      { id: 300, name: 'Empty', slug: 'empty', parent_id: 0, description: '' },
    ])
    .execute();
  await db.kysely
    .insertInto('product_categories')
    .values([
      { product_id: 10, category_id: 100 },
      { product_id: 20, category_id: 200 },
    ])
    .execute();
  await db.kysely
    .insertInto('coupons')
    .values({
      id: 900,
      code: 'save2',
      discount_type: 'fixed_cart',
      amount: toUnits('2'),
      date_created: '2024-01-01 00:00:00',
      date_created_gmt: '2024-01-01 00:00:00',
      date_expires: null,
      date_expires_gmt: null,
    })
    .execute();
  await db.kysely
    .insertInto('tax_rates')
    .values({
      id: 1,
      country: 'US',
      state: 'CA',
      name: 'TAX',
      priority: 1,
      rate: '8.0000',
      shipping: 1,
      compound: 0,
      tax_class: '',
    })
    .execute();
  await db.kysely
    .insertInto('attributes')
    .values({ id: 5, name: 'Color', slug: 'pa_color' })
    .execute();
  await db.kysely
    .insertInto('attribute_terms')
    .values({ id: 51, attribute_id: 5, name: 'Red', slug: 'red', menu_order: 0 })
    .execute();
  await db.kysely
    .insertInto('product_attributes')
    .values({ product_id: 21, attribute_id: 5, term_id: 51 })
    .execute();
  await db.kysely
    .insertInto('download_log')
    .values([
      {
        id: 1,
        download_id: 'f1',
        product_id: 10,
        order_id: 1,
        user_id: 1,
        user_ip_address: '10.0.0.1',
        timestamp: '2024-05-01 11:00:00',
        timestamp_gmt: '2024-05-01 11:00:00',
      },
      {
        id: 2,
        download_id: 'f1',
        product_id: 10,
        order_id: 1,
        user_id: 1,
        user_ip_address: '10.0.0.2',
        timestamp: '2024-05-03 11:00:00',
        timestamp_gmt: '2024-05-03 11:00:00',
      },
      {
        id: 3,
        download_id: 'f2',
        product_id: 20,
        order_id: 2,
        user_id: 2,
        user_ip_address: '192.168.1.9',
        timestamp: '2024-05-20 11:00:00',
        timestamp_gmt: '2024-05-20 11:00:00',
      },
    ])
    .execute();
  await ingestOrders(db, mayOrders());
}

/** The May range of the fixture. */
export const MAY = 'after=2024-05-01T00:00:00&before=2024-05-31T23:59:59';
