import type { OrderStatus } from '@storelens/api';
import type { Db } from '../db/database';
import type { OrderFeeLineTable } from '../db/schema';
import { RawSql } from '../db/sql';
import { ATTRIBUTION_FIELDS } from './order-facts';
import { feeTaxesOf } from './rows';
import type { OrderFeeInput, OrderInput, RefundInput } from './types';

interface OrderRow {
  id: number;
  parent_id: number;
  type: string;
  status: string;
  currency: string;
  customer_id: number;
  date_created_gmt: string;
  date_paid_gmt: string | null;
  date_completed_gmt: string | null;
  total: number;
  tax_total: number;
  shipping_total: number;
  shipping_tax: number;
  billing_country: string;
  billing_state: string;
  billing_email: string;
  payment_method: string;
  payment_method_title: string;
  created_via: string;
  payment_fee: number;
  payment_fee_refunded: number;
  payment_fee_currency: string;
}

interface ItemRow {
  id: number;
  order_id: number;
  product_id: number;
  variation_id: number;
  name: string;
  quantity: number;
  subtotal: number;
  total: number;
  tax: number;
  cost: number | null;
  cost_source: string;
}

/** A stored attribution row as the meta ingestion takes (normalising it again changes nothing). */
function attributionBack(row: Record<string, unknown> | undefined) {
  const out: Record<string, string> = {};
  for (const field of ATTRIBUTION_FIELDS) {
    const value = row?.[field];
    if (value === null || value === undefined || value === '') continue;
    if (field === 'source_type' && value === 'unknown') continue;
    out[field] = String(value);
  }
  return Object.keys(out).length > 0 ? { attribution: out } : {};
}

/** Negates a stored amount without producing -0. */
const neg = (value: unknown) => 0 - Number(value);

const byKey = <T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> => {
  const out = new Map<K, T[]>();
  for (const r of rows) {
    const list = out.get(key(r));
    if (list) list.push(r);
    else out.set(key(r), [r]);
  }
  return out;
};

/**
 * Rebuilds the ingestion inputs of orders (with their refunds) from the source tables, so the
 * historical import can send them through `ingestOrders` again. A refund line points at the
 * order line of the same product and variation.
 */
