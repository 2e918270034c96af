import { describe, expect, it } from 'vitest';
import { mapOrder, mapRefund, orderStatus } from './map';
import type { WcOrder, WcRefund } from './wc-types';

const order = (over: Partial<WcOrder> = {}): WcOrder => ({
  id: 50,
  parent_id: 0,
  status: 'completed',
  currency: 'USD',
  date_created_gmt: '2024-03-01T10:00:00',
  date_modified_gmt: '2024-03-02T10:00:00',
  date_paid_gmt: '2024-03-01T10:05:00',
  date_completed_gmt: null,
  customer_id: 0,
  billing: { email: 'a@b.c', country: 'US', state: 'CA' },
  line_items: [
    {
      id: 1,
      name: 'Shirt',
      product_id: 10,
      variation_id: 11,
      quantity: 2,
      subtotal: '20.00',
      total: '18.00',
      total_tax: '1.31',
    },
    {
      id: 2,
      name: 'Gone',
      product_id: 0,
      variation_id: 0,
      quantity: 1,
      subtotal: '5.00',
      total: '5.00',
      total_tax: '0.00',
    },
  ],
  tax_lines: [{ rate_id: 3, tax_total: '1.31', shipping_tax_total: '0.36' }],
  shipping_lines: [{ total: '5.00', total_tax: '0.36' }],
  coupon_lines: [{ code: 'SAVE10', discount: '2.00' }],
  shipping_total: '5.00',
  shipping_tax: '0.36',
  total: '29.67',
  total_tax: '1.67',
  refunds: [],
  ...over,
});

const ctx = { customerOf: () => 77, couponOf: (code: string) => (code === 'SAVE10' ? 9 : 0) };

