import {
  adminBool,
  CostCreateBody,
  CostEntryParams,
  CostHistoryBody,
  type CostHistoryEntry,
  CostImportBody,
  CostImportQuery,
  type CostImportResponse,
  CostImportResponse as CostImportResponseSchema,
  CostProductParams,
  CostQuery,
  CostRecomputeStatus,
  CostSettingsBody,
  CostSettingsUpdateBody,
} from '@storelens/api';
import { CsvSyntaxError, readCsv } from '@storelens/csv';
import type { FastifyInstance } from 'fastify';
import { nowGmt } from '../clock';
import type { Db } from '../db/database';
import type { ProductTable } from '../db/schema';
import { RawSql } from '../db/sql';
import { ApiError } from '../errors';
import type { JobRunner } from '../jobs/runner';
import { fromUnits, toUnits } from '../money';
import { readStoreSettings, setOptions } from '../options';
import type { TypeBoxProvider } from '../route-types';
import { zone } from '../timezone';
import { recomputeStatus, startRecompute } from './recompute';
import {
  type CostHistories,
  costInForce,
  ENTERED_COSTS_WIN_OPTION,
  enteredCostsWin,
  readCostHistories,
} from './unit-costs';

/** The largest unit cost taken (its units stay exact integers on both engines). */
const MAX_COST = 1_000_000_000;
/** The most lines one CSV upload may have. */
const MAX_IMPORT_LINES = 20_000;
/** The shop's first cost of a product is in force since this date (connect/records.ts). */
const SINCE_ALWAYS = '1970-01-01 00:00:00';

const money = (units: number | null) => (units === null ? null : fromUnits(units, 4));
const isoGmt = (gmt: string) => gmt.replace(' ', 'T');

/** A unit cost as given, in units; or why it is refused. */
export function parseCost(value: unknown): { units: number } | { error: string } {
  const refuse = { error: 'cost must be a non-negative amount, such as 12.50.' };
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return refuse;
    text = value.toFixed(6);
  } else if (typeof value === 'string') {
    text = value.trim();
    if (!/^\d{1,13}(\.\d{1,12})?$|^\.\d{1,12}$/.test(text)) return refuse;
  } else return refuse;
  if (Number(text) > MAX_COST) return { error: `cost must be at most ${MAX_COST}.` };
  return { units: toUnits(text) };
}

/**
 * A store-local day `YYYY-MM-DD` as the GMT instant its midnight is in the store's zone; or
 * why it is refused (not a real day, before 1970, after today).
 */
export function parseDay(
  value: unknown,
  timezone: string,
  now = Date.now(),
): { gmt: string; day: string } | { error: string } {
  const text = typeof value === 'string' ? value.trim() : '';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return { error: 'from must be a day written YYYY-MM-DD.' };
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    return { error: `from is not a real day: ${text}.` };
  if (y < 1970) return { error: 'from must be in 1970 or later.' };
  const z = zone(timezone);
  const today = z.toLocal(nowGmt(now)).slice(0, 10);
  if (text > today) return { error: `from may not be after today (${today}).` };
  return { gmt: z.toGmt(`${text} 00:00:00`), day: text };
}

/** A product or variation of the catalog, or 400 naming `param`. */
async function productOr400(db: Db, id: number, param = 'id'): Promise<ProductTable> {
  const product = await db.kysely
    .selectFrom('products')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!product) throw ApiError.invalidParams({ [param]: `No product or variation has id ${id}.` });
  return product;
}

/** The store-local day of a history entry (the shop's first: since always). */
function dayOf(gmt: string, toLocal: (gmt: string) => string): string {
  return gmt === SINCE_ALWAYS ? SINCE_ALWAYS.slice(0, 10) : toLocal(gmt).slice(0, 10);
}

/** A product's costs as `GET …/costs` answers them. */
export async function costHistory(db: Db, product: ProductTable): Promise<CostHistoryBody> {
  const sql = new RawSql(db.kysely, db.engine);
  const id = Number(product.id);
  const parent = Number(product.parent_id);
  const histories = await readCostHistories(sql, parent > 0 ? [id, parent] : [id]);
  const win = await enteredCostsWin(sql);
  const current = costInForce(histories, win, id, parent, nowGmt());
  const toLocal = zone((await readStoreSettings(db)).timezone).toLocal;
  const entered = await db.kysely
    .selectFrom('entered_costs')
    .selectAll()
    .where('product_id', '=', id)
    .execute();
  const history: CostHistoryEntry[] = [
    ...(histories.shop.get(id) ?? []).map(
      (h): CostHistoryEntry => ({
        source: 'shop',
        from: dayOf(h.from, toLocal),
        from_gmt: isoGmt(h.from),
        cost: money(h.cost),
        created_gmt: null,
        created_by: null,
      }),
    ),
    ...entered.map(
      (e): CostHistoryEntry => ({
        source: 'entered',
        from: dayOf(e.effective_from_gmt, toLocal),
        from_gmt: isoGmt(e.effective_from_gmt),
        cost: money(e.cost === null ? null : Number(e.cost)),
        created_gmt: isoGmt(e.created_gmt),
        created_by: Number(e.created_by),
      }),
    ),
  ].sort((a, b) =>
    a.from_gmt === b.from_gmt ? a.source.localeCompare(b.source) : a.from_gmt < b.from_gmt ? -1 : 1,
  );
  return {
    product_id: id,
    parent_id: parent,
    name: product.name,
    sku: product.sku,
    cost: money(current.cost),
    cost_source: current.source,
    entered_costs_win: win,
    history,
  };
}

