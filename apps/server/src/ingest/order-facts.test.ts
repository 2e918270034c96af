import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paymentFeeOf } from '../connect/map';
import type { WcOrder } from '../connect/wc-types';
import {
  attributionMeta,
  attributionRow,
  lineCosts,
  netPaymentFee,
  originLabel,
} from './order-facts';
import type { OrderInput } from './types';

const UNIT = 100; // one cent in money units

describe('attribution, as WooCommerce labels it', () => {
  it('gives the origin label WooCommerce shows for each source type', () => {
    expect(originLabel('utm', 'google')).toBe('Source: Google');
    expect(originLabel('organic', 'google')).toBe('Organic: Google');
    expect(originLabel('referral', 'facebook.com')).toBe('Referral: Facebook.com');
    expect(originLabel('typein', '(direct)')).toBe('Direct');
    expect(originLabel('admin', '')).toBe('Web admin');
    expect(originLabel('mobile_app', '')).toBe('Mobile app');
    expect(originLabel('unknown', '')).toBe('Unknown');
    expect(originLabel('pos', 'x')).toBe('Unknown');
    expect(originLabel('utm', '(newsletter)')).toBe('Source: Newsletter');
  });

  it('stores an order without attribution as unknown', () => {
    for (const meta of [undefined, {}, { source_type: '' }, { source_type: '(none)' }]) {
      const row = attributionRow(7, meta);
      expect(row).toMatchObject({ order_id: 7, source_type: 'unknown', origin: 'Unknown' });
      expect(row.source).toBe('');
    }
  });

  it('case-folds grouping values, whatever case the shop stored', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('utm', 'UTM', 'organic', 'Referral', 'typein', 'admin', ''),
        fc.string({ maxLength: 12 }),
        fc.constantFrom('Mobile', 'mobile', 'DESKTOP', 'Tablet', ''),
        (type, source, device) => {
          const row = attributionRow(1, {
            source_type: type,
            utm_source: source,
            device_type: device,
          });
          const lower = attributionRow(1, {
            source_type: type.toLowerCase(),
            utm_source: source.toLowerCase(),
            device_type: device.toLowerCase(),
          });
          expect(row).toEqual(lower);
          expect(row.source_type).toBe(String(row.source_type).toLowerCase());
          expect(row.source).toBe(source.trim() === '(none)' ? '' : source.trim().toLowerCase());
          // Normalising a stored row again changes nothing (a rebuild reads rows back).
          const again = attributionRow(
            1,
            Object.fromEntries(
              Object.entries(row).map(([k, v]) => [k, v === null ? '' : String(v)]),
            ),
          );
          expect(again).toEqual(row);
        },
      ),
    );
  });

  it('reads the prefixed meta and derives the device from the user agent when none is stored', () => {
    const meta = attributionMeta([
      { key: '_wc_order_attribution_source_type', value: 'utm' },
      { key: '_wc_order_attribution_utm_source', value: 'Google' },
      { key: '_wc_order_attribution_user_agent', value: 'Mozilla/5.0 (iPhone) Mobile' },
      { key: '_wc_order_attribution_session_pages', value: '4' },
      { key: '_stripe_fee', value: '1.00' },
    ]);
    expect(meta).toEqual({
      source_type: 'utm',
      utm_source: 'Google',
      user_agent: 'Mozilla/5.0 (iPhone) Mobile',
      session_pages: '4',
    });
    expect(attributionRow(3, meta)).toMatchObject({
      source_type: 'utm',
      origin: 'Source: Google',
      source: 'google',
      device_type: 'mobile',
      session_pages: 4,
      session_count: null,
    });
  });
});

