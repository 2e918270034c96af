import type { PaymentFeeInput } from '../ingest/types';
import { formatSqlUtc } from '../timezone';
import type { Random } from './random';

// The demo's facts beside an order's money: the products' costs over time, and each order's
// payment method, channel, attribution and gateway fee. Drawn from a random stream of their
// own, so the rest of the store is the one the same seed gave before them.

const DAY = 86_400_000;
const CENT = 100;

interface Costed {
  id: number;
  price: number;
  variations: Costed[];
}

/** A product's or variation's unit costs, oldest first (`from` in ms). */
export type CostHistory = Map<number, { from: number; cost: number }[]>;

/**
 * Unit costs: about 85% of the products have one, 30-55% of their price; a variation has its
 * own (the parent's plus 0-2.00) or none (it takes its product's). A quarter of the costed
 * products change cost once (by -10% to +15%) on a day between the store's start and `untilMs`
 * (never after now). Returns the history and its `product_costs` rows.
 */
export function demoCosts(
  rnd: Random,
  products: readonly Costed[],
  startMs: number,
  untilMs: number,
): { history: CostHistory; rows: unknown[][] } {
  const history: CostHistory = new Map();
  const cents = (units: number) => Math.max(CENT, Math.round(units / CENT) * CENT);
  const add = (id: number, cost: number) => {
    const changes = [{ from: 0, cost }];
    if (rnd.chance(0.25) && untilMs - startMs > 2 * DAY) {
      const at = startMs + rnd.int(1, Math.floor((untilMs - startMs) / DAY) - 1) * DAY;
      changes.push({ from: at, cost: cents(cost * (0.9 + rnd.next() * 0.25)) });
    }
    history.set(id, changes);
  };
  for (const p of products) {
    if (!rnd.chance(0.85)) continue;
    const cost = cents(p.price * (0.3 + rnd.next() * 0.25));
    add(p.id, cost);
    for (const v of p.variations) if (rnd.chance(0.5)) add(v.id, cost + rnd.int(0, 2) * 100 * CENT);
  }
  const rows: unknown[][] = [];
  for (const [id, changes] of history)
    for (const c of changes)
      rows.push([id, c.from === 0 ? '1970-01-01 00:00:00' : formatSqlUtc(c.from), c.cost, 'cogs']);
  return { history, rows };
}

/** The unit cost in force at `at` (the variation's, else its product's), or undefined. */
export function demoCostAt(
  history: CostHistory,
  productId: number,
  variationId: number,
  at: number,
): number | undefined {
  for (const id of variationId ? [variationId, productId] : [productId]) {
    const changes = history.get(id);
    if (!changes) continue;
    let cost = changes[0]!.cost;
    for (const c of changes) if (c.from <= at) cost = c.cost;
    return cost;
  }
  return undefined;
}

const SEARCH = [
  ['google', 80],
  ['bing', 14],
  ['duckduckgo', 6],
] as const;
const REFERRERS = ['facebook.com', 'instagram.com', 'pinterest.com', 'reddit.com'] as const;
const CAMPAIGNS = [
  [{ source: 'google', medium: 'cpc', campaign: 'brand_search' }, 40],
  [{ source: 'facebook', medium: 'paid_social', campaign: 'spring_sale' }, 25],
  [{ source: 'Newsletter', medium: 'email', campaign: 'weekly_digest' }, 35],
] as const;
const AGENTS = {
  Mobile: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148',
  Tablet: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) Mobile/15E148',
  Desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124.0',
} as const;

/** What a demo order says of how it was bought. */
export interface DemoOrderFacts {
  paymentMethod: string;
  paymentMethodTitle: string;
  createdVia: string;
  attribution: Record<string, string>;
  /** The gateway's percentage of an amount, in basis points, and its fixed part (0: none). */
  feeRate: { bp: number; fixed: number };
}

