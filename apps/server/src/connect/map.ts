import type { OrderStatus } from '@storelens/api';
import type { OrderInput, RefundInput, RefundLineInput } from '../ingest/types';
import type { WcLineItem, WcOrder, WcRefund } from './wc-types';
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

/**
 * A refund as ingestion takes it. WooCommerce sends refund lines with negative quantities and
 * amounts; an amount-only refund has no lines. Whatever the amount holds beyond the lines
 * that can be matched to the order, their tax and the shipping refunded goes to `extra`, so
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
  const amount = wcMoney(refund.amount);
  const extra = amount - sum(lines, (l) => l.total + l.tax) - shipping - shippingTax;
  return {
    id: refund.id,
    dateCreatedGmt: wcGmt(refund.date_created_gmt)!,
    lines,
    shipping,
    shippingTax,
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
    refunds: [...refunds].sort((a, b) => a.id - b.id).map((r) => mapRefund(r, order)),
  };
}