describe('mapping WooCommerce orders', () => {
  it('takes money from strings, dates from the _gmt twins and keeps lines of deleted products', () => {
    const o = mapOrder(order(), [], ctx);
    expect(o.dateCreatedGmt).toBe('2024-03-01 10:00:00');
    expect(o.datePaidGmt).toBe('2024-03-01 10:05:00');
    expect(o.dateCompletedGmt).toBeNull();
    expect(o.customerId).toBe(77);
    expect(o.lines[0]).toEqual({
      id: 1,
      productId: 10,
      variationId: 11,
      name: 'Shirt',
      quantity: 2,
      subtotal: 200_000,
      total: 180_000,
      tax: 13_100,
    });
    expect(o.lines[1]!.productId).toBe(0);
    expect(o.shipping).toBe(50_000);
    expect(o.coupons).toEqual([{ couponId: 9, code: 'SAVE10', discount: 20_000 }]);
    expect(o.taxes).toEqual([{ rateId: 3, tax: 13_100, shippingTax: 3_600 }]);
  });

  it('keeps custom statuses, without the wc- prefix', () => {
    expect(orderStatus('wc-shipped')).toBe('shipped');
    expect(mapOrder(order({ status: 'wc-completed' }), [], ctx).status).toBe('completed');
    expect(mapOrder(order({ status: 'awaiting-pickup' }), [], ctx).status).toBe('awaiting-pickup');
  });

  const refund = (over: Partial<WcRefund> = {}): WcRefund => ({
    id: 60,
    date_created_gmt: '2024-11-20T08:00:00',
    amount: '9.66',
    line_items: [
      {
        id: 7,
        name: 'Shirt',
        product_id: 10,
        variation_id: 11,
        quantity: -1,
        subtotal: '-9.00',
        total: '-9.00',
        total_tax: '-0.66',
        meta_data: [{ key: '_refunded_item_id', value: '1' }],
      },
    ],
    shipping_lines: [],
    ...over,
  });

  it('turns negative refund lines into positive quantities and amounts of the refunded line', () => {
    const r = mapRefund(refund(), order());
    expect(r).toEqual({
      id: 60,
      dateCreatedGmt: '2024-11-20 08:00:00',
      lines: [{ id: 7, orderItemId: 1, quantity: 1, total: 90_000, tax: 6_600 }],
      shipping: 0,
      shippingTax: 0,
    });
  });

  it('keeps amount-only refunds, and amounts beyond the lines, to the cent', () => {
    const amountOnly = mapRefund(refund({ amount: '12.34', line_items: [] }), order());
    expect(amountOnly.lines).toEqual([]);
    expect(amountOnly.extra).toBe(123_400);
    const more = mapRefund(
      refund({ amount: '16.00', shipping_lines: [{ total: '-5.00', total_tax: '-0.34' }] }),
      order(),
    );
    expect(more.shipping).toBe(50_000);
    expect(more.extra).toBe(160_000 - 90_000 - 6_600 - 50_000 - 3_400);
  });

  it('matches a refund line without the meta by product, and moves an unknown line into the amount', () => {
    const noMeta = refund();
    noMeta.line_items[0]!.meta_data = [];
    expect(mapRefund(noMeta, order()).lines[0]!.orderItemId).toBe(1);
    const stray = refund();
    stray.line_items[0]!.product_id = 999;
    stray.line_items[0]!.meta_data = [];
    const r = mapRefund(stray, order());
    expect(r.lines).toEqual([]);
    expect(r.extra).toBe(96_600);
  });

  // A cash-on-delivery surcharge of 2.00 + 0.38 tax and a negative fee, as WooCommerce's REST
  // API sends fee_lines (taxes per rate unrounded, as the shop stores them).
  const fees: WcOrder['fee_lines'] = [
    {
      id: 3,
      name: 'Cash on delivery fee',
      tax_status: 'taxable',
      total: '2.00',
      total_tax: '0.38',
      taxes: [{ id: 3, total: '0.38', subtotal: '' }],
      meta_data: [],
    },
    {
      id: 4,
      name: 'Loyalty discount',
      tax_status: 'none',
      total: '-1.50',
      total_tax: '0.00',
      taxes: [],
      meta_data: [],
    },
  ];

  it('keeps fee lines with their tax per rate; an order without fees maps as before', () => {
    const o = mapOrder(order({ fee_lines: fees }), [], ctx);
    expect(o.fees).toEqual([
      {
        id: 3,
        name: 'Cash on delivery fee',
        total: 20_000,
        tax: 3_800,
        taxes: [{ rateId: 3, tax: 3_800 }],
      },
      { id: 4, name: 'Loyalty discount', total: -15_000, tax: 0, taxes: [] },
    ]);
    // Rates whose unrounded parts do not add up to the fee's tax are left to the order's share.
    const unrounded = [{ ...fees[0]!, taxes: [{ id: 3, total: '0.3825' }] }];
    expect(mapOrder(order({ fee_lines: unrounded }), [], ctx).fees![0]!.taxes).toEqual([]);
    expect('fees' in mapOrder(order({ fee_lines: [] }), [], ctx)).toBe(false);
  });

  it('keeps a fee given back as a fee with its tax, not in the refund’s amount', () => {
    const r = mapRefund(
      refund({
        amount: '2.38',
        line_items: [],
        fee_lines: [
          {
            id: 8,
            name: 'Cash on delivery fee',
            total: '-2.00',
            total_tax: '-0.38',
            taxes: [{ id: 3, total: '-0.38', subtotal: '-0.38' }],
            meta_data: [{ key: '_refunded_item_id', value: '3' }],
          },
        ],
      }),
      order({ fee_lines: fees }),
    );
    expect(r).toEqual({
      id: 60,
      dateCreatedGmt: '2024-11-20 08:00:00',
      lines: [],
      shipping: 0,
      shippingTax: 0,
      fees: [
        {
          id: 8,
          orderFeeId: 3,
          name: 'Cash on delivery fee',
          total: 20_000,
          tax: 3_800,
          taxes: [{ rateId: 3, tax: 3_800 }],
        },
      ],
    });
  });
});
