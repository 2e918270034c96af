import type { OrderStatus } from '@storelens/api';
import type { Db } from '../src/db/database';
import type { OrderInput } from '../src/ingest/types';
import { toUnits } from '../src/money';
import { setOptions } from '../src/options';

/** A minimal catalog for hand-written orders: two products, one variable with a variation. */
export async function seedCatalog(db: Db) {
  const created = '2024-01-01 00:00:00';
  const product = (
    id: number,
    parent: number,
    type: 'simple' | 'variable' | 'variation',
    name: string,
  ) => ({
    id,
    parent_id: parent,
    type,
    status: 'publish' as const,
    name,
    slug: name.toLowerCase(),
    sku: `SKU${id}`,
    description: '',
    price: toUnits('10'),
    regular_price: toUnits('10'),
    sale_price: null,
    manage_stock: 0,
    stock_quantity: null,
    stock_status: 'instock' as const,
    low_stock_amount: null,
    downloadable: 0,
    virtual: 0,
    image_url: '',
    average_rating: 0,
    rating_count: 0,
    total_sales: 0,
    date_created: created,
    date_created_gmt: created,
  });
  await db.kysely
    .insertInto('products')
    .values([
      product(10, 0, 'simple', 'Mug'),
      product(20, 0, 'variable', 'Tee'),
      product(21, 20, 'variation', 'Tee - Red'),
    ])
    .execute();
  await db.kysely
    .insertInto('customers')
    .values(
      [1, 2, 3].map((id) => ({
        id,
        user_id: id,
        username: `c${id}`,
        first_name: 'C',
        last_name: String(id),
        email: `c${id}@example.com`,
        country: 'US',
        state: 'CA',
        city: 'X',
        postcode: '1',
        date_registered: null,
        date_registered_gmt: null,
        date_last_active: null,
        date_last_active_gmt: null,
      })),
    )
    .execute();
}

/** Builds an order from decimal amounts; dates are GMT. */
export function order(
  id: number,
  opts: {
    status?: OrderStatus;
    customerId?: number;
    created: string;
    paid?: string | null;
    completed?: string | null;
    lines?: {
      id: number;
      productId: number;
      variationId?: number;
      qty: number;
      price: string;
      discount?: string;
      tax?: string;
    }[];
    shipping?: string;
    shippingTax?: string;
    coupon?: { id: number; code: string; amount: string };
    /** Fee lines: amounts before tax and their tax, at rate 1. */
    fees?: { id: number; name?: string; total: string; tax?: string }[];
    refunds?: OrderInput['refunds'];
  },
): OrderInput {
  const lines = (opts.lines ?? [{ id: id * 10, productId: 10, qty: 1, price: '10' }]).map((l) => {
    const subtotal = toUnits(l.price) * l.qty;
    return {
      id: l.id,
      productId: l.productId,
      variationId: l.variationId ?? 0,
      name: `item ${l.id}`,
      quantity: l.qty,
      subtotal,
      total: subtotal - toUnits(l.discount ?? '0'),
      tax: toUnits(l.tax ?? '0'),
    };
  });
  const fees = (opts.fees ?? []).map((f) => {
    const tax = toUnits(f.tax ?? '0');
    return {
      id: f.id,
      name: f.name ?? `fee ${f.id}`,
      total: toUnits(f.total),
      tax,
      taxes: tax ? [{ rateId: 1, tax }] : [],
    };
  });
  // Rate 1's tax line holds the items' and the fees' tax, as WooCommerce's does.
  const tax = lines.reduce((a, l) => a + l.tax, 0) + fees.reduce((a, f) => a + f.tax, 0);
  return {
    id,
    status: opts.status ?? 'completed',
    currency: 'USD',
    customerId: opts.customerId ?? 1,
    dateCreatedGmt: opts.created,
    datePaidGmt: opts.paid === undefined ? opts.created : opts.paid,
    dateCompletedGmt: opts.completed ?? null,
    billing: { country: 'US', state: 'CA', email: 'c@example.com' },
    lines,
    shipping: toUnits(opts.shipping ?? '0'),
    shippingTax: toUnits(opts.shippingTax ?? '0'),
    coupons: opts.coupon
      ? [
          {
            couponId: opts.coupon.id,
            code: opts.coupon.code,
            discount: toUnits(opts.coupon.amount),
          },
        ]
      : [],
    taxes:
      tax || opts.shippingTax
        ? [{ rateId: 1, tax, shippingTax: toUnits(opts.shippingTax ?? '0') }]
        : [],
    ...(fees.length > 0 ? { fees } : {}),
    refunds: opts.refunds ?? [],
  };
}

/** Sets the store zone and week start. */
export async function storeSettings(db: Db, timezone: string, startOfWeek = 1) {
  await setOptions(db, { timezone_string: timezone, start_of_week: startOfWeek });
}

/**
 * Five orders in May 2024 (GMT), shared by the revenue and reports suites:
 * 1 completed: 2 × 10.00 less a 2.00 coupon, tax 1.60 + 0.40 on 5.00 shipping → total 25.00
 * 2 processing: 25.00 (variation 21), created 2 May 23:30, paid 3 May 00:10
 * 3 pending (excluded by default), never paid
 * 4 completed 40.00 on 8 May, partially refunded 15.00 on 10 May
 * 5 refunded: 30.00 on 9 May, fully refunded on 12 May
 */
export function mayOrders(): OrderInput[] {
  return [
    order(1, {
      created: '2024-05-01 10:00:00',
      lines: [{ id: 11, productId: 10, qty: 2, price: '10', discount: '2', tax: '1.60' }],
      shipping: '5',
      shippingTax: '0.40',
      coupon: { id: 900, code: 'save2', amount: '2' },
    }),
    order(2, {
      status: 'processing',
      customerId: 2,
      created: '2024-05-02 23:30:00',
      paid: '2024-05-03 00:10:00',
      lines: [{ id: 21, productId: 20, variationId: 21, qty: 1, price: '25' }],
    }),
    order(3, { status: 'pending', customerId: 3, created: '2024-05-02 12:00:00', paid: null }),
    order(4, {
      created: '2024-05-08 09:00:00',
      lines: [{ id: 41, productId: 10, qty: 1, price: '40' }],
      refunds: [
        {
          id: 400,
          dateCreatedGmt: '2024-05-10 12:00:00',
          lines: [{ id: 401, orderItemId: 41, quantity: 1, total: toUnits('15'), tax: 0 }],
          shipping: 0,
          shippingTax: 0,
        },
      ],
    }),
    order(5, {
      status: 'refunded',
      customerId: 2,
      created: '2024-05-09 15:00:00',
      lines: [{ id: 51, productId: 10, qty: 1, price: '30' }],
      refunds: [
        {
          id: 500,
          dateCreatedGmt: '2024-05-12 08:00:00',
          lines: [{ id: 501, orderItemId: 51, quantity: 1, total: toUnits('30'), tax: 0 }],
          shipping: 0,
          shippingTax: 0,
        },
      ],
    }),
  ];
}
