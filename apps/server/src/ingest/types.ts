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
}

export interface RefundInput {
  id: number;
  dateCreatedGmt: string;
  lines: RefundLineInput[];
  shipping: number;
  shippingTax: number;
  /**
   * Refunded beyond its lines and shipping, before tax, positive: an amount-only refund
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
  /** Tax per rate: items and shipping. */
  taxes: { rateId: number; tax: number; shippingTax: number }[];
  refunds: RefundInput[];
}