/**
 * An order's payment method (cards through Stripe and WooPayments, PayPal, cash on delivery
 * for physical goods, bank transfers), channel (mostly checkout, some admin, REST and POS
 * orders) and attribution (checkout orders: organic search, direct, referrals and campaigns on
 * mobile, desktop and tablet, 12% unknown; admin orders: web admin).
 */
export function demoOrderFacts(rnd: Random, physical: boolean, createdMs: number): DemoOrderFacts {
  const [paymentMethod, paymentMethodTitle] = rnd.weighted<readonly [string, string]>([
    [['stripe', 'Credit Card (Stripe)'], 55],
    [['ppcp-gateway', 'PayPal'], 22],
    [['woocommerce_payments', 'Credit card / debit card'], 8],
    [physical ? ['cod', 'Cash on delivery'] : ['stripe', 'Credit Card (Stripe)'], 8],
    [['bacs', 'Direct bank transfer'], 7],
  ]);
  const createdVia = rnd.weighted<string>([
    ['checkout', 88],
    ['admin', 6],
    ['rest-api', 3],
    ['pos', 3],
  ]);
  const feeRate =
    paymentMethod === 'ppcp-gateway'
      ? { bp: 349, fixed: 49 * CENT }
      : paymentMethod === 'stripe' || paymentMethod === 'woocommerce_payments'
        ? { bp: 290, fixed: 30 * CENT }
        : { bp: 0, fixed: 0 };
  let attribution: Record<string, string> = {};
  if (createdVia === 'admin') attribution = { source_type: 'admin' };
  else if (createdVia === 'checkout' && rnd.chance(0.88)) {
    const device = rnd.weighted<keyof typeof AGENTS>([
      ['Mobile', 55],
      ['Desktop', 38],
      ['Tablet', 7],
    ]);
    const session = {
      session_entry: 'https://demo.storelens.example/',
      session_start_time: formatSqlUtc(createdMs - rnd.int(1, 40) * 60_000),
      session_pages: String(rnd.int(1, 15)),
      session_count: String(rnd.int(1, 5)),
      user_agent: AGENTS[device],
      device_type: device,
    };
    const kind = rnd.weighted<string>([
      ['organic', 30],
      ['typein', 25],
      ['referral', 12],
      ['utm', 33],
    ]);
    if (kind === 'organic') {
      const engine = rnd.weighted(SEARCH);
      attribution = {
        source_type: 'organic',
        referrer: `https://www.${engine}.com/`,
        utm_source: engine,
        utm_medium: 'organic',
        ...session,
      };
    } else if (kind === 'referral') {
      const site = rnd.pick(REFERRERS);
      attribution = {
        source_type: 'referral',
        referrer: `https://${site}/`,
        utm_source: site,
        utm_medium: 'referral',
        ...session,
      };
    } else if (kind === 'utm') {
      const c = rnd.weighted<{ source: string; medium: string; campaign: string }>(CAMPAIGNS);
      attribution = {
        source_type: 'utm',
        utm_source: c.source,
        utm_medium: c.medium,
        utm_campaign: c.campaign,
        ...session,
      };
    } else attribution = { source_type: 'typein', utm_source: '(direct)', ...session };
  }
  return { paymentMethod, paymentMethodTitle, createdVia, attribution, feeRate };
}

/**
 * The gateway's fee on a paid order of `total` and what it gave back on `refunded` (PayPal
 * gives back its percentage of the amount refunded; Stripe and WooPayments keep their fee).
 */
export function demoPaymentFee(
  facts: DemoOrderFacts,
  currency: string,
  total: number,
  refunded: number,
): PaymentFeeInput | undefined {
  const { bp, fixed } = facts.feeRate;
  if (bp === 0) return undefined;
  const round = (units: number) => Math.round(units / CENT) * CENT;
  const fee = round((total * bp) / 10_000) + fixed;
  const back =
    facts.paymentMethod === 'ppcp-gateway' ? Math.min(fee, round((refunded * bp) / 10_000)) : 0;
  return { fee, refunded: back, currency };
}
