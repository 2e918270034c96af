/*
 * A WooCommerce shop on loopback for tests and the bench: the wc/v3 REST shapes the connector
 * reads (site index, system status, settings, catalog, customers, coupons, taxes, orders and
 * their refunds, webhooks), its paging headers, its authentication rules (OAuth 1.0a over
 * plain http, Basic only where allowed), webhooks it signs and delivers, and faults switched
 * on at will. Money is kept in the shop's minor units and sent as decimal strings, so its own
 * totals are exact and independent of the connector's arithmetic.
 */

import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Random } from '../src/demo/random';

export interface SimOptions {
  key?: string;
  secret?: string;
  /** A read-only key: writes (webhooks) are refused. */
  readOnly?: boolean;
  /** Accept Basic auth and query-string keys over http (as behind a TLS-terminating proxy). */
  allowBasicOverHttp?: boolean;
  name?: string;
  version?: string;
  currency?: string;
  decimals?: number;
  timezone?: string;
  /**
   * The shop's offset from GMT in hours (default 1, with Europe/Paris): its local dates, and
   * how it reads `modified_after` sent without `dates_are_gmt=true` (as a local time, as
   * WooCommerce does).
   */
  utcOffsetHours?: number;
  startOfWeek?: number;
  /** false: answers as a site that is not WordPress. */
  wordpress?: boolean;
  /** false: WordPress without WooCommerce's REST API. */
  woocommerce?: boolean;
  seed?: number;
  /**
   * false: orders without fee lines. By default some carry fees (a taxed cash-on-delivery
   * surcharge, taxed gift wrapping, a negative loyalty fee), drawn from a random stream of
   * their own so the rest of the shop is the one the seed always gave.
   */
  fees?: boolean;
  /**
   * false: orders without the facts beside their money. By default each order has a payment
   * method, a `created_via`, attribution meta on most checkout orders, a gateway's fee meta on
   * paid card and PayPal orders, and costs of goods on its lines (most products have a cost,
   * WooCommerce's own or the Cost of Goods extension's), from a random stream of their own.
   */
  facts?: boolean;
}

/** Where an order came from, as the shop stores it, with what WooCommerce would show. */
export interface SimAttribution {
  /** `_wc_order_attribution_*` meta, unprefixed, as the shop stores it. */
  meta: Record<string, string>;
  /** The source type and origin label WooCommerce shows for it. */
  sourceType: string;
  origin: string;
}

/** A gateway's fee: `fee` charged and `back` given back on refunds, in minor units. */
export interface SimGatewayFee {
  gateway: 'stripe' | 'wcpay' | 'ppcp';
  fee: number;
  back: number;
  currency: string;
}

/** A fault applied to one request. */
export type Fault = 429 | 500 | 502 | 503 | 504 | 'hang';

