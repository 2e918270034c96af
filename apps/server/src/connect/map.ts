import type { OrderStatus } from '@storelens/api';
import type {
  FeeTaxInput,
  OrderFeeInput,
  OrderInput,
  RefundFeeInput,
  RefundInput,
  RefundLineInput,
} from '../ingest/types';
import type { WcFeeLine, WcItemTax, WcLineItem, WcOrder, WcRefund } from './wc-types';
import { wcGmt, wcMoney } from './wc-values';

/** What mapping an order needs from the store: analytics ids of customers and coupons. */
export interface OrderContext {
  /** The analytics customer of an order (registered id, or the guest's by e-mail); 0 if none. */
  customerOf(order: WcOrder): number;
  /** Our coupon id of a code; 0 for a coupon the shop has deleted since. */
  couponOf(code: string): number;
}

const sum = <T>(items: readonly T[], f: (item: T) => number) => items.reduce((a, x) => a + f(x), 0);

/** WooCommerce statuses may carry the `wc-` prefix of their post status; ours never do. */
export function orderStatus(status: string): string {
  return status.startsWith('wc-') ? status.slice(3) : status;
}

/** The order line a refund line gives back: the `_refunded_item_id` meta, else by product. */
function refundedLine(line: WcLineItem, order: WcOrder): number | undefined {
  const meta = line.meta_data?.find((m) => m.key === '_refunded_item_id');
  const id = Number(meta?.value);
  if (meta && order.line_items.some((l) => l.id === id)) return id;
  return order.line_items.find(
    (l) => l.product_id === line.product_id && l.variation_id === line.variation_id,
  )?.id;
}

/** A line's taxes per rate (`sign` -1: a refund's, given as positive amounts). */
function feeTaxes(taxes: readonly WcItemTax[] | undefined, sign: 1 | -1): FeeTaxInput[] {
  return (taxes ?? [])
    .map((t) => ({ rateId: Number(t.id), tax: sign * wcMoney(t.total) + 0 }))
    .filter((t) => Number.isSafeInteger(t.rateId) && t.rateId > 0 && t.tax !== 0);
}

/**
 * A fee line (WooCommerce's `fee_lines`: name, total, total_tax, taxes per rate). Its tax is
 * the shop's `total_tax`; the rates' parts are kept only when they add up to it (the shop
 * stores them unrounded), else the tax is shared as the order's.
 */
function mapFee(fee: WcFeeLine): OrderFeeInput {
  const tax = wcMoney(fee.total_tax);
  const taxes = feeTaxes(fee.taxes, 1);
  return {
    id: fee.id,
    name: fee.name ?? '',
    total: wcMoney(fee.total),
    tax,
    taxes: sum(taxes, (t) => t.tax) === tax ? taxes : [],
  };
}

/** A refunded fee: WooCommerce sends it negative, naming the order's fee it gives back. */
function mapRefundFee(fee: WcFeeLine): RefundFeeInput {
  const meta = fee.meta_data?.find((m) => m.key === '_refunded_item_id');
  const orderFeeId = Number(meta?.value);
  const tax = 0 - wcMoney(fee.total_tax);
  const taxes = feeTaxes(fee.taxes, -1);
  return {
    id: fee.id,
    orderFeeId: Number.isSafeInteger(orderFeeId) && orderFeeId > 0 ? orderFeeId : 0,
    name: fee.name ?? '',
    total: 0 - wcMoney(fee.total),
    tax,
    taxes: sum(taxes, (t) => t.tax) === tax ? taxes : [],
  };
}

/**
 * A refund as ingestion takes it. WooCommerce sends refund lines with negative quantities and
 * amounts; an amount-only refund has no lines. Fees given back (`fee_lines`) keep their tax
 * apart, as WooCommerce's refund does. Whatever the amount holds beyond the lines that can be
 * matched to the order, the fees, their tax and the shipping refunded goes to `extra`, so
 * the refund's total is always the shop's amount to the cent.
 */
export function mapRefund(refund: WcRefund, order: WcOrder): RefundInput {
  const lines: RefundLineInput[] = [];
  for (const l of refund.line_items ?? []) {
    const orderItemId = refundedLine(l, order);
    if (orderItemId === undefined) continue; // its line is gone from the order: see `extra`
    lines.push({
      id: l.id,
      orderItemId,
      quantity: Math.abs(Number(l.quantity) || 0),
      total: 0 - wcMoney(l.total),
      tax: 0 - wcMoney(l.total_tax),
    });
  }
  const shipping = 0 - sum(refund.shipping_lines ?? [], (s) => wcMoney(s.total));
  const shippingTax = 0 - sum(refund.shipping_lines ?? [], (s) => wcMoney(s.total_tax));
  const fees = (refund.fee_lines ?? []).map(mapRefundFee);
  const amount = wcMoney(refund.amount);
  const extra =
    amount -
    sum(lines, (l) => l.total + l.tax) -
    sum(fees, (f) => f.total + f.tax) -
    shipping -
    shippingTax;
  return {
    id: refund.id,
    dateCreatedGmt: wcGmt(refund.date_created_gmt)!,
    lines,
    shipping,
    shippingTax,
    ...(fees.length > 0 ? { fees } : {}),
    ...(extra !== 0 ? { extra } : {}),
  };
}

/**
 * A WooCommerce order (with its refunds, fetched from orders/{id}/refunds) as ingestion
 * takes it. Lines keep their product ids even when the product was deleted since (WooCommerce
 * then sends 0), money comes from the shop's decimal strings, dates from the `_gmt` twins.
 */
export function mapOrder(
  order: WcOrder,
  refunds: readonly WcRefund[],
  ctx: OrderContext,
): OrderInput {
  return {
    id: order.id,
    status: orderStatus(order.status) as OrderStatus,
    currency: order.currency,
    customerId: ctx.customerOf(order),
    dateCreatedGmt: wcGmt(order.date_created_gmt)!,
    datePaidGmt: wcGmt(order.date_paid_gmt),
    dateCompletedGmt: wcGmt(order.date_completed_gmt),
    billing: {
      country: order.billing?.country ?? '',
      state: order.billing?.state ?? '',
      email: order.billing?.email ?? '',
    },
    lines: order.line_items.map((l) => ({
      id: l.id,
      productId: l.product_id || 0,
      variationId: l.variation_id || 0,
      name: l.name,
      quantity: Number(l.quantity) || 0,
      subtotal: wcMoney(l.subtotal),
      total: wcMoney(l.total),
      tax: wcMoney(l.total_tax),
    })),
    shipping: wcMoney(order.shipping_total),
    shippingTax: wcMoney(order.shipping_tax),
    coupons: order.coupon_lines.map((c) => ({
      couponId: ctx.couponOf(c.code),
      code: c.code,
      discount: wcMoney(c.discount),
    })),
    taxes: order.tax_lines.map((t) => ({
      rateId: t.rate_id,
      tax: wcMoney(t.tax_total),
      shippingTax: wcMoney(t.shipping_tax_total),
    })),
    // Absent when there are none, so the digest of an order without fees is the one kept
    // before fees were read (connect/records.ts).
    ...(order.fee_lines?.length ? { fees: order.fee_lines.map(mapFee) } : {}),
    refunds: [...refunds].sort((a, b) => a.id - b.id).map((r) => mapRefund(r, order)),
  };
}
