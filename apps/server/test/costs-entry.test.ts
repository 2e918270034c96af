/**
 * Costs entered in Storelens (docs/api.md, "Costs"): the history routes, their refusals, the
 * shop-or-entered precedence, the CSV upload (dry run, a bad line refusing all) and the
 * recompute job. After every change, every profit figure equals a store built from scratch
 * with the same costs.
 */
import {
  CostHistoryBody,
  CostImportResponse,
  CostRecomputeStatus,
  CostSettingsBody,
} from '@storelens/api';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { ingestOrders } from '../src/ingest/ingest';
import type { OrderInput } from '../src/ingest/types';
import { toUnits } from '../src/money';
import { fromScratch, PROFIT_URLS, recomputed, sameFigures } from './costs-helpers';
import { order, seedCatalog } from './fixtures';
import { describeEachEngine } from './harness';

const RANGE = 'after=2024-01-01T00:00:00&before=2024-04-30T23:59:59';

/** The schema's errors for an answer (empty when it conforms, every property listed). */
const drift = (schema: TSchema, value: unknown) =>
  [...Value.Errors(schema, value)].map((e) => `${e.instancePath || '/'}: ${e.message}`);

/** Orders of Mug 10 and Tee - Red 21 from January to April 2024, one with a shop line cost. */
function orders(): OrderInput[] {
  const out: OrderInput[] = [];
  for (let i = 1; i <= 24; i++) {
    const day = String(1 + ((i * 5) % 28)).padStart(2, '0');
    const month = String(1 + (i % 4)).padStart(2, '0');
    const o = order(i, {
      created: `2024-${month}-${day} 10:00:00`,
      customerId: 1 + (i % 3),
      lines: [
        { id: i * 10, productId: 10, qty: 1 + (i % 3), price: '12' },
        { id: i * 10 + 1, productId: 20, variationId: 21, qty: 1, price: '25' },
      ],
      fees: i % 5 === 0 ? [{ id: i * 10 + 5, total: '2' }] : [],
      refunds:
        i % 6 === 0
          ? [
              {
                id: 1000 + i,
                dateCreatedGmt: `2024-${month}-${day} 18:00:00`,
                shipping: 0,
                shippingTax: 0,
                lines: [
                  {
                    id: 1000 + i * 10,
                    orderItemId: i * 10,
                    quantity: 1,
                    total: toUnits('12'),
                    tax: 0,
                  },
                ],
              },
            ]
          : [],
    });
    // The shop stored a cost on this line: no entered cost replaces it.
    if (i === 7) o.lines[0]!.cost = toUnits('5.5') * o.lines[0]!.quantity;
    out.push(o);
  }
  return out;
}

async function seed(db: Db) {
  await seedCatalog(db);
  await db.kysely
    .insertInto('categories')
    .values([{ id: 100, name: 'Kitchen', slug: 'kitchen', parent_id: 0, description: '' }])
    .execute();
  await db.kysely
    .insertInto('product_categories')
    .values({ product_id: 10, category_id: 100 })
    .execute();
  // The shop's cost of the Mug: 4 since always, 4.5 from March.
  await db.kysely
    .insertInto('product_costs')
    .values([
      {
        product_id: 10,
        effective_from_gmt: '1970-01-01 00:00:00',
        cost: toUnits('4'),
        source: 'cogs',
      },
      {
        product_id: 10,
        effective_from_gmt: '2024-03-01 09:00:00',
        cost: toUnits('4.5'),
        source: 'cogs',
      },
    ])
    .execute();
  await ingestOrders(db, orders());
}

