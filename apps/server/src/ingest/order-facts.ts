import type { OrderInput, PaymentFeeInput } from './types';

// The facts an order keeps beside its money: its attribution normalised for grouping, its
// lines' cost of goods, its payment fee. Pure functions, shared by ingestion, the connector,
// the demo and the tests. docs/metrics.md ("Order facts") gives WooCommerce's rules.

/** The attribution fields WooCommerce stores, unprefixed (`_wc_order_attribution_` + name). */
export const ATTRIBUTION_FIELDS = [
  'source_type',
  'referrer',
  'utm_campaign',
  'utm_source',
  'utm_medium',
  'utm_content',
  'utm_id',
  'utm_term',
  'utm_source_platform',
  'utm_creative_format',
  'utm_marketing_tactic',
  'session_entry',
  'session_start_time',
  'session_pages',
  'session_count',
  'user_agent',
  'device_type',
] as const;

export const ATTRIBUTION_META_PREFIX = '_wc_order_attribution_';

/** Fields folded to lower case for grouping; the others (URLs, user agent, time) kept as given. */
const FOLDED = new Set<string>([
  'source_type',
  'utm_campaign',
  'utm_source',
  'utm_medium',
  'utm_content',
  'utm_id',
  'utm_term',
  'utm_source_platform',
  'utm_creative_format',
  'utm_marketing_tactic',
  'device_type',
]);

/** `order_attribution`'s columns, in the order `attributionRow` gives them. */
export const ATTRIBUTION_COLUMNS = [
  'order_id',
  'source_type',
  'origin',
  'source',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_id',
  'utm_term',
  'utm_source_platform',
  'utm_creative_format',
  'utm_marketing_tactic',
  'session_entry',
  'session_start_time',
  'user_agent',
  'device_type',
  'session_pages',
  'session_count',
] as const;

/** A value as WooCommerce keeps it: trimmed, and its "(none)" placeholder is no value. */
function clean(value: unknown): string {
  const text = value == null ? '' : String(value).trim();
  return text === '(none)' ? '' : text;
}

/** The first letter in upper case, as PHP's ucfirst() does (bytes, so ASCII only). */
const ucfirst = (text: string) =>
  /^[a-z]/.test(text) ? text[0]!.toUpperCase() + text.slice(1) : text;

/**
 * The origin label WooCommerce shows for a source type and `utm_source`: "Source: Google",
 * "Organic: Google", "Referral: Facebook.com", "Direct", "Mobile app", "Web admin", else
 * "Unknown". The source loses its surrounding parentheses and gets an upper-case first letter.
 */
export function originLabel(sourceType: string, source: string): string {
  const formatted = ucfirst(source.replace(/^[()]+|[()]+$/g, ''));
  switch (sourceType) {
    case 'utm':
      return `Source: ${formatted}`;
    case 'organic':
      return `Organic: ${formatted}`;
    case 'referral':
      return `Referral: ${formatted}`;
    case 'typein':
      return 'Direct';
    case 'mobile_app':
      return 'Mobile app';
    case 'admin':
      return 'Web admin';
    default:
      return 'Unknown';
  }
}

/**
 * The device of a user agent when the shop stored none (WooCommerce asks MobileDetect; this
 * is a rougher test of the same words).
 */
export function deviceOf(userAgent: string): string {
  if (!userAgent) return '';
  if (/ipad|tablet|kindle|silk|playbook/i.test(userAgent)) return 'tablet';
  if (/mobi|iphone|ipod|android|blackberry|opera mini|windows phone/i.test(userAgent))
    return 'mobile';
  return 'desktop';
}

const count = (value: string): number | null => {
  if (!/^\d{1,9}$/.test(value)) return null;
  return Number(value);
};

/**
 * The attribution row of an order: the meta normalised (trimmed, "(none)" dropped, grouping
 * values case-folded), `source_type` `unknown` when the shop recorded none, `source` the
 * case-folded `utm_source` and `origin` the label WooCommerce would show for them.
 */
