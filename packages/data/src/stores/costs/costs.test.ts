// @vitest-environment node

import type { CostImportResponse } from '@storelens/api';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiError } from '../../client/api-error.ts';
import { startStore } from '../../test/store.ts';
import { enterProductCost, importCosts } from './slice.ts';

const base = '/storelens/v1';
let close: (() => Promise<unknown>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const importAnswer = (dryRun: boolean): CostImportResponse => ({
  dry_run: dryRun,
  lines: 1,
  changed: 1,
  rows: [
    {
      line: 2,
      product_id: 10,
      name: 'Mug',
      sku: 'MUG',
      from: '2026-01-01',
      old_cost: null,
      new_cost: 4,
      cost_before: null,
      cost_after: 4,
      changes: true,
    },
  ],
  recompute: dryRun ? null : { id: 'job-1', orders: 3 },
});

async function costsServer() {
  const ctx = await startStore((app) => {
    app.post(`${base}/products/:id/costs`, async (req, reply) => {
      const body = req.body as { cost: string; from: string };
      if (Number(body.cost) < 0)
        return reply.code(400).send({
          code: 'rest_invalid_param',
          message: 'Invalid parameter(s): cost',
          data: { status: 400, params: { cost: 'cost must be a non-negative amount.' } },
        });
      return reply.code(201).send({ product_id: Number((req.params as { id: string }).id) });
    });
    app.post(`${base}/costs/import`, async (req, reply) => {
      const body = req.body as { csv: string; dry_run: boolean };
      if (body.csv.includes('bad'))
        return reply.code(400).send({
          code: 'storelens_cost_import_invalid',
          message: 'The costs file has a bad line.',
          data: { status: 400, params: { csv: 'Line 3, column cost: not an amount.' } },
        });
      return importAnswer(body.dry_run);
    });
  });
  close = () => ctx.server.close();
  return ctx;
}

describe('costs entered in Storelens', () => {
  it('enters a cost from a day and throws a refusal with the field it names', async () => {
    const { store, requests } = await costsServer();
    await store.dispatch(enterProductCost(10, { cost: '4.50', from: '2026-01-02' }));
    const post = requests.find((r) => r.url.includes('/products/10/costs'));
    expect(post?.body).toEqual({ cost: '4.50', from: '2026-01-02' });
    const refused = await store
      .dispatch(enterProductCost(10, { cost: '-1', from: '2026-01-02' }))
      .catch((e: ApiError) => e);
    expect((refused as ApiError).params).toEqual({ cost: 'cost must be a non-negative amount.' });
  });

  it('sends a CSV as a dry run, then for real; a bad line is named by the refusal', async () => {
    const { store, requests } = await costsServer();
    const dry = await store.dispatch(importCosts('sku,cost,from\nMUG,4,2026-01-01\n', true));
    expect(dry.dry_run).toBe(true);
    expect(dry.rows[0]?.changes).toBe(true);
    const done = await store.dispatch(importCosts('sku,cost,from\nMUG,4,2026-01-01\n', false));
    expect(done.recompute).toEqual({ id: 'job-1', orders: 3 });
    expect(requests.filter((r) => r.url.includes('/costs/import')).map((r) => r.body)).toEqual([
      { csv: 'sku,cost,from\nMUG,4,2026-01-01\n', dry_run: true },
      { csv: 'sku,cost,from\nMUG,4,2026-01-01\n', dry_run: false },
    ]);
    const refused = await store
      .dispatch(importCosts('sku,cost,from\nMUG,4,2026-01-01\nbad', true))
      .catch((e: ApiError) => e);
    expect((refused as ApiError).params).toEqual({ csv: 'Line 3, column cost: not an amount.' });
  });
});