describe('cost of goods', () => {
  const line = fc.record({
    unit: fc.integer({ min: 0, max: 50_000 }).map((c) => c * UNIT),
    quantity: fc.integer({ min: 1, max: 9 }),
    stored: fc.boolean(),
    refunds: fc.array(fc.integer({ min: 1, max: 9 }), { maxLength: 3 }),
  });

  it('a line costs its unit cost times its quantity, less the units refunded', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 4 }), (specs) => {
        let id = 1;
        const lines = specs.map((s, i) => ({
          id: id++,
          productId: 10 + i,
          variationId: 0,
          name: `P${i}`,
          quantity: s.quantity,
          subtotal: 0,
          total: 0,
          tax: 0,
          ...(s.stored ? { cost: s.unit * s.quantity } : {}),
        }));
        // Refunds never give back more units than the line had.
        const refunds = specs.flatMap((s, i) => {
          let left = s.quantity;
          return s.refunds.flatMap((q) => {
            const quantity = Math.min(q, left);
            left -= quantity;
            return quantity === 0
              ? []
              : [
                  {
                    id: 1000 + id++,
                    dateCreatedGmt: '2024-02-01 00:00:00',
                    lines: [{ id: id++, orderItemId: lines[i]!.id, quantity, total: 0, tax: 0 }],
                    shipping: 0,
                    shippingTax: 0,
                  },
                ];
          });
        });
        const order: OrderInput = {
          id: 1,
          status: 'completed',
          currency: 'USD',
          customerId: 0,
          dateCreatedGmt: '2024-01-01 00:00:00',
          datePaidGmt: null,
          dateCompletedGmt: null,
          billing: { country: '', state: '', email: '' },
          lines,
          shipping: 0,
          shippingTax: 0,
          coupons: [],
          taxes: [],
          refunds,
        };
        const units = new Map(specs.map((s, i) => [10 + i, s.unit]));
        const costs = lineCosts(order, (productId) => units.get(productId));
        specs.forEach((s, i) => {
          const l = lines[i]!;
          const given = refunds
            .flatMap((r) => r.lines)
            .filter((x) => x.orderItemId === l.id)
            .reduce((a, x) => a + (costs.refundLines.get(x.id)!.cost ?? 0), 0);
          const refundedQty = refunds
            .flatMap((r) => r.lines)
            .filter((x) => x.orderItemId === l.id)
            .reduce((a, x) => a + x.quantity, 0);
          expect(costs.lines.get(l.id)).toEqual({
            cost: s.unit * s.quantity,
            source: s.stored ? 'line' : 'product',
          });
          expect(costs.lines.get(l.id)!.cost! + given).toBe(s.unit * (s.quantity - refundedQty));
        });
      }),
    );
  });

  it('takes the cost in force on the order date, a variation falling back to its product', () => {
    const history: Record<number, [string, number | null][]> = {
      10: [
        ['1970-01-01 00:00:00', 500 * UNIT],
        ['2024-03-01 00:00:00', 650 * UNIT],
      ],
      20: [['2024-01-01 00:00:00', 100 * UNIT]],
      21: [['2024-02-01 00:00:00', null]],
    };
    const costAt = (productId: number, gmt: string) => {
      let found: number | null | undefined;
      for (const [from, cost] of history[productId] ?? []) if (from <= gmt) found = cost;
      return found;
    };
    const order = (date: string, productId: number, variationId = 0): OrderInput => ({
      id: 1,
      status: 'completed',
      currency: 'USD',
      customerId: 0,
      dateCreatedGmt: date,
      datePaidGmt: null,
      dateCompletedGmt: null,
      billing: { country: '', state: '', email: '' },
      lines: [
        { id: 5, productId, variationId, name: '', quantity: 2, subtotal: 0, total: 0, tax: 0 },
      ],
      shipping: 0,
      shippingTax: 0,
      coupons: [],
      taxes: [],
      refunds: [],
    });
    const cost = (o: OrderInput) => lineCosts(o, costAt).lines.get(5);
    expect(cost(order('2024-02-29 23:59:59', 10))).toEqual({
      cost: 1000 * UNIT,
      source: 'product',
    });
    expect(cost(order('2024-03-01 00:00:00', 10))).toEqual({
      cost: 1300 * UNIT,
      source: 'product',
    });
    // A variation with no history of its own takes its product's.
    expect(cost(order('2024-01-15 00:00:00', 20, 22))).toEqual({
      cost: 200 * UNIT,
      source: 'product',
    });
    // A variation whose cost was taken away has none, whatever its product's.
    expect(cost(order('2024-02-15 00:00:00', 20, 21))).toEqual({ cost: null, source: '' });
    expect(cost(order('2023-12-31 00:00:00', 20))).toEqual({ cost: null, source: '' });
  });
});

describe('payment gateway fees', () => {
  const money = (cents: number) => (cents / 100).toFixed(2);
  const order = (meta: { key: string; value: unknown }[]) =>
    ({ id: 1, meta_data: meta }) as unknown as WcOrder;

  it('keeps the fee less what was given back, for each gateway', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (fee, back) => {
          const returned = Math.min(fee, back);
          // Stripe adds each refund's (negative) fee into `_stripe_fee`.
          const stripe = paymentFeeOf(
            order([
              { key: '_stripe_fee', value: money(fee - returned) },
              { key: '_stripe_currency', value: 'usd' },
            ]),
          );
          expect(stripe).toEqual({ fee: (fee - returned) * UNIT, refunded: 0, currency: 'USD' });
          expect(netPaymentFee(stripe)).toBe((fee - returned) * UNIT);
          // PayPal Payments keeps the capture's fee and the refunds' apart.
          const paypal = paymentFeeOf(
            order([
              {
                key: '_ppcp_paypal_fees',
                value: { paypal_fee: { currency_code: 'EUR', value: money(fee) } },
              },
              ...(returned > 0
                ? [
                    {
                      key: '_ppcp_paypal_refund_fees',
                      value: { paypal_fee: { currency_code: 'EUR', value: money(returned) } },
                    },
                  ]
                : []),
            ]),
          );
          expect(paypal).toEqual({ fee: fee * UNIT, refunded: returned * UNIT, currency: 'EUR' });
          expect(netPaymentFee(paypal)).toBe((fee - returned) * UNIT);
          const wcpay = paymentFeeOf(order([{ key: '_wcpay_transaction_fee', value: money(fee) }]));
          expect(netPaymentFee(wcpay)).toBe(fee * UNIT);
        },
      ),
    );
  });

  it('has no fee without the gateways’ meta', () => {
    expect(paymentFeeOf(order([]))).toBeUndefined();
    expect(paymentFeeOf(order([{ key: '_stripe_fee', value: '' }]))).toBeUndefined();
    expect(netPaymentFee(undefined)).toBe(0);
  });
});