interface SimLine {
  id: number;
  product_id: number;
  variation_id: number;
  name: string;
  qty: number;
  subtotal: number;
  total: number;
  tax: number;
  /** The cost WooCommerce stored on the line (all units), null when none was stored. */
  cost: number | null;
  /** Stored as WooCommerce's own COGS value or as the Cost of Goods extension's meta. */
  costKind: 'cogs' | 'wc_cog';
}
/** A fee line: `total` before tax (negative for a negative fee), its tax at the order's rate. */
interface SimFee {
  id: number;
  name: string;
  total: number;
  tax: number;
  taxable: boolean;
}
interface SimRefund {
  id: number;
  created: number;
  amount: number;
  lines: {
    id: number;
    item: number;
    qty: number;
    total: number;
    tax: number;
    /** The cost of the units given back (positive) as stored on the refund's line, or null. */
    cost: number | null;
  }[];
  /** Fees given back: the order's fee `item`, amounts as given back (positive). */
  fees: { id: number; item: number; total: number; tax: number }[];
  shipping: number;
  shippingTax: number;
}
export interface SimOrder {
  id: number;
  status: string;
  previousStatus: string;
  currency: string;
  customer_id: number;
  email: string;
  country: string;
  state: string;
  created: number;
  modified: number;
  paid: number | null;
  completed: number | null;
  lines: SimLine[];
  shipping: number;
  shippingTax: number;
  rateId: number;
  ratePermille: number;
  coupon: { code: string; discount: number } | null;
  fees: SimFee[];
  refunds: SimRefund[];
  paymentMethod: string;
  paymentTitle: string;
  createdVia: string;
  attribution: SimAttribution | null;
  gatewayFee: SimGatewayFee | null;
}
interface SimProduct {
  id: number;
  parent: number;
  name: string;
  type: 'simple' | 'variable' | 'variation';
  price: number;
  categories: number[];
  modified: number;
  /** In the trash: `status=any` leaves it out, `status=trash` lists it. */
  deleted: boolean;
  /** Its unit cost over time (minor units; null: none), oldest first, `from` in ms. */
  costs: { from: number; cost: number | null }[];
  /** Sent as WooCommerce's own `cost_of_goods_sold` or as the extension's `_wc_cog_cost`. */
  costKind: 'cogs' | 'wc_cog';
  /** Its stock, once changed through the REST API (`PUT products/…`); else 10, managed. */
  stock?: { manage: boolean; quantity: number | null; low: number | null };
}
interface SimWebhook {
  id: number;
  topic: string;
  delivery_url: string;
  secret: string;
  status: 'active' | 'paused' | 'disabled';
  failures: number;
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/** RFC 3986 encoding, written apart from the connector's so the two check each other. */
const enc = (s: string) =>
  encodeURIComponent(s).replace(
    /[!*'()]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

export class WooSimulator {
  readonly opts: Required<SimOptions>;
  private server: Server | undefined;
  url = '';
  readonly rnd: Random;
  /** The fees' random stream (`SimOptions.fees`). */
  private readonly feeRnd: Random;
  /** The order facts' random stream (`SimOptions.facts`). */
  private readonly factRnd: Random;
  /** Orders created before this carry no cost on their lines (COGS turned on later). */
  costsStoredFrom = Date.UTC(2024, 2, 1);

  /** Faults for the next requests, in order; `every` adds one every n-th request. */
  faults: Fault[] = [];
  every: { n: number; fault: Fault } | null = null;
  /**
   * Once a request whose path contains `path` has been answered, every request fails with
   * `fault` (`every` is set): an outage that starts at a known point of an import, however
   * fast or slow the import runs.
   */
  outageAfter: { path: string; fault: Fault } | null = null;
  retryAfterSeconds = 1;
  slowMs = 0;
  /** Changes are made but no webhook is sent (a shop whose deliveries are lost). */
  muteWebhooks = false;

  requests = 0;
  /** Stock changes the shop took through its REST API, in order. */
  readonly stockWrites: {
    id: number;
    manage: boolean;
    quantity: number | null;
    low: number | null;
  }[] = [];
  inFlight = 0;
  maxInFlight = 0;
  readonly nonces = new Set<string>();
  readonly log: string[] = [];

  readonly categories = [
    { id: 15, name: 'Clothing', slug: 'clothing', parent: 0 },
    { id: 16, name: 'Shirts', slug: 'shirts', parent: 15 },
    { id: 17, name: 'Music', slug: 'music', parent: 0 },
  ];
  readonly attributes = [{ id: 1, name: 'Color', slug: 'pa_color' }];
  readonly terms = [
    { id: 30, name: 'Red', slug: 'red', menu_order: 0 },
    { id: 31, name: 'Blue', slug: 'blue', menu_order: 1 },
  ];
  readonly taxRates = [
    { id: 1, country: 'US', state: 'CA', rate: '7.2500', permille: 72.5, name: 'CA Tax' },
    { id: 2, country: 'US', state: 'NY', rate: '4.0000', permille: 40, name: 'NY Tax' },
  ];
  readonly coupons = [
    { id: 501, code: 'save10', type: 'percent', amount: 10 },
    { id: 502, code: 'five', type: 'fixed_cart', amount: 5 },
  ];
  readonly products = new Map<number, SimProduct>();
  readonly customers = new Map<
    number,
    { id: number; email: string; state: string; modified: number }
  >();
  readonly orders = new Map<number, SimOrder>();
  readonly webhooks = new Map<number, SimWebhook>();
  private nextPost = 1000;
  private nextItem = 1;
  private nextWebhook = 1;
  private pending = new Set<Promise<unknown>>();
  /** Filtered order lists by query, dropped whenever an order changes. */
  private readonly orderLists = new Map<string, SimOrder[]>();
  /** Products by id, sorted once per change of the set (a 20,000-product catalog is paged). */
  private productList: SimProduct[] | undefined;

  /** The shop's offset from GMT, in milliseconds. */
  private get offsetMs(): number {
    return this.opts.utcOffsetHours * 3_600_000;
  }

  constructor(options: SimOptions = {}) {
    this.opts = {
      key: 'ck_test',
      secret: 'cs_test',
      readOnly: false,
      allowBasicOverHttp: false,
      name: 'Simulated Shop',
      version: '9.4.2',
      currency: 'USD',
      decimals: 2,
      timezone: 'Europe/Paris',
      utcOffsetHours: 1,
      startOfWeek: 0,
      wordpress: true,
      woocommerce: true,
      seed: 7,
      fees: true,
      facts: true,
      ...options,
    };
    this.rnd = new Random(this.opts.seed);
    this.feeRnd = new Random(this.opts.seed ^ 0x0fee5eed);
    this.factRnd = new Random(this.opts.seed ^ 0x0c057ed);
    const at = Date.UTC(2024, 0, 1);
    for (let i = 0; i < 12; i++) {
      const id = 100 + i;
      const variable = i % 4 === 3;
      this.products.set(id, {
        id,
        parent: 0,
        name: `Product ${i}`,
        type: variable ? 'variable' : 'simple',
        price: 500 + 137 * i,
        categories: i % 2 ? [15, 16] : [17],
        modified: at,
        deleted: false,
        // Five in six products have a cost (about 40% of the price); every third one is kept
        // by the Cost of Goods extension.
        costs: [{ from: 0, cost: i % 6 === 5 ? null : 200 + 53 * i }],
        costKind: i % 3 === 2 ? 'wc_cog' : 'cogs',
      });
      if (variable) {
        for (const [k, color] of ['Red', 'Blue'].entries()) {
          const vid = 200 + i * 2 + k;
          this.products.set(vid, {
            id: vid,
            parent: id,
            name: `Product ${i} - ${color}`,
            type: 'variation',
            price: 500 + 137 * i + 100 * k,
            categories: [],
            modified: at,
            deleted: false,
            // Red has a cost of its own; Blue has none and takes its product's.
            costs: [{ from: 0, cost: k === 0 ? 250 + 53 * i : null }],
            costKind: i % 3 === 2 ? 'wc_cog' : 'cogs',
          });
        }
      }
    }
    for (let id = 1; id <= 25; id++) {
      this.customers.set(id, {
        id,
        email: `customer${id}@example.com`,
        state: ['CA', 'NY', 'TX'][id % 3]!,
        modified: at,
      });
    }
  }

  /** Adds `count` simple products (a large catalog), ids from 100,000 up. */
  addProducts(count: number, at = Date.UTC(2024, 0, 2)): void {
    const first = 100_000 + this.products.size;
    this.productList = undefined;
    for (let i = 0; i < count; i++) {
      const id = first + i;
      this.products.set(id, {
        id,
        parent: 0,
        name: `Catalog product ${id}`,
        type: 'simple',
        price: 100 + (id % 5000),
        categories: id % 2 ? [15, 16] : [17],
        modified: at,
        deleted: false,
        costs: [{ from: 0, cost: null }],
        costKind: 'cogs',
      });
    }
  }

  /** Minor units per currency unit. */
  private get unit() {
    return 10 ** this.opts.decimals;
  }

  money(minor: number): string {
    const sign = minor < 0 ? '-' : '';
    const abs = Math.abs(minor);
    const whole = Math.floor(abs / this.unit);
    const fraction = String(abs % this.unit).padStart(this.opts.decimals, '0');
    return this.opts.decimals > 0 ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error) => {
        res.statusCode = 500;
        res.end(JSON.stringify({ code: 'internal', message: String(error) }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    await this.flush();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** Waits for the webhook deliveries sent so far. */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  // ---------------------------------------------------------------- generated orders

  /** Generates `count` orders over the year before `end`, of every kind a shop has. */
  generate(count: number, end = Date.UTC(2024, 5, 30)): void {
    for (let i = 0; i < count; i++) {
      const created = end - 365 * DAY + Math.floor(this.rnd.next() * 365 * DAY);
      this.makeOrder(Math.floor(created / 1000) * 1000);
    }
  }

  private makeOrder(created: number, only?: number): SimOrder {
    const r = this.rnd;
    const guest = r.chance(0.3);
    const customerId = guest ? 0 : r.int(1, this.customers.size);
    const state = guest ? r.pick(['CA', 'NY', 'TX']) : this.customers.get(customerId)!.state;
    const email = guest
      ? `guest${r.int(1, 40)}@example.org`
      : this.customers.get(customerId)!.email;
    const rate = this.taxRates.find((t) => t.state === state);
    const sellable = [...this.products.values()].filter(
      (p) => p.type !== 'variable' && (only === undefined || p.id === only),
    );
    const lines: SimLine[] = [];
    for (let n = r.int(1, 3); n > 0; n--) {
      const p = r.pick(sellable);
      if (lines.some((l) => (l.variation_id || l.product_id) === p.id)) continue;
      const qty = r.int(1, 3);
      const deleted = r.chance(0.02);
      lines.push({
        id: this.nextItem++,
        product_id: deleted ? 0 : p.parent || p.id,
        variation_id: deleted ? 0 : p.parent ? p.id : 0,
        name: p.name,
        qty,
        subtotal: p.price * qty,
        total: p.price * qty,
        tax: 0,
        ...this.storedCost(p, qty, created),
      });
    }
    let coupon: SimOrder['coupon'] = null;
    if (r.chance(0.15)) {
      const c = r.pick(this.coupons);
      let discount = 0;
      const subtotal = lines.reduce((a, l) => a + l.subtotal, 0);
      for (const l of lines) {
        const share =
          c.type === 'percent'
            ? Math.round((l.subtotal * c.amount) / 100)
            : Math.round((Math.min(c.amount * this.unit, subtotal) * l.subtotal) / subtotal);
        l.total = l.subtotal - share;
        discount += share;
      }
      coupon = { code: c.code, discount };
    }
    const permille = rate?.permille ?? 0;
    for (const l of lines) l.tax = Math.round((l.total * permille) / 1000);
    const shipping = r.chance(0.6) ? 5 * this.unit : 0;
    const fees = this.opts.fees ? this.makeFees(lines, shipping, permille) : [];
    const status = r.weighted<string>([
      ['completed', 60],
      ['processing', 12],
      ['on-hold', 4],
      ['pending', 6],
      ['cancelled', 5],
      ['failed', 3],
      ['shipped', 5],
      ['refunded', 5],
    ]);
    const paid = ['pending', 'failed', 'cancelled'].includes(status) ? null : created + 60_000;
    const order: SimOrder = {
      id: this.nextPost++,
      status,
      previousStatus: status,
      currency: r.chance(0.02) ? 'EUR' : this.opts.currency,
      customer_id: customerId,
      email,
      country: 'US',
      state,
      created,
      modified: created + 120_000,
      paid,
      completed: status === 'completed' || status === 'refunded' ? created + 2 * DAY : null,
      lines,
      shipping,
      shippingTax: Math.round((shipping * permille) / 1000),
      rateId: rate?.id ?? 0,
      ratePermille: permille,
      coupon,
      fees,
      refunds: [],
      ...this.makeFacts(paid !== null),
    };
    this.orders.set(order.id, order);
    this.orderLists.clear();
    if (status === 'refunded') this.addRefund(order, 'all', created + 3 * DAY);
    else if (status === 'completed' && r.chance(0.06))
      this.addRefund(order, 'one', created + r.int(1, 300) * DAY);
    else if (status === 'completed' && r.chance(0.03))
      this.addRefund(order, 'amount', created + 5 * DAY);
    return order;
  }

  /**
   * The fee lines of a new order, as WooCommerce's calculate_totals() leaves them: a taxed
   * 2.00 cash-on-delivery surcharge on 12% of the orders, taxed 3.50 gift wrapping on 6%, a
   * negative loyalty fee of 5% of the items on 5% (taxed half of the time), capped at the
   * order's items, earlier fees and shipping as WooCommerce caps a negative fee; the tax at
   * the order's rate, computed after the cap.
   */
  private makeFees(lines: readonly SimLine[], shipping: number, permille: number): SimFee[] {
    const r = this.feeRnd;
    const cart = lines.reduce((a, l) => a + l.total, 0);
    const wanted: [string, number, boolean][] = [];
    if (r.chance(0.12)) wanted.push(['Cash on delivery fee', 2 * this.unit, true]);
    if (r.chance(0.06)) wanted.push(['Gift wrapping', Math.round(3.5 * this.unit), true]);
    if (r.chance(0.05))
      wanted.push(['Loyalty discount', -Math.max(1, Math.round(cart / 20)), r.chance(0.5)]);
    const fees: SimFee[] = [];
    let feesTotal = 0;
    for (const [name, amount, taxable] of wanted) {
      let total = amount;
      const maxDiscount = -(cart + feesTotal + shipping);
      if (total < 0 && total < maxDiscount && maxDiscount < 0) total = maxDiscount;
      feesTotal += total;
      fees.push({
        id: this.nextItem++,
        name,
        total,
        tax: taxable ? Math.round((total * permille) / 1000) : 0,
        taxable,
      });
    }
    return fees;
  }

  /**
   * A refund: every line, fee and the shipping; one unit of one line; an amount without
   * lines; or the order's first positive fee (a surcharge given back).
   */
  private addRefund(
    order: SimOrder,
    kind: 'all' | 'one' | 'amount' | 'fee',
    at: number,
    amount = 0,
  ): SimRefund {
    const refund: SimRefund = {
      id: this.nextPost++,
      created: at,
      amount: 0,
      lines: [],
      fees: [],
      shipping: 0,
      shippingTax: 0,
    };
    if (kind === 'all') {
      for (const l of order.lines)
        refund.lines.push({
          id: this.nextItem++,
          item: l.id,
          qty: l.qty,
          total: l.total,
          tax: l.tax,
          cost: l.cost,
        });
      for (const f of order.fees)
        refund.fees.push({ id: this.nextItem++, item: f.id, total: f.total, tax: f.tax });
      refund.shipping = order.shipping;
      refund.shippingTax = order.shippingTax;
    } else if (kind === 'fee') {
      const f = order.fees.find((x) => x.total > 0);
      if (!f) throw new Error(`order ${order.id} has no fee to give back`);
      refund.fees.push({ id: this.nextItem++, item: f.id, total: f.total, tax: f.tax });
    } else if (kind === 'one') {
      const l = order.lines[0]!;
      refund.lines.push({
        id: this.nextItem++,
        item: l.id,
        qty: 1,
        total: Math.round(l.total / l.qty),
        tax: Math.round(l.tax / l.qty),
        // Half of the shops store the cost on the refund's line; else it is left to the order's.
        cost: l.cost !== null && this.factRnd.chance(0.5) ? l.cost / l.qty : null,
      });
    }
    refund.amount =
      kind === 'amount'
        ? amount || Math.max(1, Math.floor(this.orderTotal(order) / 4))
        : refund.lines.reduce((a, x) => a + x.total + x.tax, 0) +
          refund.fees.reduce((a, x) => a + x.total + x.tax, 0) +
          refund.shipping +
          refund.shippingTax;
    order.refunds.push(refund);
    order.modified = Math.max(order.modified, at);
    // Stripe and PayPal give back the percentage part of their fee on the amount refunded
    // (WooPayments gives nothing back).
    const g = order.gatewayFee;
    if (g && g.gateway !== 'wcpay')
      g.back += Math.round((refund.amount * (g.gateway === 'stripe' ? 29 : 349)) / 10_000);
    return refund;
  }

  /** A product's unit cost at a time (its variation's, else its product's), or null. */
  costAt(p: SimProduct, at: number): number | null {
    const own = [...p.costs].reverse().find((c) => c.from <= at)?.cost ?? null;
    if (own !== null || !p.parent) return own;
    return this.costAt(this.products.get(p.parent)!, at);
  }

  /** The cost a new line stores: the product's times the quantity, once COGS is on. */
  private storedCost(p: SimProduct, qty: number, created: number) {
    const costKind = (this.products.get(p.parent)?.costKind ?? p.costKind) as SimLine['costKind'];
    if (!this.opts.facts || created < this.costsStoredFrom) return { cost: null, costKind };
    const unit = this.costAt(p, created);
    return { cost: unit === null ? null : unit * qty, costKind };
  }

  /**
   * A new order's payment method, channel, attribution and gateway fee: card payments through
   * Stripe (2.9% + 0.30) or WooPayments (2.9% + 0.30), PayPal (3.49% + 0.49), cash on delivery
   * and bank transfers (no fee); mostly checkout, some admin, REST and POS orders; checkout
   * orders mostly attributed (organic, referral, campaigns, direct), the rest unknown.
   */
  private makeFacts(paid: boolean) {
    const r = this.factRnd;
    if (!this.opts.facts)
      return {
        paymentMethod: 'cod',
        paymentTitle: '',
        createdVia: '',
        attribution: null,
        gatewayFee: null,
      };
    const [paymentMethod, paymentTitle] = r.weighted<[string, string]>([
      [['stripe', 'Credit Card (Stripe)'], 50],
      [['woocommerce_payments', 'Credit card / debit card'], 10],
      [['ppcp-gateway', 'PayPal'], 20],
      [['cod', 'Cash on delivery'], 12],
      [['bacs', 'Direct bank transfer'], 8],
    ]);
    const createdVia = r.weighted<string>([
      ['checkout', 85],
      ['admin', 8],
      ['rest-api', 4],
      ['pos', 3],
    ]);
    let attribution: SimAttribution | null = null;
    if (createdVia === 'admin')
      attribution = { meta: { source_type: 'admin' }, sourceType: 'admin', origin: 'Web admin' };
    else if (createdVia === 'checkout' && r.chance(0.8)) {
      const device = r.pick(['Mobile', 'Desktop', 'Tablet']);
      const session = {
        session_entry: 'https://shop.example/product/tee/',
        session_start_time: '2024-05-01 10:00:00',
        session_pages: String(r.int(1, 12)),
        session_count: String(r.int(1, 4)),
        user_agent: device === 'Mobile' ? 'Mozilla/5.0 (iPhone) Mobile' : 'Mozilla/5.0 (X11)',
        device_type: device,
      };
      attribution = r.weighted<SimAttribution>([
        [
          {
            meta: {
              source_type: 'organic',
              referrer: 'https://www.google.com/',
              utm_source: 'google',
              ...session,
            },
            sourceType: 'organic',
            origin: 'Organic: Google',
          },
          30,
        ],
        [
          {
            meta: {
              source_type: 'referral',
              referrer: 'https://facebook.com/',
              utm_source: 'facebook.com',
              utm_medium: 'referral',
              ...session,
            },
            sourceType: 'referral',
            origin: 'Referral: Facebook.com',
          },
          15,
        ],
        [
          {
            meta: {
              source_type: 'utm',
              utm_source: 'Newsletter',
              utm_medium: 'Email',
              utm_campaign: 'Spring_Sale',
              utm_content: 'hero',
              utm_id: '42',
              utm_term: 'tee',
              utm_source_platform: '(none)',
              ...session,
            },
            sourceType: 'utm',
            origin: 'Source: Newsletter',
          },
          25,
        ],
        [
          {
            meta: { source_type: 'typein', utm_source: '(direct)', ...session },
            sourceType: 'typein',
            origin: 'Direct',
          },
          30,
        ],
      ]);
    }
    let gatewayFee: SimGatewayFee | null = null;
    // The fee is set when the payment is taken, from the order's total (see `settleFee`).
    if (paid && paymentMethod !== 'cod' && paymentMethod !== 'bacs')
      gatewayFee = {
        gateway:
          paymentMethod === 'stripe'
            ? 'stripe'
            : paymentMethod === 'ppcp-gateway'
              ? 'ppcp'
              : 'wcpay',
        fee: 0,
        back: 0,
        currency: this.opts.currency,
      };
    return { paymentMethod, paymentTitle, createdVia, attribution, gatewayFee };
  }

  /** The gateway's fee on an order's total: Stripe and WooPayments 2.9% + 0.30, PayPal 3.49% + 0.49. */
  gatewayFeeOf(o: SimOrder): number {
    const g = o.gatewayFee;
    if (!g) return 0;
    const [bp, fixed] = g.gateway === 'ppcp' ? [349, 0.49] : [290, 0.3];
    return Math.round((this.orderTotal(o) * bp) / 10_000) + Math.round(fixed * this.unit);
  }

  /** Each line's cost as the shop knows it, and each refund line's (positive, given back). */
  costsOf(o: SimOrder): {
    lines: Map<number, number | null>;
    refundLines: Map<number, number | null>;
  } {
    const lines = new Map<number, number | null>();
    for (const l of o.lines) {
      if (l.cost !== null) lines.set(l.id, l.cost);
      else {
        const p = this.products.get(l.variation_id || l.product_id);
        const unit = p ? this.costAt(p, o.created) : null;
        lines.set(l.id, unit === null ? null : unit * l.qty);
      }
    }
    const refundLines = new Map<number, number | null>();
    for (const r of o.refunds)
      for (const x of r.lines) {
        const line = o.lines.find((l) => l.id === x.item)!;
        const cost = lines.get(line.id) ?? null;
        refundLines.set(x.id, x.cost ?? (cost === null ? null : (cost * x.qty) / line.qty));
      }
    return { lines, refundLines };
  }

  /**
   * Changes a product's cost from now on (null: none): `product.updated` is sent, and orders
   * made from then store the new cost.
   */
  setProductCost(id: number, cost: number | null): void {
    const p = this.products.get(id)!;
    p.modified = Math.max(Math.floor(Date.now() / 1000) * 1000, p.modified + 1000);
    p.costs.push({ from: p.modified, cost });
    this.productList = undefined;
    this.emit('product.updated', this.productJson(p));
  }

  /**
   * `PUT products/{id}` or `products/{parent}/variations/{id}` with stock fields: the product
   * changes, `product.updated` is sent, and the answer is the product as it is now. A trashed or
   * unknown product, or a variation of another parent, is 404 as in WooCommerce.
   */
  private editStock(
    match: RegExpMatchArray,
    raw: string,
    send: (status: number, body: unknown) => void,
    error: (status: number, code: string, message: string) => void,
  ) {
    const variation = match[2] !== undefined;
    const p = this.products.get(Number(variation ? match[2] : match[1]));
    if (!p || p.deleted || (variation && p.parent !== Number(match[1])))
      return error(404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.');
    const body = JSON.parse(raw || '{}') as {
      manage_stock?: boolean;
      stock_quantity?: number | null;
      low_stock_amount?: number | null;
    };
    const before = p.stock ?? { manage: true, quantity: 10, low: null };
    const manage = body.manage_stock ?? before.manage;
    p.stock = {
      manage,
      quantity: manage ? (body.stock_quantity ?? before.quantity) : null,
      low: body.low_stock_amount === undefined ? before.low : body.low_stock_amount,
    };
    this.stockWrites.push({ id: p.id, ...p.stock });
    p.modified = Math.max(Math.floor(Date.now() / 1000) * 1000, p.modified + 1000);
    this.productList = undefined;
    const json = this.productJson(p);
    this.emit('product.updated', json);
    return send(200, json);
  }

  /** The order's total as calculate_totals() makes it: items, fees, shipping and their tax. */
  orderTotal(o: SimOrder): number {
    return (
      o.lines.reduce((a, l) => a + l.total + l.tax, 0) +
      o.fees.reduce((a, f) => a + f.total + f.tax, 0) +
      o.shipping +
      o.shippingTax
    );
  }

  /** The order's tax (`total_tax`): items and fees per update_taxes(), and shipping. */
  orderTax(o: SimOrder): number {
    return (
      o.lines.reduce((a, l) => a + l.tax, 0) + o.fees.reduce((a, f) => a + f.tax, 0) + o.shippingTax
    );
  }

  /** A refund's tax: that of the lines and fees it gives back, and of its shipping. */
  refundTax(r: SimRefund): number {
    return (
      r.lines.reduce((a, l) => a + l.tax, 0) + r.fees.reduce((a, f) => a + f.tax, 0) + r.shippingTax
    );
  }

  // ---------------------------------------------------------------- the shop's own totals

  /**
   * What WooCommerce Analytics shows for all time, in minor units: orders not in `excluded`
   * statuses (nor trashed), their refunds netted. Net sales leave out tax and shipping.
   */
  totals(excluded: readonly string[] = ['pending', 'failed', 'cancelled']) {
    let orders = 0;
    let totalSales = 0;
    let net = 0;
    let refunds = 0;
    for (const row of this.statsRows(excluded)) {
      if (row.parent_id === 0) orders++;
      totalSales += row.total_sales;
      net += row.net_total;
      // Analytics counts as returns every row whose net is below zero (refunds, by their net
      // amount: tax and shipping left out).
      if (row.net_total < 0) refunds -= row.net_total;
    }
    return { orders_count: orders, total_sales: totalSales, net_revenue: net, refunds };
  }

  /**
   * The order stats rows WooCommerce Analytics writes (Orders/Stats/DataStore.php update()),
   * in minor units, of the orders not in `excluded` statuses (nor trashed) and their refunds:
   * total_sales the order's total (a refund's amount, negative), tax_total its total tax,
   * net_total = total − tax − shipping; `fees` the fee lines' total (Storelens's orders list).
   */
  statsRows(excluded: readonly string[] = ['pending', 'failed', 'cancelled']) {
    const rows: {
      order_id: number;
      parent_id: number;
      total_sales: number;
      tax_total: number;
      shipping_total: number;
      net_total: number;
      num_items_sold: number;
      fees: number;
    }[] = [];
    for (const o of this.orders.values()) {
      if (o.status === 'trash' || excluded.includes(o.status)) continue;
      const total = this.orderTotal(o);
      const tax = this.orderTax(o);
      rows.push({
        order_id: o.id,
        parent_id: 0,
        total_sales: total,
        tax_total: tax,
        shipping_total: o.shipping,
        net_total: total - tax - o.shipping,
        num_items_sold: o.lines.reduce((a, l) => a + l.qty, 0),
        fees: o.fees.reduce((a, f) => a + f.total, 0),
      });
      for (const r of o.refunds) {
        const refundTax = this.refundTax(r);
        rows.push({
          order_id: r.id,
          parent_id: o.id,
          total_sales: 0 - r.amount,
          tax_total: 0 - refundTax,
          shipping_total: 0 - r.shipping,
          net_total: -r.amount + refundTax + r.shipping,
          num_items_sold: 0 - r.lines.reduce((a, l) => a + l.qty, 0),
          fees: 0 - r.fees.reduce((a, f) => a + f.total, 0),
        });
      }
    }
    return rows;
  }

  /**
   * The Taxes report's rows per rate (the tax lookup WooCommerce writes from each order's and
   * refund's tax lines): tax on items and fees, on shipping, and the orders that have a row.
   */
  taxTotals(excluded: readonly string[] = ['pending', 'failed', 'cancelled']) {
    const out = new Map<
      number,
      { order_tax: number; shipping_tax: number; total_tax: number; orders_count: number }
    >();
    for (const o of this.orders.values()) {
      if (o.status === 'trash' || excluded.includes(o.status) || !o.rateId) continue;
      const acc = out.get(o.rateId) ?? {
        order_tax: 0,
        shipping_tax: 0,
        total_tax: 0,
        orders_count: 0,
      };
      const add = (orderTax: number, shippingTax: number) => {
        acc.order_tax += orderTax;
        acc.shipping_tax += shippingTax;
        acc.total_tax += orderTax + shippingTax;
      };
      acc.orders_count++;
      add(this.orderTax(o) - o.shippingTax, o.shippingTax);
      for (const r of o.refunds) add(-(this.refundTax(r) - r.shippingTax), -r.shippingTax);
      out.set(o.rateId, acc);
    }
    return out;
  }

  /**
   * The Categories report's rows (Categories/DataStore.php: the product lookup joined to the
   * product's category links, whatever the product's status): per category, its products'
   * line quantities and net amounts (refund lines negative) and the orders with such lines.
   * Fees belong to no product. A line of a deleted product (id 0) is in no category.
   */
  categoryTotals(excluded: readonly string[] = ['pending', 'failed', 'cancelled']) {
    const out = new Map<number, { items_sold: number; net_revenue: number; orders: Set<number> }>();
    const categoriesOf = (productId: number) => this.products.get(productId)?.categories ?? [];
    for (const o of this.orders.values()) {
      if (o.status === 'trash' || excluded.includes(o.status)) continue;
      const add = (productId: number, qty: number, net: number, order: number | undefined) => {
        for (const c of categoriesOf(productId)) {
          const acc = out.get(c) ?? { items_sold: 0, net_revenue: 0, orders: new Set<number>() };
          acc.items_sold += qty;
          acc.net_revenue += net;
          if (order !== undefined) acc.orders.add(order);
          out.set(c, acc);
        }
      };
      for (const l of o.lines) add(l.product_id, l.qty, l.total, o.id);
      for (const r of o.refunds)
        for (const x of r.lines) {
          const line = o.lines.find((l) => l.id === x.item)!;
          add(line.product_id, -x.qty, -x.total, undefined);
        }
    }
    return new Map(
      [...out].map(([id, a]) => [
        id,
        { items_sold: a.items_sold, net_revenue: a.net_revenue, orders_count: a.orders.size },
      ]),
    );
  }

  // ---------------------------------------------------------------- changes in the shop

  private touch(o: SimOrder) {
    this.orderLists.clear();
    o.modified = Math.max(Date.now(), o.modified + 1000);
  }

  /** A new order now (of product `only`, when given); delivered as order.created. */
  newOrder(only?: number): SimOrder {
    const o = this.makeOrder(Math.floor(Date.now() / 1000) * 1000, only);
    o.modified = Date.now();
    this.emit('order.created', this.orderJson(o));
    return o;
  }

  setStatus(id: number, status: string): void {
    const o = this.orders.get(id)!;
    o.status = status;
    if (status === 'completed' && !o.completed) o.completed = Date.now();
    this.touch(o);
    this.emit('order.updated', this.orderJson(o));
  }

  refund(id: number, kind: 'all' | 'one' | 'amount' | 'fee', amount = 0): void {
    const o = this.orders.get(id)!;
    this.addRefund(o, kind, Date.now(), amount);
    if (kind === 'all') o.status = 'refunded';
    this.touch(o);
    this.emit('order.updated', this.orderJson(o));
  }

  /** Edits the first line: one more unit, tax recomputed. */
  editLine(id: number): void {
    const o = this.orders.get(id)!;
    const l = o.lines[0]!;
    const unit = Math.round(l.subtotal / l.qty);
    l.qty += 1;
    l.subtotal = unit * l.qty;
    l.total = l.subtotal;
    l.tax = Math.round((l.total * o.ratePermille) / 1000);
    this.touch(o);
    this.emit('order.updated', this.orderJson(o));
  }

  trash(id: number): void {
    const o = this.orders.get(id)!;
    o.previousStatus = o.status;
    o.status = 'trash';
    this.touch(o);
    this.emit('order.deleted', { id });
  }

  restore(id: number): void {
    const o = this.orders.get(id)!;
    o.status = o.previousStatus;
    this.touch(o);
    this.emit('order.restored', this.orderJson(o));
  }

  /**
   * Moves a product to the trash: `status=any` lists it no more, and product.deleted is sent
   * with its id alone (WooCommerce's topic hooks wp_trash_post; the payload of a `deleted`
   * event is `{ id }`). Its category links stay, as WordPress keeps a trashed post's terms.
   */
  trashProduct(id: number): void {
    const p = this.products.get(id)!;
    p.deleted = true;
    p.modified = Math.max(Date.now(), p.modified + 1000);
    this.productList = undefined;
    this.emit('product.deleted', { id });
  }

  /** Takes a product out of the trash: product.restored, with the product as its payload. */
  restoreProduct(id: number): void {
    const p = this.products.get(id)!;
    p.deleted = false;
    p.modified = Math.max(Date.now(), p.modified + 1000);
    this.productList = undefined;
    this.emit('product.restored', this.productJson(p));
  }

  /** Orders of this shop that count, for tests picking one. */
  find(test: (o: SimOrder) => boolean): SimOrder {
    const found = [...this.orders.values()].find(test);
    if (!found) throw new Error('no such order in the simulator');
    return found;
  }

  // ---------------------------------------------------------------- webhooks

  /** Sends a topic to the active webhooks that listen to it (unless muted). */
  emit(topic: string, payload: unknown): void {
    if (this.muteWebhooks) return;
    for (const w of this.webhooks.values()) {
      if (w.status !== 'active' || w.topic !== topic) continue;
      const body = JSON.stringify(payload);
      const p = this.send(w, topic, body, `${w.id}-${this.nextItem++}`).finally(() =>
        this.pending.delete(p),
      );
      this.pending.add(p);
    }
  }

  /** One delivery, signed as WooCommerce signs it; five failures in a row disable the webhook. */
  async send(
    w: SimWebhook,
    topic: string,
    body: string,
    deliveryId: string,
    signature?: string,
  ): Promise<number> {
    const [resource, event] = topic.split('.');
    try {
      const res = await fetch(w.delivery_url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-wc-webhook-source': `${this.url}/`,
          'x-wc-webhook-topic': topic,
          'x-wc-webhook-resource': resource!,
          'x-wc-webhook-event': event!,
          'x-wc-webhook-signature':
            signature ?? createHmac('sha256', w.secret).update(body).digest('base64'),
          'x-wc-webhook-id': String(w.id),
          'x-wc-webhook-delivery-id': deliveryId,
        },
        body,
      });
      await res.arrayBuffer();
      w.failures = res.ok ? 0 : w.failures + 1;
      if (w.failures > 5) w.status = 'disabled';
      return res.status;
    } catch {
      w.failures++;
      if (w.failures > 5) w.status = 'disabled';
      return 0;
    }
  }

  webhookFor(topic: string): SimWebhook | undefined {
    return [...this.webhooks.values()].find((w) => w.topic === topic);
  }

  // ---------------------------------------------------------------- JSON shapes

  orderJson(o: SimOrder) {
    const m = (v: number) => this.money(v);
    const local = (ms: number | null) => (ms === null ? null : iso(ms + this.offsetMs));
    const gmt = (ms: number | null) => (ms === null ? null : iso(ms));
    // The tax lines hold the items' and fees' tax (update_taxes()).
    const lineTax = this.orderTax(o) - o.shippingTax;
    return {
      id: o.id,
      parent_id: 0,
      number: String(o.id),
      status: o.status,
      currency: o.currency,
      version: this.opts.version,
      prices_include_tax: false,
      date_created: local(o.created),
      date_created_gmt: gmt(o.created),
      date_modified: local(o.modified),
      date_modified_gmt: gmt(o.modified),
      date_paid: local(o.paid),
      date_paid_gmt: gmt(o.paid),
      date_completed: local(o.completed),
      date_completed_gmt: gmt(o.completed),
      discount_total: m(o.coupon?.discount ?? 0),
      discount_tax: '0.00',
      shipping_total: m(o.shipping),
      shipping_tax: m(o.shippingTax),
      cart_tax: m(lineTax),
      total: m(this.orderTotal(o)),
      total_tax: m(this.orderTax(o)),
      customer_id: o.customer_id,
      billing: {
        first_name: 'Ada',
        last_name: 'Shopper',
        email: o.email,
        country: o.country,
        state: o.state,
        city: 'Town',
        postcode: '10001',
      },
      shipping: { first_name: 'Ada', last_name: 'Shopper', country: o.country, state: o.state },
      payment_method: o.paymentMethod,
      payment_method_title: o.paymentTitle,
      created_via: o.createdVia,
      meta_data: this.orderMeta(o),
      ...(this.opts.facts
        ? {
            cost_of_goods_sold: {
              total_value: o.lines
                .filter((l) => l.cost !== null && l.costKind === 'cogs')
                .reduce((a, l) => a + l.cost! / this.unit, 0),
            },
          }
        : {}),
      line_items: o.lines.map((l) => ({
        id: l.id,
        name: l.name,
        product_id: l.product_id,
        variation_id: l.variation_id,
        quantity: l.qty,
        tax_class: '',
        subtotal: m(l.subtotal),
        subtotal_tax: m(Math.round((l.subtotal * o.ratePermille) / 1000)),
        total: m(l.total),
        total_tax: m(l.tax),
        taxes: o.rateId ? [{ id: o.rateId, total: m(l.tax), subtotal: m(l.tax) }] : [],
        meta_data:
          l.cost !== null && l.costKind === 'wc_cog'
            ? [
                { id: l.id * 10, key: '_wc_cog_item_cost', value: m(l.cost / l.qty) },
                { id: l.id * 10 + 1, key: '_wc_cog_item_total_cost', value: m(l.cost) },
              ]
            : [],
        // WooCommerce's own value, a number, 0 when the product had no cost.
        ...(this.opts.facts
          ? { cost_of_goods_sold: { value: l.costKind === 'cogs' ? (l.cost ?? 0) / this.unit : 0 } }
          : {}),
        sku: '',
        price: l.total / l.qty / this.unit,
      })),
      tax_lines: o.rateId
        ? [
            {
              id: this.nextItem++,
              rate_code: `US-${o.state}-TAX-1`,
              rate_id: o.rateId,
              label: 'Tax',
              compound: false,
              tax_total: m(lineTax),
              shipping_tax_total: m(o.shippingTax),
              rate_percent: o.ratePermille / 10,
            },
          ]
        : [],
      shipping_lines: o.shipping
        ? [
            {
              id: this.nextItem++,
              method_title: 'Flat rate',
              method_id: 'flat_rate',
              total: m(o.shipping),
              total_tax: m(o.shippingTax),
            },
          ]
        : [],
      fee_lines: o.fees.map((f) => ({
        id: f.id,
        name: f.name,
        tax_class: '',
        tax_status: f.taxable ? 'taxable' : 'none',
        amount: m(f.total),
        total: m(f.total),
        total_tax: m(f.tax),
        taxes: o.rateId && f.taxable ? [{ id: o.rateId, total: m(f.tax), subtotal: '' }] : [],
        meta_data: [],
      })),
      coupon_lines: o.coupon
        ? [
            {
              id: this.nextItem++,
              code: o.coupon.code,
              discount: m(o.coupon.discount),
              discount_tax: '0.00',
            },
          ]
        : [],
      refunds: o.refunds.map((r) => ({ id: r.id, reason: '', total: m(-r.amount) })),
    };
  }

  /**
   * A refund as `orders/{id}/refunds` answers it: its items are the order's, negative, each
   * naming the item it gives back (`_refunded_item_id`), with its tax per rate; its tax lines
   * as update_taxes() makes them from those items.
   */
  refundJson(o: SimOrder, r: SimRefund) {
    const m = (v: number) => this.money(v);
    const itemTax = this.refundTax(r) - r.shippingTax;
    const taxes = (tax: number) =>
      o.rateId && tax ? [{ id: o.rateId, total: m(-tax), subtotal: m(-tax) }] : [];
    return {
      id: r.id,
      date_created: iso(r.created + this.offsetMs),
      date_created_gmt: iso(r.created),
      amount: m(r.amount),
      reason: '',
      refunded_by: 1,
      refunded_payment: false,
      meta_data: [],
      line_items: r.lines.map((x) => {
        const line = o.lines.find((l) => l.id === x.item)!;
        return {
          id: x.id,
          name: line.name,
          product_id: line.product_id,
          variation_id: line.variation_id,
          quantity: -x.qty,
          tax_class: '',
          subtotal: m(-x.total),
          subtotal_tax: m(-x.tax),
          total: m(-x.total),
          total_tax: m(-x.tax),
          taxes: taxes(x.tax),
          meta_data: [
            { id: x.id * 10, key: '_refunded_item_id', value: String(x.item) },
            ...(x.cost !== null && line.costKind === 'wc_cog'
              ? [{ id: x.id * 10 + 1, key: '_wc_cog_item_total_cost', value: m(-x.cost) }]
              : []),
          ],
          ...(x.cost !== null && line.costKind === 'cogs'
            ? { cost_of_goods_sold: { value: -x.cost / this.unit } }
            : {}),
        };
      }),
      shipping_lines: r.shipping
        ? [{ id: r.id * 10, total: m(-r.shipping), total_tax: m(-r.shippingTax) }]
        : [],
      fee_lines: r.fees.map((x) => {
        const fee = o.fees.find((f) => f.id === x.item)!;
        return {
          id: x.id,
          name: fee.name,
          tax_class: '',
          tax_status: fee.taxable ? 'taxable' : 'none',
          amount: m(-x.total),
          total: m(-x.total),
          total_tax: m(-x.tax),
          taxes: taxes(x.tax),
          meta_data: [{ id: x.id * 10, key: '_refunded_item_id', value: String(x.item) }],
        };
      }),
      tax_lines:
        o.rateId && (r.lines.length > 0 || r.fees.length > 0 || r.shipping)
          ? [
              {
                id: r.id * 10 + 1,
                rate_code: `US-${o.state}-TAX-1`,
                rate_id: o.rateId,
                label: 'Tax',
                compound: false,
                tax_total: m(-itemTax),
                shipping_tax_total: m(-r.shippingTax),
                rate_percent: o.ratePermille / 10,
              },
            ]
          : [],
    };
  }

  /**
   * An order's meta as the REST API sends it: the attribution meta (`_wc_order_attribution_`
   * prefix) and the gateway's fee meta (Stripe: `_stripe_fee` less what came back, in
   * `_stripe_currency`; WooPayments: `_wcpay_transaction_fee`; PayPal Payments:
   * `_ppcp_paypal_fees` and `_ppcp_paypal_refund_fees`).
   */
  orderMeta(o: SimOrder) {
    const meta: { id: number; key: string; value: unknown }[] = [];
    for (const [k, v] of Object.entries(o.attribution?.meta ?? {}))
      meta.push({ id: meta.length + 1, key: `_wc_order_attribution_${k}`, value: v });
    const g = o.gatewayFee;
    if (g) {
      const fee = this.gatewayFeeOf(o);
      const m = (v: number) => this.money(v);
      if (g.gateway === 'stripe') {
        meta.push({ id: 90, key: '_stripe_fee', value: m(fee - Math.min(fee, g.back)) });
        meta.push({ id: 91, key: '_stripe_net', value: m(this.orderTotal(o) - fee) });
        meta.push({ id: 92, key: '_stripe_currency', value: g.currency });
      } else if (g.gateway === 'wcpay') {
        meta.push({ id: 90, key: '_wcpay_transaction_fee', value: m(fee) });
      } else {
        const money = (v: number) => ({ currency_code: g.currency, value: m(v) });
        meta.push({
          id: 90,
          key: '_ppcp_paypal_fees',
          value: {
            gross_amount: money(this.orderTotal(o)),
            paypal_fee: money(fee),
            net_amount: money(this.orderTotal(o) - fee),
          },
        });
        if (g.back > 0)
          meta.push({
            id: 91,
            key: '_ppcp_paypal_refund_fees',
            value: { paypal_fee: money(Math.min(fee, g.back)) },
          });
      }
    }
    return meta;
  }

  /** The gateway's fee the shop keeps on an order: charged less given back, minor units. */
  netGatewayFee(o: SimOrder): number {
    const fee = this.gatewayFeeOf(o);
    return o.gatewayFee ? fee - Math.min(fee, o.gatewayFee.back) : 0;
  }

  productJson(p: SimProduct) {
    const parent = this.products.get(p.parent);
    const kind = parent?.costKind ?? p.costKind;
    const unit = this.costAt(p, p.modified);
    const own = [...p.costs].reverse().find((c) => c.from <= p.modified)?.cost ?? null;
    const cost = !this.opts.facts
      ? {}
      : kind === 'cogs'
        ? {
            cost_of_goods_sold: {
              values: [
                { defined_value: (own ?? 0) / this.unit, effective_value: (unit ?? 0) / this.unit },
              ],
              total_value: (unit ?? 0) / this.unit,
            },
          }
        : {
            meta_data:
              own === null ? [] : [{ id: p.id * 10, key: '_wc_cog_cost', value: this.money(own) }],
          };
    return {
      ...cost,
      id: p.id,
      name: p.name,
      slug: p.name.toLowerCase().replace(/\W+/g, '-'),
      type: p.type === 'variation' ? 'variation' : p.type,
      status: p.deleted ? 'trash' : 'publish',
      sku: `SKU-${p.id}`,
      description: '',
      price: this.money(p.price),
      regular_price: this.money(p.price),
      sale_price: '',
      manage_stock: p.stock?.manage ?? true,
      stock_quantity: p.stock ? p.stock.quantity : 10,
      // As WooCommerce sets it when stock is managed: out of stock at zero or less.
      stock_status:
        p.stock?.manage && p.stock.quantity !== null && p.stock.quantity <= 0
          ? 'outofstock'
          : 'instock',
      low_stock_amount: p.stock?.low ?? null,
      downloadable: false,
      virtual: false,
      images: [],
      average_rating: '0.00',
      rating_count: 0,
      total_sales: 0,
      date_created_gmt: iso(Date.UTC(2023, 0, 1)),
      date_modified_gmt: iso(p.modified),
      categories: p.categories.map((id) => ({ id })),
      attributes: [],
      downloads: [],
    };
  }

  // ---------------------------------------------------------------- HTTP

  private async handle(req: IncomingMessage, res: ServerResponse) {
    this.requests++;
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    res.on('close', () => this.inFlight--);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    this.log.push(`${req.method} ${url.pathname}`);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const error = (status: number, code: string, message: string) =>
      send(status, { code, message, data: { status } });

    if (this.slowMs) await new Promise((r) => setTimeout(r, this.slowMs));
    const outage = this.outageAfter;
    if (outage && url.pathname.includes(outage.path)) {
      this.outageAfter = null;
      res.on('finish', () => {
        this.every = { n: 1, fault: outage.fault };
      });
    }
    let fault = this.faults.shift();
    if (!fault && this.every && this.requests % this.every.n === 0) fault = this.every.fault;
    if (fault === 'hang') return; // never answers: the client's timeout must give up
    if (fault === 429)
      return send(
        429,
        { code: 'too_many_requests', message: 'Slow down.', data: { status: 429 } },
        { 'Retry-After': String(this.retryAfterSeconds) },
      );
    if (fault)
      return send(fault, '<html><body>Bad gateway</body></html>', { 'content-type': 'text/html' });

    if (!this.opts.wordpress)
      return send(200, '<html><body>A static site</body></html>', { 'content-type': 'text/html' });
    if (url.pathname === '/wp-json' || url.pathname === '/wp-json/') {
      return send(200, {
        name: this.opts.name,
        description: 'Just another shop',
        url: this.url,
        home: this.url,
        gmt_offset: String(this.opts.utcOffsetHours),
        timezone_string: this.opts.timezone,
        namespaces: [
          'oembed/1.0',
          'wp/v2',
          ...(this.opts.woocommerce ? ['wc/v1', 'wc/v2', 'wc/v3', 'wc-admin'] : []),
        ],
      });
    }
    const wc = url.pathname.match(/^\/wp-json\/(wc\/v3|wc-admin)\/(.*?)\/?$/);
    if (!wc || !this.opts.woocommerce)
      return error(404, 'rest_no_route', 'No route was found matching the URL and request method.');
    if (!this.authenticated(req, url))
      return error(401, 'woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.');
    const method = req.method ?? 'GET';
    if (method !== 'GET' && this.opts.readOnly)
      return error(
        401,
        'woocommerce_rest_cannot_create',
        'Sorry, you are not allowed to create resources.',
      );
    const route = wc[1] === 'wc-admin' ? `admin/${wc[2]}` : wc[2]!;
    const q = url.searchParams;

    if (route === 'admin/options')
      return send(200, { start_of_week: String(this.opts.startOfWeek) });
    if (route === 'system_status')
      return send(200, {
        environment: { version: this.opts.version, site_url: this.url },
        settings: { currency: this.opts.currency },
      });
    if (route === 'settings/general')
      return send(200, [
        { id: 'woocommerce_currency', value: this.opts.currency },
        { id: 'woocommerce_currency_pos', value: 'left' },
        { id: 'woocommerce_price_thousand_sep', value: ',' },
        { id: 'woocommerce_price_decimal_sep', value: '.' },
        { id: 'woocommerce_price_num_decimals', value: String(this.opts.decimals) },
      ]);

    // Webhooks
    if (route === 'webhooks' && method === 'POST') {
      const b = JSON.parse(raw) as {
        topic: string;
        delivery_url: string;
        secret: string;
        status?: string;
      };
      const w: SimWebhook = {
        id: this.nextWebhook++,
        topic: b.topic,
        delivery_url: b.delivery_url,
        secret: b.secret,
        status: 'active',
        failures: 0,
      };
      this.webhooks.set(w.id, w);
      // WooCommerce pings the delivery URL when a webhook is saved.
      const ping = fetch(w.delivery_url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `webhook_id=${w.id}`,
      })
        .then((r) => r.arrayBuffer())
        .then(
          () => undefined,
          () => undefined,
        )
        .finally(() => this.pending.delete(ping));
      this.pending.add(ping);
      return send(201, this.webhookJson(w));
    }
    const hook = route.match(/^webhooks\/(\d+)$/);
    if (hook) {
      const w = this.webhooks.get(Number(hook[1]));
      if (!w) return error(404, 'woocommerce_rest_webhook_invalid_id', 'Invalid ID.');
      if (method === 'DELETE') {
        this.webhooks.delete(w.id);
        return send(200, this.webhookJson(w));
      }
      if (method === 'PUT') {
        const b = JSON.parse(raw) as { status?: SimWebhook['status'] };
        if (b.status) w.status = b.status;
        w.failures = 0;
      }
      return send(200, this.webhookJson(w));
    }

    const edit = route.match(/^products\/(\d+)(?:\/variations\/(\d+))?$/);
    if (edit && method === 'PUT') return this.editStock(edit, raw, send, error);

    if (method !== 'GET')
      return error(404, 'rest_no_route', 'No route was found matching the URL and request method.');
    const perPage = Number(q.get('per_page') ?? 10);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100)
      return error(400, 'rest_invalid_param', 'Invalid parameter(s): per_page');
    /** A page of records, each turned into its JSON only when on the page. */
    const list = <T>(items: T[], json: (item: T) => unknown = (x) => x) => {
      const page = Number(q.get('page') ?? 1);
      const offset = q.has('offset') ? Number(q.get('offset')) : (page - 1) * perPage;
      const slice = items.slice(offset, offset + perPage).map(json);
      return send(200, slice, {
        'X-WP-Total': String(items.length),
        'X-WP-TotalPages': String(Math.ceil(items.length / perPage)),
      });
    };
    // WooCommerce compares `modified_after` with the local modification date unless
    // `dates_are_gmt` is true.
    const after = q.get('modified_after')
      ? Date.parse(`${q.get('modified_after')}Z`) -
        (q.get('dates_are_gmt') === 'true' ? 0 : this.offsetMs)
      : -Infinity;
    const byId = <T extends { id: number }>(items: T[]) => [...items].sort((a, b) => a.id - b.id);

    if (route === 'products/categories')
      return list(this.categories.map((c) => ({ ...c, description: '' })));
    if (route === 'products/attributes') return send(200, this.attributes);
    if (/^products\/attributes\/1\/terms$/.test(route)) return list(this.terms);
    if (route === 'taxes')
      return list(
        this.taxRates.map((t) => ({
          id: t.id,
          country: t.country,
          state: t.state,
          rate: t.rate,
          name: t.name,
          priority: 1,
          compound: false,
          shipping: true,
          class: 'standard',
        })),
      );
    if (route === 'coupons')
      return list(
        this.coupons.map((c) => ({
          id: c.id,
          code: c.code,
          amount: this.money(c.amount * (c.type === 'percent' ? this.unit : this.unit)),
          discount_type: c.type,
          date_created_gmt: iso(Date.UTC(2023, 0, 1)),
          date_modified_gmt: iso(Date.UTC(2023, 0, 1)),
          date_expires_gmt: null,
        })),
      );
    if (route === 'customers')
      return list(
        byId([...this.customers.values()])
          .filter((c) => c.modified > after)
          .map((c) => ({
            id: c.id,
            email: c.email,
            first_name: 'Customer',
            last_name: String(c.id),
            username: `customer${c.id}`,
            date_created_gmt: iso(Date.UTC(2023, 0, 1)),
            date_modified_gmt: iso(c.modified),
            billing: { country: 'US', state: c.state, city: 'Town', postcode: '10001' },
          })),
      );
    this.productList ??= byId([...this.products.values()]);
    if (route === 'products') {
      // `any` is WordPress's post_status any, which leaves out trashed posts (the REST
      // products controller passes `status` to WP_Query as it is).
      const status = q.get('status') ?? 'any';
      const listed = (p: SimProduct) =>
        status === 'trash'
          ? p.deleted
          : status === 'any' || status === 'publish'
            ? !p.deleted
            : false;
      return list(
        this.productList.filter((p) => p.parent === 0 && listed(p) && p.modified > after),
        (p) => this.productJson(p),
      );
    }
    const variations = route.match(/^products\/(\d+)\/variations$/);
    if (variations)
      return list(
        this.productList
          .filter((p) => p.parent === Number(variations[1]))
          .map((p) => this.productJson(p)),
      );
    if (route === 'orders') {
      const status = q.get('status') ?? 'any';
      const matches = (o: SimOrder) =>
        status === 'any' ? o.status !== 'trash' : status.split(',').includes(o.status);
      // Orders are kept in id order (ids only grow), so no sort; the filtered list is kept
      // until an order changes, as a shop's database answers from an index.
      const key = `${status}|${after}`;
      let found = this.orderLists.get(key);
      if (!found) {
        found = [...this.orders.values()].filter((o) => matches(o) && o.modified > after);
        this.orderLists.set(key, found);
      }
      return list(found, (o) => this.orderJson(o));
    }
    const one = route.match(/^orders\/(\d+)$/);
    if (one) {
      const o = this.orders.get(Number(one[1]));
      return o
        ? send(200, this.orderJson(o))
        : error(404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
    }
    const refunds = route.match(/^orders\/(\d+)\/refunds$/);
    if (refunds) {
      const o = this.orders.get(Number(refunds[1]));
      if (!o) return error(404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
      return list([...o.refunds].sort((a, b) => b.id - a.id).map((r) => this.refundJson(o, r)));
    }
    return error(404, 'rest_no_route', 'No route was found matching the URL and request method.');
  }

  private webhookJson(w: SimWebhook) {
    return {
      id: w.id,
      name: `Webhook ${w.id}`,
      status: w.status,
      topic: w.topic,
      delivery_url: w.delivery_url,
    };
  }

  /**
   * WooCommerce's rules over plain http: an OAuth 1.0a signature (HMAC-SHA1 or -SHA256)
   * with a fresh nonce and a timestamp within 15 minutes. Basic auth and query-string keys
   * only when the simulator stands for an https site.
   */
  private authenticated(req: IncomingMessage, url: URL): boolean {
    const { key, secret } = this.opts;
    const q = url.searchParams;
    if (this.opts.allowBasicOverHttp) {
      const header = req.headers.authorization ?? '';
      if (header === `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`) return true;
      if (q.get('consumer_key') === key && q.get('consumer_secret') === secret) return true;
    }
    const signature = q.get('oauth_signature');
    if (!signature || q.get('oauth_consumer_key') !== key) return false;
    const method = q.get('oauth_signature_method');
    if (method !== 'HMAC-SHA256' && method !== 'HMAC-SHA1') return false;
    const timestamp = Number(q.get('oauth_timestamp'));
    if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 15 * 60)
      return false;
    const nonce = `${q.get('oauth_nonce')}:${timestamp}`;
    if (this.nonces.has(nonce)) return false;
    const params = [...q.entries()]
      .filter(([k]) => k !== 'oauth_signature')
      .map(([k, v]) => `${enc(k)}=${enc(v)}`);
    params.sort();
    const base = `${req.method}&${enc(`${this.url}${url.pathname}`)}&${enc(params.join('&'))}`;
    const expected = createHmac(method === 'HMAC-SHA256' ? 'sha256' : 'sha1', `${secret}&`)
      .update(base)
      .digest('base64');
    if (
      createHash('sha256').update(expected).digest('hex') !==
      createHash('sha256').update(signature).digest('hex')
    )
      return false;
    this.nonces.add(nonce);
    return true;
  }
}