/** The entered costs' rows written by one change (replacing any of the same product and day). */
async function writeEntered(
  db: Pick<Db, 'kysely'>,
  rows: { productId: number; fromGmt: string; units: number }[],
  userId: number,
): Promise<void> {
  const created = nowGmt();
  for (let start = 0; start < rows.length; start += 500) {
    await db.kysely
      .insertInto('entered_costs')
      .values(
        rows.slice(start, start + 500).map((r) => ({
          product_id: r.productId,
          effective_from_gmt: r.fromGmt,
          cost: r.units,
          created_gmt: created,
          created_by: userId,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['product_id', 'effective_from_gmt']).doUpdateSet((eb) => ({
          cost: eb.ref('excluded.cost'),
          created_gmt: eb.ref('excluded.created_gmt'),
          created_by: eb.ref('excluded.created_by'),
        })),
      )
      .execute();
  }
}

/** One checked line of an upload. */
interface ImportLine {
  line: number;
  product: ProductTable;
  day: string;
  fromGmt: string;
  units: number;
}

/** Why an upload is refused: the line and column. */
const importError = (line: number, column: string, reason: string) =>
  ApiError.of('storelens_cost_import_invalid', `line ${line}, column ${column}: ${reason}`, {
    csv: `Line ${line}, column ${column}: ${reason}`,
  });

/** Reads and checks every line of an upload; the first bad one refuses the whole file. */
async function checkImport(db: Db, text: string, timezone: string): Promise<ImportLine[]> {
  let records: ReturnType<typeof readCsv>;
  try {
    records = readCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw ApiError.of('storelens_cost_import_invalid', error.message, { csv: error.message });
    throw error;
  }
  const [header, ...lines] = records;
  if (!header) throw importError(1, 'sku', 'the file is empty: its first line names the columns.');
  const names = header.cells.map((c) => c.trim().toLowerCase());
  const col = (name: string) => names.indexOf(name);
  const [sku, id, cost, from] = [col('sku'), col('id'), col('cost'), col('from')];
  if (sku < 0 && id < 0) throw importError(header.line, 'sku', 'name a sku or an id column.');
  if (cost < 0) throw importError(header.line, 'cost', 'no cost column.');
  if (from < 0) throw importError(header.line, 'from', 'no from column.');
  if (lines.length === 0) throw importError(header.line, 'cost', 'no line after the header.');
  if (lines.length > MAX_IMPORT_LINES)
    throw importError(
      lines[MAX_IMPORT_LINES]!.line,
      'cost',
      `at most ${MAX_IMPORT_LINES} lines in one file.`,
    );

  // The products named, read at once.
  const cell = (cells: string[], at: number) => (at < 0 ? '' : (cells[at] ?? '').trim());
  const ids = new Set<number>();
  const skus = new Set<string>();
  for (const l of lines) {
    const idText = cell(l.cells, id);
    if (/^\d{1,15}$/.test(idText)) ids.add(Number(idText));
    const skuText = cell(l.cells, sku);
    if (skuText) skus.add(skuText);
  }
  const byId = new Map<number, ProductTable>();
  const bySku = new Map<string, ProductTable[]>();
  const found: ProductTable[] = [];
  for (let start = 0; start < Math.max(ids.size, skus.size); start += 500) {
    const idChunk = [...ids].slice(start, start + 500);
    const skuChunk = [...skus].slice(start, start + 500);
    if (idChunk.length)
      found.push(
        ...(await db.kysely
          .selectFrom('products')
          .selectAll()
          .where('id', 'in', idChunk)
          .execute()),
      );
    if (skuChunk.length)
      found.push(
        ...(await db.kysely
          .selectFrom('products')
          .selectAll()
          .where('sku', 'in', skuChunk)
          .execute()),
      );
  }
  for (const p of found) {
    byId.set(Number(p.id), p);
    if (p.sku) {
      const list = bySku.get(p.sku) ?? [];
      if (!list.some((x) => Number(x.id) === Number(p.id))) list.push(p);
      bySku.set(p.sku, list);
    }
  }

  const out: ImportLine[] = [];
  const seen = new Map<string, number>();
  for (const l of lines) {
    const idText = cell(l.cells, id);
    const skuText = cell(l.cells, sku);
    let product: ProductTable | undefined;
    if (idText) {
      if (!/^\d{1,15}$/.test(idText) || Number(idText) < 1)
        throw importError(l.line, 'id', `"${idText.slice(0, 40)}" is not a product id.`);
      product = byId.get(Number(idText));
      if (!product) throw importError(l.line, 'id', `no product or variation has id ${idText}.`);
    } else if (skuText) {
      const matches = bySku.get(skuText) ?? [];
      if (matches.length === 0)
        throw importError(
          l.line,
          'sku',
          `no product or variation has the SKU "${skuText.slice(0, 60)}".`,
        );
      if (matches.length > 1)
        throw importError(
          l.line,
          'sku',
          `several products have the SKU "${skuText.slice(0, 60)}": give the id.`,
        );
      product = matches[0];
    } else throw importError(l.line, sku >= 0 ? 'sku' : 'id', 'no product named.');
    const parsedCost = parseCost(cell(l.cells, cost));
    if ('error' in parsedCost) throw importError(l.line, 'cost', parsedCost.error);
    const day = parseDay(cell(l.cells, from), timezone);
    if ('error' in day) throw importError(l.line, 'from', day.error);
    const key = `${Number(product!.id)} ${day.gmt}`;
    const earlier = seen.get(key);
    if (earlier !== undefined)
      throw importError(
        l.line,
        'from',
        `line ${earlier} already gives this product's cost from ${day.day}.`,
      );
    seen.set(key, l.line);
    out.push({
      line: l.line,
      product: product!,
      day: day.day,
      fromGmt: day.gmt,
      units: parsedCost.units,
    });
  }
  return out;
}

/** What each line of an upload changes, from the histories before and after. */
async function describeImport(
  db: Db,
  lines: readonly ImportLine[],
): Promise<CostImportResponse['rows']> {
  const sql = new RawSql(db.kysely, db.engine);
  const ids = lines.flatMap((l) =>
    Number(l.product.parent_id) > 0
      ? [Number(l.product.id), Number(l.product.parent_id)]
      : [Number(l.product.id)],
  );
  const before = await readCostHistories(sql, ids);
  const win = await enteredCostsWin(sql);
  // The histories as they will be: each line's entered cost put in.
  const after: CostHistories = {
    shop: before.shop,
    entered: new Map([...before.entered].map(([k, v]) => [k, [...v]])),
  };
  for (const l of lines) {
    const list = (after.entered.get(Number(l.product.id)) ?? []).filter(
      (e) => e.from !== l.fromGmt,
    );
    list.push({ from: l.fromGmt, cost: l.units });
    list.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
    after.entered.set(Number(l.product.id), list);
  }
  return lines.map((l) => {
    const id = Number(l.product.id);
    const parent = Number(l.product.parent_id);
    const old = before.entered.get(id)?.find((e) => e.from === l.fromGmt);
    return {
      line: l.line,
      product_id: id,
      name: l.product.name,
      sku: l.product.sku,
      from: l.day,
      old_cost: money(old ? old.cost : null),
      new_cost: fromUnits(l.units, 4),
      cost_before: money(costInForce(before, win, id, parent, l.fromGmt).cost),
      cost_after: money(costInForce(after, win, id, parent, l.fromGmt).cost),
      changes: !old || old.cost !== l.units,
    };
  });
}

/** `storelens/v1/products/{id}/costs…` and `storelens/v1/costs/…` (docs/api.md, "Costs"). */
export function costRoutes(app: FastifyInstance, db: Db, runner: JobRunner): void {
  const routes = app.withTypeProvider<TypeBoxProvider>();
  const base = '/wp-json/storelens/v1';
  const userId = (request: { authUser?: { id: number } }) => request.authUser?.id ?? 0;
  /** After a change: the reports' caches and their freshness follow it. */
  const changed = () => db.events.emit('ingested');

  routes.get(
    `${base}/products/:id/costs`,
    {
      schema: {
        params: CostProductParams,
        querystring: CostQuery,
        response: { 200: CostHistoryBody },
      },
    },
    async (request) => costHistory(db, await productOr400(db, request.params.id)),
  );

  routes.post(
    `${base}/products/:id/costs`,
    {
      schema: {
        params: CostProductParams,
        body: CostCreateBody,
        response: { 201: CostHistoryBody },
      },
    },
    async (request, reply) => {
      const product = await productOr400(db, request.params.id);
      const body = request.body;
      const { timezone } = await readStoreSettings(db);
      const bad: Record<string, string> = {};
      const cost = parseCost(body.cost);
      if ('error' in cost) bad.cost = cost.error;
      const day = parseDay(body.from, timezone);
      if ('error' in day) bad.from = day.error;
      if ('error' in cost || 'error' in day) throw ApiError.invalidParams(bad);
      await writeEntered(
        db,
        [{ productId: Number(product.id), fromGmt: day.gmt, units: cost.units }],
        userId(request),
      );
      const recompute = await startRecompute(db, runner, [Number(product.id)], day.gmt);
      changed();
      reply.status(201);
      return { ...(await costHistory(db, product)), recompute };
    },
  );

  routes.delete(
    `${base}/products/:id/costs/:from`,
    {
      schema: {
        params: CostEntryParams,
        querystring: CostQuery,
        response: { 200: CostHistoryBody },
      },
    },
    async (request) => {
      const product = await productOr400(db, request.params.id);
      const from = request.params.from;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(from))
        throw ApiError.invalidParams({ from: 'from must be a day written YYYY-MM-DD.' });
      const toLocal = zone((await readStoreSettings(db)).timezone).toLocal;
      const rows = await db.kysely
        .selectFrom('entered_costs')
        .select('effective_from_gmt')
        .where('product_id', '=', Number(product.id))
        .execute();
      const target = rows.find((r) => dayOf(r.effective_from_gmt, toLocal) === from);
      if (!target) throw ApiError.of('storelens_cost_not_found', from);
      await db.kysely
        .deleteFrom('entered_costs')
        .where('product_id', '=', Number(product.id))
        .where('effective_from_gmt', '=', target.effective_from_gmt)
        .execute();
      const recompute = await startRecompute(
        db,
        runner,
        [Number(product.id)],
        target.effective_from_gmt,
      );
      changed();
      return { ...(await costHistory(db, product)), recompute };
    },
  );

  routes.get(
    `${base}/costs/settings`,
    { schema: { querystring: CostQuery, response: { 200: CostSettingsBody } } },
    async () => ({ entered_costs_win: await enteredCostsWin(new RawSql(db.kysely, db.engine)) }),
  );
  for (const method of ['PUT', 'POST'] as const) {
    routes.route({
      method,
      url: `${base}/costs/settings`,
      schema: { body: CostSettingsUpdateBody, response: { 200: CostSettingsBody } },
      handler: async (request) => {
        const win = adminBool(request.body.entered_costs_win);
        const before = await enteredCostsWin(new RawSql(db.kysely, db.engine));
        if (win === before) return { entered_costs_win: win, recompute: null };
        await setOptions(db, { [ENTERED_COSTS_WIN_OPTION]: win });
        // Every product with an entered cost may take another cost now, from its first one.
        const entered = await db.kysely
          .selectFrom('entered_costs')
          .select(['product_id', 'effective_from_gmt'])
          .execute();
        const first = entered.map((e) => e.effective_from_gmt).sort()[0];
        const recompute = first
          ? await startRecompute(
              db,
              runner,
              entered.map((e) => Number(e.product_id)),
              first,
            )
          : null;
        changed();
        return { entered_costs_win: win, recompute };
      },
    });
  }

  routes.post(
    `${base}/costs/import`,
    {
      schema: {
        querystring: CostImportQuery,
        body: CostImportBody,
        response: { 200: CostImportResponseSchema },
      },
    },
    async (request): Promise<CostImportResponse> => {
      const dryRun = adminBool(request.body.dry_run ?? request.query.dry_run);
      const { timezone } = await readStoreSettings(db);
      const lines = await checkImport(db, request.body.csv, timezone);
      const rows = await describeImport(db, lines);
      const changes = lines.filter((_, i) => rows[i]!.changes);
      const answer = { dry_run: dryRun, lines: lines.length, changed: changes.length, rows };
      if (dryRun || changes.length === 0) return { ...answer, recompute: null };
      // Every line or none.
      await db.kysely.transaction().execute((trx) =>
        writeEntered(
          { kysely: trx },
          changes.map((l) => ({
            productId: Number(l.product.id),
            fromGmt: l.fromGmt,
            units: l.units,
          })),
          userId(request),
        ),
      );
      const recompute = await startRecompute(
        db,
        runner,
        changes.map((l) => Number(l.product.id)),
        changes.map((l) => l.fromGmt).sort()[0]!,
      );
      changed();
      return { ...answer, recompute };
    },
  );

  routes.get(
    `${base}/costs/recompute`,
    { schema: { querystring: CostQuery, response: { 200: CostRecomputeStatus } } },
    async () => recomputeStatus(db),
  );
}