describeEachEngine(
  'costs entered in Storelens',
  (ctx) => {
    const api = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, payload?: unknown) =>
      ctx().app.inject({
        method,
        url: `/wp-json/storelens/v1/${url}`,
        ...(payload ? { payload } : {}),
      });
    const matchesScratch = async () => {
      await recomputed(ctx().app, ctx().db);
      const scratch = await fromScratch(ctx().db, orders());
      try {
        await sameFigures(ctx().app, scratch.app, PROFIT_URLS(RANGE));
      } finally {
        await scratch.close();
      }
    };

    it('lists the shop history and which cost is in force', async () => {
      const res = await api('GET', 'products/10/costs');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        product_id: 10,
        cost: 4.5,
        cost_source: 'shop',
        entered_costs_win: false,
      });
      expect(
        body.history.map((h: { source: string; from: string; cost: number }) => [
          h.source,
          h.from,
          h.cost,
        ]),
      ).toEqual([
        ['shop', '1970-01-01', 4],
        ['shop', '2024-03-01', 4.5],
      ]);
      const tee = (await api('GET', 'products/21/costs')).json();
      expect(tee).toMatchObject({
        product_id: 21,
        parent_id: 20,
        cost: null,
        cost_source: 'none',
        history: [],
      });
    });

    it('refuses bad costs, days and products, naming the parameter', async () => {
      const cases: [string, unknown, string][] = [
        ['products/21/costs', { cost: -1, from: '2024-02-01' }, 'cost'],
        ['products/21/costs', { cost: 'abc', from: '2024-02-01' }, 'cost'],
        ['products/21/costs', { cost: '1e309', from: '2024-02-01' }, 'cost'],
        ['products/21/costs', { cost: 3, from: '2024-02-30' }, 'from'],
        ['products/21/costs', { cost: 3, from: '2999-01-01' }, 'from'],
        ['products/21/costs', { cost: 3, from: '01/02/2024' }, 'from'],
        ['products/999/costs', { cost: 3, from: '2024-02-01' }, 'id'],
      ];
      for (const [url, body, param] of cases) {
        const res = await api('POST', url, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code).toBe('rest_invalid_param');
        expect(Object.keys(res.json().data.params)).toContain(param);
      }
      expect((await api('DELETE', 'products/21/costs/2024-02-01')).json().code).toBe(
        'storelens_cost_not_found',
      );
      expect((await api('GET', 'products/999/costs')).statusCode).toBe(400);
      expect(await ctx().db.kysely.selectFrom('entered_costs').selectAll().execute()).toEqual([]);
    });

    it('an entered cost fills a product without one, and the orders follow it', async () => {
      const res = await api('POST', 'products/21/costs', { cost: '7.25', from: '2024-02-01' });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ cost: 7.25, cost_source: 'entered' });
      expect(body.history).toEqual([
        expect.objectContaining({
          source: 'entered',
          from: '2024-02-01',
          from_gmt: '2024-02-01T00:00:00',
          cost: 7.25,
        }),
      ]);
      expect(body.recompute.orders).toBeGreaterThan(0);
      await matchesScratch();
      // The variation's lines before February stay unknown; those after are costed.
      const items = await ctx()
        .db.kysely.selectFrom('order_items as i')
        .innerJoin('orders as o', 'o.id', 'i.order_id')
        .select(['o.date_created_gmt', 'i.cost', 'i.quantity'])
        .where('i.variation_id', '=', 21)
        .where('o.type', '=', 'order')
        .execute();
      for (const i of items)
        expect(i.cost === null ? null : Number(i.cost), i.date_created_gmt).toBe(
          i.date_created_gmt >= '2024-02-01' ? toUnits('7.25') * Number(i.quantity) : null,
        );
      const list = await ctx().app.inject({
        method: 'GET',
        url: `/wp-json/wc-analytics/reports/variations?${RANGE}&extended_info=true`,
      });
      expect(list.json()[0].extended_info).toMatchObject({ cost: 7.25, cost_source: 'entered' });
    });

    it("the shop's cost wins unless the owner chooses the entered ones", async () => {
      const res = await api('POST', 'products/10/costs', { cost: 3, from: '2024-02-15' });
      expect(res.json()).toMatchObject({ cost: 4.5, cost_source: 'shop' });
      await matchesScratch();
      const turned = await api('PUT', 'costs/settings', { entered_costs_win: true });
      expect(turned.json()).toMatchObject({ entered_costs_win: true });
      expect(turned.json().recompute.orders).toBeGreaterThan(0);
      expect((await api('GET', 'products/10/costs')).json()).toMatchObject({
        cost: 3,
        cost_source: 'entered',
      });
      await matchesScratch();
      // The line whose cost the shop stored keeps it.
      const kept = await ctx()
        .db.kysely.selectFrom('order_items')
        .select(['cost', 'cost_source'])
        .where('id', '=', 70)
        .executeTakeFirstOrThrow();
      expect([Number(kept.cost), kept.cost_source]).toEqual([toUnits('5.5') * 2, 'line']);
      const products = await ctx().app.inject({
        method: 'GET',
        url: `/wp-json/wc-analytics/reports/products?${RANGE}&extended_info=true`,
      });
      expect(
        products
          .json()
          .map((r: { product_id: number; extended_info: { cost_source: string } }) => [
            r.product_id,
            r.extended_info.cost_source,
          ]),
      ).toEqual(expect.arrayContaining([[10, 'entered']]));
      await api('PUT', 'costs/settings', { entered_costs_win: false });
      await matchesScratch();
    });

    it('deleting an entered cost recomputes the orders it covered', async () => {
      const res = await api('DELETE', 'products/21/costs/2024-02-01');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ cost: null, cost_source: 'none', history: [] });
      await matchesScratch();
    });

    it('a CSV upload: a dry run changes nothing, a bad line refuses all, a good file applies', async () => {
      const before = await ctx().db.kysely.selectFrom('entered_costs').selectAll().execute();
      const csv = '\uFEFFsku,cost,from\r\nSKU21,6,2024-01-10\r\n"SKU10","3.75",2024-03-20\r\n';
      const dry = await api('POST', 'costs/import?dry_run=true', { csv });
      expect(dry.statusCode).toBe(200);
      expect(dry.json()).toMatchObject({ dry_run: true, lines: 2, changed: 2, recompute: null });
      expect(dry.json().rows).toEqual([
        expect.objectContaining({
          line: 2,
          product_id: 21,
          from: '2024-01-10',
          old_cost: null,
          new_cost: 6,
          cost_before: null,
          cost_after: 6,
        }),
        expect.objectContaining({
          line: 3,
          product_id: 10,
          from: '2024-03-20',
          new_cost: 3.75,
          cost_before: 4.5,
          cost_after: 4.5,
        }),
      ]);
      expect(await ctx().db.kysely.selectFrom('entered_costs').selectAll().execute()).toEqual(
        before,
      );

      for (const [bad, where] of [
        ['sku,cost,from\nSKU21,6,2024-01-10\nSKU10,-2,2024-03-20\n', 'Line 3, column cost'],
        ['sku,cost,from\nSKU21,6,2024-01-10\nNOPE,2,2024-03-20\n', 'Line 3, column sku'],
        ['id,cost,from\n21,6,2024-01-10\n10,2,2024-13-20\n', 'Line 3, column from'],
        ['id,cost,from\n21,6,2024-01-10\n21,7,2024-01-10\n', 'Line 3, column from'],
        ['id,cost\n21,6\n', 'Line 1, column from'],
        ['id,cost,from\n21,"6,2024-01-10\n', 'Line 2'],
      ] as const) {
        const res = await api('POST', 'costs/import', { csv: bad });
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().code).toBe('storelens_cost_import_invalid');
        expect(res.json().data.params.csv, bad).toContain(where);
      }
      expect(await ctx().db.kysely.selectFrom('entered_costs').selectAll().execute()).toEqual(
        before,
      );

      const done = await api('POST', 'costs/import', { csv });
      expect(done.json()).toMatchObject({ dry_run: false, lines: 2, changed: 2 });
      expect(done.json().recompute.orders).toBeGreaterThan(0);
      await matchesScratch();
      const status = (await api('GET', 'costs/recompute')).json();
      expect(status).toMatchObject({ status: 'done', pending: 0 });
      expect(status.orders.done).toBe(status.orders.total);
      // Every answer matches its schema in packages/api.
      for (const [url, schema] of [
        ['products/10/costs', CostHistoryBody],
        ['products/21/costs', CostHistoryBody],
        ['costs/settings', CostSettingsBody],
        ['costs/recompute', CostRecomputeStatus],
      ] as const)
        expect(drift(schema, (await api('GET', url)).json()), url).toEqual([]);
      expect(drift(CostImportResponse, dry.json())).toEqual([]);
      expect(drift(CostImportResponse, done.json())).toEqual([]);
      // The same file again changes nothing.
      expect((await api('POST', 'costs/import', { csv })).json()).toMatchObject({
        changed: 0,
        recompute: null,
      });
    });
  },
  seed,
);