export function attributionRow(
  orderId: number,
  meta: Readonly<Record<string, unknown>> | undefined,
): Record<(typeof ATTRIBUTION_COLUMNS)[number], string | number | null> {
  const v: Record<string, string> = {};
  for (const field of ATTRIBUTION_FIELDS) {
    const text = clean(meta?.[field]);
    v[field] = FOLDED.has(field) ? text.toLowerCase() : text;
  }
  const sourceType = v.source_type || 'unknown';
  const source = v.utm_source!;
  return {
    order_id: orderId,
    source_type: sourceType,
    origin: originLabel(sourceType, source),
    source,
    referrer: v.referrer!,
    utm_source: source,
    utm_medium: v.utm_medium!,
    utm_campaign: v.utm_campaign!,
    utm_content: v.utm_content!,
    utm_id: v.utm_id!,
    utm_term: v.utm_term!,
    utm_source_platform: v.utm_source_platform!,
    utm_creative_format: v.utm_creative_format!,
    utm_marketing_tactic: v.utm_marketing_tactic!,
    session_entry: v.session_entry!,
    session_start_time: v.session_start_time!,
    user_agent: v.user_agent!,
    device_type: v.device_type || deviceOf(v.user_agent!),
    session_pages: count(v.session_pages!),
    session_count: count(v.session_count!),
  };
}

/** The attribution meta of an order's `meta_data`, unprefixed (empty when none). */
export function attributionMeta(
  meta: readonly { key: string; value: unknown }[] | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of meta ?? []) {
    if (!m.key.startsWith(ATTRIBUTION_META_PREFIX)) continue;
    const field = m.key.slice(ATTRIBUTION_META_PREFIX.length);
    if ((ATTRIBUTION_FIELDS as readonly string[]).includes(field))
      out[field] = m.value == null ? '' : String(m.value);
  }
  return out;
}

/** The gateway's fee the shop keeps, less what it gave back on refunds. */
export const netPaymentFee = (fee: PaymentFeeInput | undefined) =>
  fee ? fee.fee - fee.refunded : 0;

/** A line's cost as stored: its amount (NULL when unknown) and where it came from. */
export interface LineCost {
  cost: number | null;
  source: '' | 'line' | 'product';
}

/**
 * The unit cost in force for a product or variation at a GMT date: `undefined` when nothing is
 * known (then a variation falls back to its product).
 */
export type CostAt = (productId: number, gmt: string) => number | null | undefined;

/**
 * Each line's cost, and each refund line's (negative: the cost of the units that came back).
 * A line keeps the cost the shop stored on it; without one, the unit cost in force on the
 * order's creation date (the variation's, else its product's) times its quantity. A refund
 * line keeps the shop's cost too; without one, it gives back its order line's cost in
 * proportion to the quantity refunded (the unit cost times the units when the line's cost is
 * one).
 */
export function lineCosts(
  order: OrderInput,
  costAt: CostAt,
): { lines: Map<number, LineCost>; refundLines: Map<number, LineCost> } {
  const lines = new Map<number, LineCost>();
  for (const l of order.lines) {
    if (l.cost !== undefined) {
      lines.set(l.id, { cost: l.cost, source: 'line' });
      continue;
    }
    let unit = l.variationId > 0 ? costAt(l.variationId, order.dateCreatedGmt) : undefined;
    if (unit === undefined) unit = costAt(l.productId, order.dateCreatedGmt);
    lines.set(
      l.id,
      unit == null ? { cost: null, source: '' } : { cost: unit * l.quantity, source: 'product' },
    );
  }
  const refundLines = new Map<number, LineCost>();
  for (const r of order.refunds)
    for (const l of r.lines) {
      if (l.cost !== undefined) {
        refundLines.set(l.id, { cost: 0 - l.cost, source: 'line' });
        continue;
      }
      const line = order.lines.find((x) => x.id === l.orderItemId);
      const of = line ? lines.get(line.id) : undefined;
      if (!line || !of || of.cost === null || line.quantity === 0) {
        refundLines.set(l.id, { cost: null, source: '' });
        continue;
      }
      refundLines.set(l.id, {
        cost: 0 - Math.round((of.cost * l.quantity) / line.quantity),
        source: of.source,
      });
    }
  return { lines, refundLines };
}
