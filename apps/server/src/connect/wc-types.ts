/** The fields of WooCommerce REST v3 records that Storelens reads (a shop sends many more). */

export interface WcLineItem {
  id: number;
  name: string;
  product_id: number;
  variation_id: number;
  quantity: number;
  subtotal: string;
  total: string;
  total_tax: string;
  meta_data?: { key: string; value: unknown }[];
  /** WooCommerce's own cost of goods (9.5+, when the feature is on): the line's, all units. */
  cost_of_goods_sold?: { value?: number | string | null };
}

export interface WcShippingLine {
  total: string;
  total_tax: string;
}

/** A line's tax of one rate (`taxes`); `total` unrounded, as the shop stores it. */
export interface WcItemTax {
  id: number;
  total: string | number;
  subtotal?: string | number;
}

/** A fee line (negative on a refund, with `_refunded_item_id` naming the order's fee). */
export interface WcFeeLine {
  id: number;
  name: string;
  tax_status?: string;
  total: string;
  total_tax: string;
  taxes?: WcItemTax[];
  meta_data?: { key: string; value: unknown }[];
}

export interface WcRefund {
  id: number;
  date_created_gmt: string;
  amount: string;
  line_items: WcLineItem[];
  shipping_lines?: WcShippingLine[];
  fee_lines?: WcFeeLine[];
}

/** A record's meta entry as the REST API sends it (`meta_data`). */
export interface WcMeta {
  key: string;
  value: unknown;
}

export interface WcOrder {
  id: number;
  parent_id: number;
  status: string;
  currency: string;
  date_created_gmt: string;
  date_modified_gmt: string;
  date_paid_gmt: string | null;
  date_completed_gmt: string | null;
  customer_id: number;
  billing: {
    email?: string;
    country?: string;
    state?: string;
    first_name?: string;
    last_name?: string;
    city?: string;
    postcode?: string;
  };
  line_items: WcLineItem[];
  tax_lines: { rate_id: number; tax_total: string; shipping_tax_total: string }[];
  shipping_lines: WcShippingLine[];
  fee_lines?: WcFeeLine[];
  coupon_lines: { code: string; discount: string }[];
  shipping_total: string;
  shipping_tax: string;
  total: string;
  total_tax: string;
  refunds: { id: number; total: string }[];
  payment_method?: string;
  payment_method_title?: string;
  created_via?: string;
  meta_data?: WcMeta[];
  /** WooCommerce's own cost of goods (9.5+): the order's total, the sum of its lines'. */
  cost_of_goods_sold?: { total_value?: number | string | null };
}

export interface WcProduct {
  id: number;
  name: string;
  slug: string;
  type: string;
  status: string;
  sku: string;
  description?: string;
  price: string;
  regular_price: string;
  sale_price: string;
  manage_stock: boolean | string;
  stock_quantity: number | null;
  stock_status: string;
  low_stock_amount?: number | null;
  downloadable: boolean;
  virtual: boolean;
  images?: { src: string }[];
  image?: { src: string } | null;
  average_rating?: string;
  rating_count?: number;
  total_sales?: number | string;
  date_created_gmt: string;
  date_modified_gmt: string;
  categories?: { id: number }[];
  attributes?: { id: number; option?: string; options?: string[] }[];
  downloads?: { id: string; name: string; file: string }[];
  meta_data?: WcMeta[];
  /**
   * WooCommerce's own cost of goods (9.5+, when the feature is on): `total_value` is the unit
   * cost in force (a variation's own, or its parent's plus its own when it adds to it).
   */
  cost_of_goods_sold?: {
    values?: { defined_value?: number | string | null; effective_value?: number | string | null }[];
    total_value?: number | string | null;
  };
}

export interface WcCustomer {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  username: string;
  date_created_gmt: string;
  date_modified_gmt: string | null;
  billing: { country?: string; state?: string; city?: string; postcode?: string };
}

export interface WcCoupon {
  id: number;
  code: string;
  amount: string;
  discount_type: string;
  date_created_gmt: string;
  date_modified_gmt: string;
  date_expires_gmt: string | null;
}

export interface WcTaxRate {
  id: number;
  country: string;
  state: string;
  rate: string;
  name: string;
  priority: number;
  compound: boolean;
  shipping: boolean;
  class: string;
}

export interface WcCategory {
  id: number;
  name: string;
  slug: string;
  parent: number;
  description: string;
}

export interface WcAttribute {
  id: number;
  name: string;
  slug: string;
}

export interface WcTerm {
  id: number;
  name: string;
  slug: string;
  menu_order: number;
}

export interface WcWebhook {
  id: number;
  topic: string;
  status: 'active' | 'paused' | 'disabled';
  delivery_url: string;
}