export async function readOrderInputs(db: Db, orderIds: readonly number[]): Promise<OrderInput[]> {
  if (orderIds.length === 0) return [];
  const sql = new RawSql(db.kysely, db.engine);
  const columns =
    'id, parent_id, type, status, currency, customer_id, date_created_gmt, date_paid_gmt, date_completed_gmt, total, tax_total, shipping_total, shipping_tax, billing_country, billing_state, billing_email, payment_method, payment_method_title, created_via, payment_fee, payment_fee_refunded, payment_fee_currency';
  const orders = await sql.selectIn<OrderRow>(
    `SELECT ${columns} FROM orders`,
    'id',
    orderIds,
    "AND type = 'order'",
  );
  const refunds = await sql.selectIn<OrderRow>(
    `SELECT ${columns} FROM orders`,
    'parent_id',
    orderIds,
    "AND type = 'refund'",
  );
  const allIds = [...orders.map((o) => o.id), ...refunds.map((r) => r.id)];
  const items = byKey(
    await sql.selectIn<ItemRow>(
      'SELECT id, order_id, product_id, variation_id, name, quantity, subtotal, total, tax, cost, cost_source FROM order_items',
      'order_id',
      allIds,
    ),
    (i) => Number(i.order_id),
  );
  const coupons = byKey(
    await sql.selectIn<{ order_id: number; coupon_id: number; code: string; discount: number }>(
      'SELECT order_id, coupon_id, code, discount FROM order_coupon_lines',
      'order_id',
      orderIds,
    ),
    (c) => Number(c.order_id),
  );
  const taxes = byKey(
    await sql.selectIn<{
      order_id: number;
      tax_rate_id: number;
      tax_total: number;
      shipping_tax_total: number;
    }>(
      'SELECT order_id, tax_rate_id, tax_total, shipping_tax_total FROM order_tax_lines',
      'order_id',
      orderIds,
    ),
    (t) => Number(t.order_id),
  );
  const fees = byKey(
    await sql.selectIn<OrderFeeLineTable>(
      'SELECT id, order_id, name, total, tax, taxes, refunded_item_id FROM order_fee_lines',
      'order_id',
      allIds,
    ),
    (f) => Number(f.order_id),
  );
  const attribution = new Map(
    (
      await sql.selectIn<Record<string, unknown> & { order_id: number }>(
        'SELECT * FROM order_attribution',
        'order_id',
        orderIds,
      )
    ).map((a) => [Number(a.order_id), a]),
  );
  const refundsOf = byKey(refunds, (r) => Number(r.parent_id));
  const sortById = <T extends { id: number }>(rows: T[]) =>
    rows.sort((a, b) => Number(a.id) - Number(b.id));

  return sortById([...orders]).map((o): OrderInput => {
    const lines = sortById(items.get(Number(o.id)) ?? []).map((l) => ({
      id: Number(l.id),
      productId: Number(l.product_id),
      variationId: Number(l.variation_id),
      name: l.name,
      quantity: Number(l.quantity),
      subtotal: Number(l.subtotal),
      total: Number(l.total),
      tax: Number(l.tax),
      // The shop's own cost comes back as given; one taken from the product's costs is found
      // again by ingestion.
      ...(l.cost_source === 'line' && l.cost !== null ? { cost: Number(l.cost) } : {}),
    }));
    const orderFees = sortById(fees.get(Number(o.id)) ?? []).map(
      (f): OrderFeeInput => ({
        id: Number(f.id),
        name: f.name,
        total: Number(f.total),
        tax: Number(f.tax),
        taxes: feeTaxesOf(f.taxes),
      }),
    );
    const refundInputs = sortById(refundsOf.get(Number(o.id)) ?? []).map((r): RefundInput => {
      const refundItems = items.get(Number(r.id)) ?? [];
      const refundFees = sortById(fees.get(Number(r.id)) ?? []).map((f) => ({
        id: Number(f.id),
        orderFeeId: Number(f.refunded_item_id),
        name: f.name,
        total: neg(f.total),
        tax: neg(f.tax),
        taxes: feeTaxesOf(f.taxes, -1),
      }));
      // What the refund's total holds beyond its lines, fees, their tax and shipping
      // (amount-only refunds): kept only when there is some, as ingestion was given it.
      const extra =
        neg(r.total) -
        refundItems.reduce((a, l) => a + neg(l.total), 0) -
        refundFees.reduce((a, f) => a + f.total, 0) -
        neg(r.tax_total) -
        neg(r.shipping_total);
      return {
        id: Number(r.id),
        dateCreatedGmt: r.date_created_gmt,
        shipping: neg(r.shipping_total),
        shippingTax: neg(r.shipping_tax),
        ...(refundFees.length > 0 ? { fees: refundFees } : {}),
        ...(extra !== 0 ? { extra } : {}),
        lines: sortById(refundItems).map((l) => {
          const line =
            lines.find(
              (x) =>
                x.productId === Number(l.product_id) && x.variationId === Number(l.variation_id),
            ) ?? lines[0];
          return {
            id: Number(l.id),
            orderItemId: line?.id ?? 0,
            quantity: neg(l.quantity),
            total: neg(l.total),
            tax: neg(l.tax),
            ...(l.cost_source === 'line' && l.cost !== null ? { cost: neg(l.cost) } : {}),
          };
        }),
      };
    });
    return {
      id: Number(o.id),
      status: o.status as OrderStatus,
      currency: o.currency,
      customerId: Number(o.customer_id),
      dateCreatedGmt: o.date_created_gmt,
      datePaidGmt: o.date_paid_gmt,
      dateCompletedGmt: o.date_completed_gmt,
      billing: { country: o.billing_country, state: o.billing_state, email: o.billing_email },
      lines,
      shipping: Number(o.shipping_total),
      shippingTax: Number(o.shipping_tax),
      coupons: sortById(
        (coupons.get(Number(o.id)) ?? []).map((c) => ({ ...c, id: Number(c.coupon_id) })),
      ).map((c) => ({ couponId: Number(c.coupon_id), code: c.code, discount: Number(c.discount) })),
      taxes: sortById(
        (taxes.get(Number(o.id)) ?? []).map((t) => ({ ...t, id: Number(t.tax_rate_id) })),
      ).map((t) => ({
        rateId: Number(t.tax_rate_id),
        tax: Number(t.tax_total),
        shippingTax: Number(t.shipping_tax_total),
      })),
      ...(orderFees.length > 0 ? { fees: orderFees } : {}),
      // Absent when empty, as ingestion was given them (an order without them reads back
      // equal; normalising an absent attribution again gives the same unknown row).
      ...(o.payment_method ? { paymentMethod: o.payment_method } : {}),
      ...(o.payment_method_title ? { paymentMethodTitle: o.payment_method_title } : {}),
      ...(o.created_via ? { createdVia: o.created_via } : {}),
      ...(o.payment_fee_currency
        ? {
            paymentFee: {
              fee: Number(o.payment_fee),
              refunded: Number(o.payment_fee_refunded),
              currency: o.payment_fee_currency,
            },
          }
        : {}),
      ...attributionBack(attribution.get(Number(o.id))),
      refunds: refundInputs,
    };
  });
}
