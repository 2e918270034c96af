import type { OrderStatus } from '@storelens/api';
import { attributionMeta } from '../ingest/order-facts';
import type {
  FeeTaxInput,
  OrderFeeInput,
  OrderInput,
  PaymentFeeInput,
  RefundFeeInput,
  RefundInput,
  RefundLineInput,
} from '../ingest/types';
import type {
  WcFeeLine,
  WcItemTax,
  WcLineItem,
  WcMeta,
  WcOrder,
  WcProduct,
  WcRefund,
} from './wc-types';
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

const metaOf = (meta: readonly WcMeta[] | undefined, key: string): unknown =>
  meta?.find((m) => m.key === key)?.value;

/** An amount from meta or a COGS field; undefined when absent, empty or not a number. */
function amountOf(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  try {
    return wcMoney(typeof value === 'string' ? value.trim() : value);
  } catch {
    return undefined;
  }
}

/**
 * The cost the shop stored on a line, all its units: WooCommerce's own (`cost_of_goods_sold`
 * `value`; 0 is what it stores for a product without a cost, so it counts as none), else the
 * Cost of Goods extension's `_wc_cog_item_total_cost`. Signed as the shop sends it.
 */
function storedLineCost(line: WcLineItem): number | undefined {
  const own = amountOf(line.cost_of_goods_sold?.value);
  if (own !== undefined && own !== 0) return own;
  return amountOf(metaOf(line.meta_data, '_wc_cog_item_total_cost'));
}

/**
 * A product's or variation's unit cost: WooCommerce's own `cost_of_goods_sold.total_value`
 * (the effective value: a variation's own, or its parent's, or both added), else the Cost of
 * Goods extension's `_wc_cog_cost`; null when it has none (a variation then takes its
 * product's).
 */
export function productCost(product: WcProduct): { cost: number; source: string } | null {
  const own = amountOf(product.cost_of_goods_sold?.total_value);
  if (own !== undefined && own !== 0) return { cost: own, source: 'cogs' };
  const extension = amountOf(metaOf(product.meta_data, '_wc_cog_cost'));
  if (extension !== undefined) return { cost: extension, source: 'wc_cog' };
  return null;
}

/**
 * The payment gateway's fee from an order's meta, as the common gateways write it:
 * - Stripe (`_stripe_fee`, `Stripe Fee` before 4.1, in `_stripe_currency`): the gateway adds
 *   each refund's fee (negative when Stripe gives it back) into the same meta, so it is already
 *   the fee less what came back;
 * - WooPayments (`_wcpay_transaction_fee`, in the order's currency);
 * - PayPal Payments (`_ppcp_paypal_fees`: PayPal's `paypal_fee` of the capture, and
 *   `_ppcp_paypal_refund_fees`: the fee PayPal gave back on the refunds).
 */
export function paymentFeeOf(order: WcOrder): PaymentFeeInput | undefined {
  const meta = order.meta_data;
  const stripe = amountOf(metaOf(meta, '_stripe_fee')) ?? amountOf(metaOf(meta, 'Stripe Fee'));
  if (stripe !== undefined) {
    const currency = metaOf(meta, '_stripe_currency');
    return {
      fee: stripe,
      refunded: 0,
      currency: typeof currency === 'string' ? currency.toUpperCase() : '',
    };
  }
  const wcpay = amountOf(metaOf(meta, '_wcpay_transaction_fee'));
  if (wcpay !== undefined) return { fee: wcpay, refunded: 0, currency: '' };
  const paypal = metaOf(meta, '_ppcp_paypal_fees') as
    | { paypal_fee?: { value?: unknown; currency_code?: unknown } }
    | undefined;
  const paypalFee = amountOf(paypal?.paypal_fee?.value);
  if (paypalFee !== undefined) {
    const back = metaOf(meta, '_ppcp_paypal_refund_fees') as
      | { paypal_fee?: { value?: unknown } }
      | undefined;
    const currency = paypal?.paypal_fee?.currency_code;
    return {
      fee: paypalFee,
      refunded: amountOf(back?.paypal_fee?.value) ?? 0,
      currency: typeof currency === 'string' ? currency.toUpperCase() : '',
    };
  }
  return undefined;
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
      ...costGivenBack(storedLineCost(l)),
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

const costOf = (cost: number | undefined) => (cost === undefined ? {} : { cost });
const paymentFee = (order: WcOrder) => {
  const fee = paymentFeeOf(order);
  return fee ? { paymentFee: fee } : {};
};

/** A refund line's stored cost (negative, as the shop sends it) as the cost given back. */
const costGivenBack = (cost: number | undefined) =>
  cost === undefined ? {} : { cost: Math.abs(cost) };

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
      ...costOf(storedLineCost(l)),
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
    paymentMethod: order.payment_method ?? '',
    paymentMethodTitle: order.payment_method_title ?? '',
    createdVia: order.created_via ?? '',
    attribution: attributionMeta(order.meta_data),
    ...paymentFee(order),
    refunds: [...refunds].sort((a, b) => a.id - b.id).map((r) => mapRefund(r, order)),
  };
}
