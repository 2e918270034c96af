import type { OrderStatus } from '@storelens/api';

/** All money fields are integer 1/10000 units (see money.ts); dates are GMT 'YYYY-MM-DD HH:MM:SS'. */
export interface OrderLineInput {
  id: number;
  productId: number;
  /** 0 unless the line is a variation. */
  variationId: number;
  name: string;
  quantity: number;
  /** Before discounts. */
  subtotal: number;
  /** After discounts, before tax. */
  total: number;
  tax: number;
  /**
   * The line's cost of goods as the shop stored it on the line, all units (absent: none; the
   * product's cost on the order's date is taken, see `product_costs`).
   */
  cost?: number;
}

export interface RefundLineInput {
  id: number;
  /** The order line refunded. */
  orderItemId: number;
  /** Quantity refunded, positive. */
  quantity: number;
  /** Amount refunded before tax, positive. */
  total: number;
  tax: number;
  /**
   * Cost of the units given back, positive, as the shop stored it on the refund's line
   * (absent: the order line's cost for the quantity refunded).
   */
  cost?: number;
}

/** Tax of one rate on a fee line (items' taxes per rate are the order's `taxes`). */
export interface FeeTaxInput {
  rateId: number;
  tax: number;
}

/**
 * A fee line of an order (WooCommerce's `fee_lines`): a cash-on-delivery surcharge, gift
 * wrapping, or a negative fee a plugin adds as a discount. It belongs to no product: it counts
 * in the order's net sales, taxes and total, never in a product's, variation's or category's.
 */
export interface OrderFeeInput {
  id: number;
  name: string;
  /** Before tax; negative for a negative fee. */
  total: number;
  /** Its tax, all rates (also in the order's `taxes`, per rate). */
  tax: number;
  /** Its tax per rate (sums to `tax`); empty for an untaxed fee. */
  taxes: FeeTaxInput[];
}

/** A fee given back by a refund, as `RefundLineInput` for lines: amounts positive. */
export interface RefundFeeInput {
  id: number;
  /** The order's fee line refunded (0 when the shop does not say). */
  orderFeeId: number;
  name: string;
  /** Amount given back before tax, positive (negative when a negative fee is taken back). */
  total: number;
  tax: number;
  /** Tax given back per rate; empty when the shop does not say (shared as the order's). */
  taxes: FeeTaxInput[];
}

export interface RefundInput {
  id: number;
  dateCreatedGmt: string;
  lines: RefundLineInput[];
  shipping: number;
  shippingTax: number;
  /** Fees given back (absent: none). */
  fees?: RefundFeeInput[];
  /**
   * Refunded beyond its lines, fees and shipping, before tax, positive: an amount-only refund
   * (WooCommerce lets a refund name just an amount), or the rest of an amount larger than
   * its lines. Counts in the refund's net total; no product is credited with it.
   */
  extra?: number;
}

export interface OrderInput {
  id: number;
  status: OrderStatus;
  currency: string;
  /** Analytics customer id (registered or guest); 0 when the buyer is unknown. */
  customerId: number;
  dateCreatedGmt: string;
  datePaidGmt: string | null;
  dateCompletedGmt: string | null;
  billing: { country: string; state: string; email: string };
  lines: OrderLineInput[];
  shipping: number;
  shippingTax: number;
  coupons: { couponId: number; code: string; discount: number }[];
  /**
   * Tax per rate, as WooCommerce's tax lines: `tax` on items and fees, `shippingTax` on
   * shipping.
   */
  taxes: { rateId: number; tax: number; shippingTax: number }[];
  /** Fee lines (absent: none). */
  fees?: OrderFeeInput[];
  /** The gateway's id and title (`payment_method`, `payment_method_title`; absent: none). */
  paymentMethod?: string;
  paymentMethodTitle?: string;
  /** Where the order was made (`created_via`: checkout, admin, rest-api, pos…). */
  createdVia?: string;
  /**
   * The order's `_wc_order_attribution_*` meta, unprefixed (`source_type`, `utm_source`…), as
   * the shop stored it; absent or empty: unknown (`attributionRow` normalises it).
   */
  attribution?: Record<string, string>;
  /** The payment gateway's fee (absent: none known). */
  paymentFee?: PaymentFeeInput;
  refunds: RefundInput[];
}

/**
 * The fee a payment gateway kept on an order, from its meta: `fee` charged, `refunded` the
 * part given back on refunds (both positive), in `currency` (the gateway's; '' when it does
 * not say, the order's).
 */
export interface PaymentFeeInput {
  fee: number;
  refunded: number;
  currency: string;
}
