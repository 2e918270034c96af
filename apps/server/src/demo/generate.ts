import type { OrderStatus } from '@storelens/api';
import { seedAdminDemo } from '../admin/demo';
import { refreshAllLastActive } from '../customer-activity';
import { deferIndexes, vacuumTables } from '../db/bulk';
import type { Db } from '../db/database';
import { CUSTOMER_COLUMNS_WITH_ACTIVITY, DOWNLOAD_COLUMNS, PRODUCT_COLUMNS } from '../db/schema';
import { RawSql } from '../db/sql';
import { BulkRollups, endBulkLoad } from '../ingest/bulk-rollups';
import { ingestOrders, phaseTimer } from '../ingest/ingest';
import type { OrderFeeInput, OrderInput, OrderLineInput, RefundInput } from '../ingest/types';
import { toUnits } from '../money';
import { setOptions } from '../options';
import { formatSqlUtc, zone } from '../timezone';
import {
  adjectives,
  categoryTree,
  colors,
  coupons as couponSpecs,
  digitalCategories,
  productWords,
  sizes,
  taxRates,
  variableCategories,
} from './catalog';
import { CustomerBook } from './customers';
import { demoCostAt, demoCosts, demoOrderFacts, demoPaymentFee } from './order-facts';
import { Random } from './random';
import { slug } from './slug';

/** How the demo store is shaped. */
export interface DemoOptions {
  orders: number;
  seed: number;
  years: number;
  /** Last day with orders, 'YYYY-MM-DD' in the store zone; default today. */
  end?: string;
  /** The generation time (ms since the epoch; default the clock's): nothing is dated later. */
  now?: number;
  timezone: string;
  currency: string;
  startOfWeek: number;
  /** Orders per ingestion batch (default `BATCH`; tests take small ones to cross batches). */
  batch?: number;
  /** Milliseconds per phase of the load are added here (`npm run demo -- --timings`). */
  timings?: Record<string, number>;
  /** Called after each ingested batch with the orders written so far. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * The generator's version: raise it whenever the same options would generate different rows
 * (benches key the stores they keep by it, scripts/bench.ts).
 */
export const DEMO_GENERATOR_VERSION = 5;

/** Demo defaults: two years, about 20,000 orders, a New York store (a zone with DST). */
export const defaultDemoOptions: DemoOptions = {
  orders: 20_000,
  seed: 42,
  years: 2,
  timezone: 'America/New_York',
  currency: 'USD',
  startOfWeek: 1,
};

interface Product {
  id: number;
  parentId: number;
  type: 'simple' | 'variable' | 'variation';
  name: string;
  price: number;
  downloadable: boolean;
  categoryIds: number[];
  popularity: number;
  variations: Product[];
}

const DAY = 86_400_000;
/**
 * Orders per ingestion batch. Customer totals, first orders and the customers index take
 * writes all over their B-trees, so each commit rewrites most of their pages whatever the
 * batch's size: 50,000 orders per batch write those pages a fifth as often as 10,000 did
 * (commit time per order 3.7 -> 1.6 µs at 1M orders).
 */
const BATCH = 50_000;

/** Generates a whole demo store (catalog, customers, orders) through the ingestion path. */
/** What the generator wrote, and how long the ingestion path took. */
export interface DemoResult {
  orders: number;
  refunds: number;
  ingestMs: number;
  /** CPU time (user + system) of this process spent ingesting: steadier than wall time on a busy machine. */
  ingestCpuMs: number;
}

/**
 * The option that says a demo generation started and has not finished: it is written before
 * the first row and set to done after the last step, so a generator stopped half-way (Ctrl-C
 * during the first `npm start`, a kill) leaves a mark that the next start and `npm run demo`
 * find, instead of a half-built store served without a word.
 */
export const DEMO_GENERATION_OPTION = 'storelens_demo_generation';

/** What the generation marker holds. */
export interface DemoGenerationMark {
  status: 'running' | 'done';
  orders: number;
}

export async function generateDemoStore(
  db: Db,
  options: Partial<DemoOptions> = {},
): Promise<DemoResult> {
  const orders = options.orders ?? defaultDemoOptions.orders;
  await setOptions(db, {
    [DEMO_GENERATION_OPTION]: { status: 'running', orders } satisfies DemoGenerationMark,
  });
  // A bulk load: secondary indexes (and PostgreSQL's item_day key, which BulkRollups writes
  // with plain inserts) are built once at the end, and that time counts as ingestion.
  await deferIndexes(db, { keys: true });
  // The rollups are summed in memory across the batches, each row written once its days are
  // closed (ingest/bulk-rollups.ts).
  const bulk = new BulkRollups();
  const result = await generate(db, options, bulk);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const phase = phaseTimer(options.timings);
  await endBulkLoad(db, bulk, phase);
  const used = process.cpuUsage(cpu);
  await finishStore(db);
  // finishStore rewrote every customer and product after the load's VACUUM: without another,
  // PostgreSQL's index-only scans of them (the customers leaderboard's, the customers list's)
  // visit the table for each row, and the dead rows double the customers table, until
  // autovacuum comes by (never where it is off).
  if (db.engine === 'postgres') await vacuumTables(db, ['customers', 'products']);
  phase('finishing (not ingestion)');
  await setOptions(db, {
    [DEMO_GENERATION_OPTION]: { status: 'done', orders } satisfies DemoGenerationMark,
  });
  return {
    ...result,
    ingestMs: result.ingestMs + performance.now() - started,
    ingestCpuMs: result.ingestCpuMs + (used.user + used.system) / 1000,
  };
}

/** What is known once every order is in: customers' last activity, products' popularity. */
async function finishStore(db: Db) {
  // Popularity for the product picker's orderby=popularity: units sold, refunds netted, as
  // summed by the product month rollup (every line once under the creation date), which is a
  // few thousand rows where the lookup is millions.
  await db.kysely.transaction().execute(async (trx) => {
    const sql = new RawSql(trx, db.engine, db.sqlite);
    // Whole-store statements.
    await sql.liftStatementTimeout();
    // Customers are written when first met; their last activity is known once every order is.
    await refreshAllLastActive(sql);
    await sql.run(
      `UPDATE products SET total_sales = s.qty
       FROM (SELECT product_id, SUM(items_sold) AS qty FROM product_month
         WHERE date_kind = 'created' GROUP BY product_id) s
       WHERE s.product_id = products.id AND products.parent_id = 0`,
    );
  });
}

/** Writes the settings and catalog, then generates and ingests the orders batch by batch. */
async function generate(
  db: Db,
  options: Partial<DemoOptions>,
  bulk: BulkRollups,
): Promise<DemoResult> {
  const o = { ...defaultDemoOptions, ...options };
  const rnd = new Random(o.seed);
  // Fees are drawn from a stream of their own, so the rest of the store is the one the same
  // seed gave before fees were generated.
  const feeRnd = new Random(o.seed ^ 0x0fee5eed);
  // So are the orders' payment, channel, attribution and the products' costs.
  const factRnd = new Random(o.seed ^ 0x0c057ed);
  const z = zone(o.timezone);
  const sql = new RawSql(db.kysely, db.engine, db.sqlite);
  await setOptions(db, {
    timezone_string: o.timezone,
    start_of_week: o.startOfWeek,
    woocommerce_currency: o.currency,
    woocommerce_price_num_decimals: 2,
    woocommerce_demo_seed: o.seed,
  });

  const nowGmt = o.now ?? Date.now();
  const nowLocal = z.toLocal(formatSqlUtc(nowGmt));
  const nowLocalMs = Date.parse(`${nowLocal.replace(' ', 'T')}Z`); // wall clock
  const endLocal = o.end ?? nowLocal.slice(0, 10);
  const endMs = Date.parse(`${endLocal}T00:00:00Z`) + DAY; // exclusive, wall clock
  const startMs = endMs - Math.round(o.years * 365.25) * DAY;
  // The catalog's creation: a local midnight, and its GMT twin (local dates are GMT ones in
  // the shop's zone, and a rebuild sets them so again: local-dates.ts).
  const createdLocal = formatSqlUtc(startMs - 30 * DAY);
  const created = { local: createdLocal, gmt: z.toGmt(createdLocal) };

  const { products, couponIds } = await writeCatalog(sql, rnd, created);
  // Costs over the two years (a change is never after now), in `product_costs`; lines made
  // from the store's fourth month on store their cost as WooCommerce's COGS does, earlier
  // ones take the product's cost on their date from that table at ingestion.
  const costs = demoCosts(factRnd, products, startMs, Math.min(endMs, nowGmt));
  await sql.insertMany(
    'product_costs',
    ['product_id', 'effective_from_gmt', 'cost', 'source'],
    costs.rows,
  );
  const costsStoredFrom = startMs + 90 * DAY;
  // A day's orders are spread over its hours, so the day of `now` has had only the share of
  // them placed before now (29 orders "today" at 00:43 is no shop's), and a later day none.
  const { days, counts } = demandCurve(rnd, o.orders, startMs, endMs, (dayMs) =>
    shareOfDayBefore((nowLocalMs - dayMs) / 3_600_000),
  );
  const customers = new CustomerBook(rnd, z);

  const weightedProducts = products.map((p) => [p, p.popularity] as const);
  const inputs: OrderInput[] = [];
  // Written with each batch: a million orders' worth held to the end would slow every GC.
  const downloads: unknown[][] = [];
  let downloadId = 0;
  let nextItem = 1;
  let nextOrder = 1000;
  let written = 0;
  let refundCount = 0;
  let ingestMs = 0;
  let ingestCpuMs = 0;
  let generating = performance.now();
  /** The day (from the start) of the pending batch's first order. */
  let batchDay = 0;

  for (let d = 0; d < days; d++) {
    for (let k = 0; k < counts[d]!; k++) {
      // Evenings are busiest; the time is local to the store, and not after now (the day of
      // now draws again until a time before it, and gives up for a time picked before it).
      const dayMs = startMs + d * DAY;
      const orderTime = () => {
        const hour = Math.min(23, Math.max(0, Math.round(14 + 4.5 * rnd.normal())));
        const localMs = dayMs + hour * 3_600_000 + rnd.int(0, 3599) * 1000;
        const gmt = z.toGmt(formatSqlUtc(localMs));
        return { localMs, createdGmt: gmt, createdMs: Date.parse(`${gmt.replace(' ', 'T')}Z`) };
      };
      let time = orderTime();
      for (let tries = 0; time.createdMs > nowGmt && tries < 50; tries++) time = orderTime();
      if (time.createdMs > nowGmt) {
        const createdMs =
          nowGmt - rnd.int(0, Math.max(0, Math.floor((nowLocalMs - dayMs) / 1000))) * 1000;
        const createdGmt = formatSqlUtc(createdMs);
        time = {
          localMs: Date.parse(`${z.toLocal(createdGmt).replace(' ', 'T')}Z`),
          createdGmt,
          createdMs,
        };
      }
      const { localMs, createdGmt, createdMs } = time;
      const returning = customers.count > 20 && rnd.chance(0.55);
      const customer = returning ? customers.pickLoyal() : customers.add(createdMs);
      const recent = endMs - localMs < 3 * DAY;
      const status: OrderStatus = rnd.weighted<OrderStatus>(
        recent
          ? [
              ['processing', 45],
              ['pending', 20],
              ['on-hold', 15],
              ['completed', 15],
              ['failed', 5],
            ]
          : [
              ['completed', 72],
              ['processing', 4],
              ['on-hold', 3],
              ['refunded', 5],
              ['cancelled', 7],
              ['failed', 5],
              ['pending', 4],
            ],
      );
      const paid = status === 'completed' || status === 'processing' || status === 'refunded';
      // Paid 30 s to 15 min after the order, or by now for an order of the last minutes.
      const paidMs = Math.max(createdMs, Math.min(createdMs + rnd.int(30, 900) * 1000, nowGmt));
      const completedMs = paidMs + rnd.int(1, 5) * DAY + rnd.int(0, 36_000) * 1000;
      const done = (status === 'completed' || status === 'refunded') && completedMs < nowGmt;

      const lines: OrderLineInput[] = [];
      const lineCount = rnd.weighted([
        [1, 50],
        [2, 28],
        [3, 14],
        [4, 8],
      ] as const);
      const chosen = new Set<number>();
      for (let n = 0; n < lineCount; n++) {
        const product = rnd.weighted(weightedProducts);
        const item = product.variations.length
          ? rnd.weighted(product.variations.map((v) => [v, v.popularity] as const))
          : product;
        if (chosen.has(item.id)) continue;
        chosen.add(item.id);
        const quantity = product.downloadable
          ? 1
          : rnd.weighted([
              [1, 70],
              [2, 20],
              [3, 10],
            ] as const);
        const subtotal = item.price * quantity;
        const variationId = item.type === 'variation' ? item.id : 0;
        const unitCost =
          createdMs >= costsStoredFrom
            ? demoCostAt(costs.history, product.id, variationId, createdMs)
            : undefined;
        lines.push({
          id: nextItem++,
          productId: product.id,
          variationId,
          name: item.name,
          quantity,
          subtotal,
          total: subtotal,
          tax: 0,
          ...(unitCost !== undefined ? { cost: unitCost * quantity } : {}),
        });
      }

      const orderCoupons: OrderInput['coupons'] = [];
      if (rnd.chance(0.12)) {
        const index = rnd.int(0, couponSpecs.length - 1);
        const spec = couponSpecs[index]!;
        const amount = toUnits(spec.amount);
        const subtotal = lines.reduce((a, l) => a + l.subtotal, 0);
        let discount = 0;
        for (const line of lines) {
          const share =
            spec.type === 'percent'
              ? Math.round((line.subtotal * amount) / toUnits('100') / 100) * 100
              : spec.type === 'fixed_product'
                ? Math.min(line.subtotal, amount * line.quantity)
                : Math.round((Math.min(amount, subtotal) * line.subtotal) / subtotal / 100) * 100;
          line.total = line.subtotal - share;
          discount += share;
        }
        if (discount > 0)
          orderCoupons.push({ couponId: couponIds[index]!, code: spec.code, discount });
      }

      const physical = lines.some((l) => !products.find((p) => p.id === l.productId)?.downloadable);
      const itemsTotal = lines.reduce((a, l) => a + l.total, 0);
      const shipping =
        !physical || itemsTotal >= toUnits('100') ? 0 : toUnits(rnd.chance(0.7) ? '5' : '10');
      const rate = taxRates.findIndex(
        (t) => t.country === customer.country && (t.state === '' || t.state === customer.state),
      );
      let shippingTax = 0;
      const taxes: OrderInput['taxes'] = [];
      const percent = rate >= 0 ? toUnits(taxRates[rate]!.rate) : 0;
      const taxOf = (units: number) => Math.round((units * percent) / toUnits('100') / 100) * 100;
      const fees = demoFees(feeRnd, physical, itemsTotal, nextItem, rate + 1, taxOf);
      nextItem += fees.length;
      if (rate >= 0) {
        for (const line of lines) line.tax = taxOf(line.total);
        shippingTax = taxOf(shipping);
        taxes.push({
          rateId: rate + 1,
          // WooCommerce's tax lines hold the fees' tax with the items'.
          tax: lines.reduce((a, l) => a + l.tax, 0) + fees.reduce((a, f) => a + f.tax, 0),
          shippingTax,
        });
      }

      const orderId = nextOrder++;
      const refunds: RefundInput[] = [];
      // Refunds come 1 hour to 20 days after payment, spread evenly, never in the future.
      const refundAt = (after: number) => {
        const latest = Math.min(after + 20 * DAY, nowGmt - 60_000);
        const earliest = after + 3_600_000;
        if (latest <= earliest) return latest;
        return earliest + rnd.int(0, Math.floor((latest - earliest) / 1000)) * 1000;
      };
      if (status === 'refunded') {
        const at = refundAt(paidMs);
        refunds.push({
          id: nextOrder++,
          dateCreatedGmt: formatSqlUtc(at),
          lines: lines.map((l) => ({
            id: nextItem++,
            orderItemId: l.id,
            quantity: l.quantity,
            total: l.total,
            tax: l.tax,
          })),
          shipping,
          shippingTax,
          ...(fees.length > 0
            ? {
                fees: fees.map((f) => ({
                  id: nextItem++,
                  orderFeeId: f.id,
                  name: f.name,
                  total: f.total,
                  tax: f.tax,
                  taxes: f.taxes,
                })),
              }
            : {}),
        });
      } else if (status === 'completed' && rnd.chance(0.04) && lines.length > 0) {
        const line = rnd.pick(lines);
        const quantity = rnd.int(1, line.quantity);
        const at = refundAt(paidMs);
        if (at > paidMs) {
          refunds.push({
            id: nextOrder++,
            dateCreatedGmt: formatSqlUtc(at),
            lines: [
              {
                id: nextItem++,
                orderItemId: line.id,
                quantity,
                total: Math.round((line.total * quantity) / line.quantity),
                tax: Math.round((line.tax * quantity) / line.quantity),
              },
            ],
            shipping: 0,
            shippingTax: 0,
          });
        }
      }

      // Now and then a shop gives a fee back (the gift wrapping forgotten, the surcharge waived).
      const givenBack = fees.find((f) => f.total > 0);
      if (status === 'completed' && givenBack && feeRnd.chance(0.08)) {
        const at = Math.min(paidMs + feeRnd.int(1, 10) * DAY, nowGmt - 60_000);
        if (at > paidMs)
          refunds.push({
            id: nextOrder++,
            dateCreatedGmt: formatSqlUtc(at),
            lines: [],
            shipping: 0,
            shippingTax: 0,
            fees: [
              {
                id: nextItem++,
                orderFeeId: givenBack.id,
                name: givenBack.name,
                total: givenBack.total,
                tax: givenBack.tax,
                taxes: givenBack.taxes,
              },
            ],
          });
      }

      const facts = demoOrderFacts(factRnd, physical, createdMs);
      const total =
        lines.reduce((a, l) => a + l.total + l.tax, 0) +
        fees.reduce((a, f) => a + f.total + f.tax, 0) +
        shipping +
        shippingTax;
      const refunded = refunds.reduce(
        (a, r) =>
          a +
          r.lines.reduce((b, l) => b + l.total + l.tax, 0) +
          (r.fees ?? []).reduce((b, f) => b + f.total + f.tax, 0) +
          r.shipping +
          r.shippingTax,
        0,
      );
      const paymentFee = paid ? demoPaymentFee(facts, o.currency, total, refunded) : undefined;

      if (inputs.length === 0) batchDay = d;
      inputs.push({
        id: orderId,
        status,
        currency: o.currency,
        customerId: customer.id,
        dateCreatedGmt: createdGmt,
        datePaidGmt: paid ? formatSqlUtc(paidMs) : null,
        dateCompletedGmt: done ? formatSqlUtc(completedMs) : null,
        billing: { country: customer.country, state: customer.state, email: customer.email },
        lines,
        shipping,
        shippingTax,
        coupons: orderCoupons,
        taxes,
        ...(fees.length > 0 ? { fees } : {}),
        paymentMethod: facts.paymentMethod,
        paymentMethodTitle: facts.paymentMethodTitle,
        createdVia: facts.createdVia,
        attribution: facts.attribution,
        ...(paymentFee ? { paymentFee } : {}),
        refunds,
      });

      if (paid && status !== 'refunded') {
        for (const line of lines) {
          if (!products.find((p) => p.id === line.productId)?.downloadable) continue;
          for (let n = rnd.int(1, 3); n > 0; n--) {
            // A download 1 minute to 20 days after payment; one still to come is not logged
            // (clamped to now, they piled up on the last second: ten times a day's downloads).
            const at = paidMs + rnd.int(60, 20 * 86_400) * 1000;
            if (at > nowGmt) continue;
            downloads.push([
              ++downloadId,
              `dl-${line.productId}`,
              line.productId,
              orderId,
              customer.id,
              rnd.pick(customer.ips),
              z.toLocal(formatSqlUtc(at)),
              formatSqlUtc(at),
            ]);
          }
        }
      }

      if (inputs.length >= (o.batch ?? BATCH)) await ingest();
    }
  }
  await ingest();
  await seedAdminDemo(db, rnd);
  return { orders: written, refunds: refundCount, ingestMs, ingestCpuMs };

  /** Writes the customers met so far, then the pending orders through the ingestion path. */
  async function ingest() {
    if (inputs.length === 0) return;
    let phase = phaseTimer(o.timings);
    phase('generating orders (not ingestion)', generating);
    await sql.insertMany('customers', CUSTOMER_COLUMNS_WITH_ACTIVITY, customers.takeRows());
    phase('customers (not ingestion)');
    const started = performance.now();
    const cpu = process.cpuUsage();
    // Orders are generated day by day: no order of this batch or a later one is dated (in
    // the store's zone) before the day of the batch's first order.
    bulk.closeBefore(formatSqlUtc(startMs + batchDay * DAY).slice(0, 10));
    await ingestOrders(db, inputs, [], { bulk, timings: o.timings });
    ingestMs += performance.now() - started;
    const used = process.cpuUsage(cpu);
    ingestCpuMs += (used.user + used.system) / 1000;
    phase = phaseTimer(o.timings);
    await sql.insertMany('download_log', DOWNLOAD_COLUMNS, downloads);
    downloads.length = 0;
    phase('download log (not ingestion)');
    generating = performance.now();
    written += inputs.length;
    refundCount += inputs.reduce((n, i) => n + i.refunds.length, 0);
    inputs.length = 0;
    o.onProgress?.(written, o.orders);
  }
}

/** The catalog: categories, attributes, products and variations, coupons, tax rates. */
async function writeCatalog(sql: RawSql, rnd: Random, created: { local: string; gmt: string }) {
  let nextTerm = 1;
  const categoryRows: unknown[][] = [];
  const leafCategories: { id: number; name: string; path: number[] }[] = [];
  const addCategory = (name: string, parent: number) => {
    const id = nextTerm++;
    categoryRows.push([id, name, slug(name), parent, '']);
    return id;
  };
  for (const top of categoryTree) {
    const topId = addCategory(top.name, 0);
    for (const mid of top.children ?? []) {
      const midId = addCategory(mid.name, topId);
      if (!mid.children) leafCategories.push({ id: midId, name: mid.name, path: [topId, midId] });
      for (const leaf of mid.children ?? []) {
        const leafId = addCategory(leaf, midId);
        leafCategories.push({ id: leafId, name: leaf, path: [topId, midId, leafId] });
      }
    }
  }
  await sql.insertMany(
    'categories',
    ['id', 'name', 'slug', 'parent_id', 'description'],
    categoryRows,
  );

  const colorAttr = nextTerm++;
  const sizeAttr = nextTerm++;
  await sql.insertMany(
    'attributes',
    ['id', 'name', 'slug'],
    [
      [colorAttr, 'Color', 'pa_color'],
      [sizeAttr, 'Size', 'pa_size'],
    ],
  );
  const termRows: unknown[][] = [];
  const colorTerms = colors.map((c, i) => {
    const id = nextTerm++;
    termRows.push([id, colorAttr, c, slug(c), i]);
    return id;
  });
  const sizeTerms = sizes.map((s, i) => {
    const id = nextTerm++;
    termRows.push([id, sizeAttr, s, slug(s), i]);
    return id;
  });
  await sql.insertMany(
    'attribute_terms',
    ['id', 'attribute_id', 'name', 'slug', 'menu_order'],
    termRows,
  );

  const products: Product[] = [];
  const productRows: unknown[][] = [];
  const productCategoryRows: unknown[][] = [];
  const productAttributeRows: unknown[][] = [];
  const downloadRows: unknown[][] = [];
  let nextPost = 100;
  const usedNames = new Set<string>();
  for (let i = 0; products.length < 200; i++) {
    const leaf = leafCategories[i % leafCategories.length]!;
    const words = productWords[leaf.name]!;
    let name = `${rnd.pick(adjectives)} ${rnd.pick(words.nouns)}`;
    if (usedNames.has(name)) name = `${name} ${rnd.int(2, 99)}`;
    if (usedNames.has(name)) continue;
    usedNames.add(name);
    const variable = variableCategories.has(leaf.name) && rnd.chance(0.7);
    const downloadable = digitalCategories.has(leaf.name);
    const price = toUnits(
      `${rnd.int(words.price[0], words.price[1])}.${rnd.pick(['00', '50', '95', '99'])}`,
    );
    const id = nextPost++;
    const product: Product = {
      id,
      parentId: 0,
      type: variable ? 'variable' : 'simple',
      name,
      price,
      downloadable,
      categoryIds: leaf.path,
      popularity: rnd.next() ** 2 * 10 + 0.2,
      variations: [],
    };
    const stock = downloadable ? null : rnd.int(0, 120);
    productRows.push(productRow(product, `SL-${id}`, stock, rnd.int(2, 10), created));
    for (const c of leaf.path) productCategoryRows.push([id, c]);
    if (downloadable)
      downloadRows.push([`dl-${id}`, id, `${name}.pdf`, `https://files.example/${id}.pdf`]);
    if (variable) {
      const someColors = colorTerms.filter(() => rnd.chance(0.6)).slice(0, 4);
      if (someColors.length === 0) someColors.push(colorTerms[0]!);
      for (const c of someColors) productAttributeRows.push([id, colorAttr, c]);
      for (const s of sizeTerms) productAttributeRows.push([id, sizeAttr, s]);
      for (const c of someColors) {
        for (const s of sizeTerms) {
          const vid = nextPost++;
          const cName = colors[colorTerms.indexOf(c)]!;
          const sName = sizes[sizeTerms.indexOf(s)]!;
          const variation: Product = {
            id: vid,
            parentId: id,
            type: 'variation',
            name: `${name} - ${cName}, ${sName}`,
            price: price + (sName === 'XL' ? toUnits('2') : 0),
            downloadable: false,
            categoryIds: [],
            popularity: sName === 'M' || sName === 'L' ? 2 : 1,
            variations: [],
          };
          product.variations.push(variation);
          productRows.push(
            productRow(
              variation,
              `SL-${id}-${slug(cName)}-${sName}`,
              rnd.int(0, 40),
              null,
              created,
            ),
          );
          productAttributeRows.push([vid, colorAttr, c], [vid, sizeAttr, s]);
        }
      }
    }
    products.push(product);
  }
  await sql.insertMany('products', PRODUCT_COLUMNS, productRows);
  await sql.insertMany('product_categories', ['product_id', 'category_id'], productCategoryRows);
  await sql.insertMany(
    'product_attributes',
    ['product_id', 'attribute_id', 'term_id'],
    productAttributeRows,
  );
  await sql.insertMany('product_downloads', ['id', 'product_id', 'name', 'file'], downloadRows);

  const couponRows = couponSpecs.map((c, i) => [
    nextPost + i,
    c.code,
    c.type,
    toUnits(c.amount),
    created.local,
    created.gmt,
    null,
    null,
  ]);
  const couponIds = couponRows.map((r) => r[0] as number);
  nextPost += couponRows.length;
  await sql.insertMany(
    'coupons',
    [
      'id',
      'code',
      'discount_type',
      'amount',
      'date_created',
      'date_created_gmt',
      'date_expires',
      'date_expires_gmt',
    ],
    couponRows,
  );
  const rateRows = taxRates.map((t, i) => [
    i + 1,
    t.country,
    t.state,
    t.name,
    t.priority,
    t.rate,
    1,
    0,
    '',
  ]);
  await sql.insertMany(
    'tax_rates',
    ['id', 'country', 'state', 'name', 'priority', 'rate', 'shipping', 'compound', 'tax_class'],
    rateRows,
  );
  return { products, couponIds };
}

/**
 * The share of a day's orders placed in its first `hours` hours: order hours are
 * round(14 + 4.5 N) clamped to 0-23 (N standard normal), each spread evenly over its hour.
 */
export function shareOfDayBefore(hours: number): number {
  if (hours <= 0) return 0;
  if (hours >= 24) return 1;
  const hour = Math.floor(hours);
  const below = (h: number) => (h < 0 ? 0 : h >= 23 ? 1 : normalCdf((h + 0.5 - 14) / 4.5));
  return below(hour - 1) + (below(hour) - below(hour - 1)) * (hours - hour);
}

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26, error < 1.5e-7). */
function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * Orders per day from `startMs` to `endMs` (exclusive): growth, seasonality and a weekly
 * rhythm, times the `share` of each day (by its start, wall clock) that has passed, rounded
 * so the total is exactly `orders`.
 */
function demandCurve(
  rnd: Random,
  orders: number,
  startMs: number,
  endMs: number,
  share: (dayMs: number) => number,
) {
  const days = Math.round((endMs - startMs) / DAY);
  const weights: number[] = [];
  for (let d = 0; d < days; d++) {
    const date = new Date(startMs + d * DAY);
    const growth = 1 + 0.6 * (d / days);
    const month = date.getUTCMonth();
    const season =
      month === 10 ? 1.6 : month === 11 ? 1.8 : month === 0 ? 0.8 : month === 6 ? 1.1 : 1;
    const dow = date.getUTCDay();
    const weekly = dow === 0 ? 1.25 : dow === 6 ? 1.15 : dow === 2 ? 0.9 : 1;
    weights.push(
      growth * season * weekly * Math.exp(0.12 * rnd.normal()) * share(startMs + d * DAY),
    );
  }
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const perDay = weights.map((w) => (w / weightSum) * orders);
  // Largest-remainder rounding so the total is exactly the requested count.
  const counts = perDay.map(Math.floor);
  const order = perDay.map((v, i) => [v - Math.floor(v), i] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0, missing = orders - counts.reduce((a, b) => a + b, 0); k < missing; k++) {
    counts[order[k % order.length]![1]]! += 1;
  }
  return { days, counts };
}

function productRow(
  p: Product,
  sku: string,
  stock: number | null,
  lowStock: number | null,
  created: { local: string; gmt: string },
): unknown[] {
  const managed = stock !== null && p.type !== 'variable';
  const status = !managed ? 'instock' : stock > 0 ? 'instock' : 'outofstock';
  return [
    p.id,
    p.parentId,
    p.type,
    'publish',
    p.name,
    slug(p.name),
    sku,
    '',
    p.price,
    p.price,
    null,
    managed ? 1 : 0,
    managed ? stock : null,
    status,
    lowStock,
    p.downloadable ? 1 : 0,
    p.downloadable ? 1 : 0,
    '',
    0,
    0,
    0,
    created.local,
    created.gmt,
  ];
}

/**
 * An order's fee lines, in about the proportions of a shop that takes cash on delivery, wraps
 * gifts and runs a loyalty plugin: a taxed 2.00 cash-on-delivery surcharge on 5% of the
 * orders that ship, taxed 3.50 gift wrapping on 3% of them, and on 1% of all orders a
 * negative fee of 5% of the items (a plugin's loyalty discount), taxed half of the time.
 * Taxed fees take the order's rate (`rateId` 0: none).
 */
function demoFees(
  rnd: Random,
  physical: boolean,
  itemsTotal: number,
  firstId: number,
  rateId: number,
  taxOf: (units: number) => number,
): OrderFeeInput[] {
  const fees: OrderFeeInput[] = [];
  const add = (name: string, total: number, taxed: boolean) => {
    const tax = taxed && rateId > 0 ? taxOf(total) : 0;
    fees.push({
      id: firstId + fees.length,
      name,
      total,
      tax,
      taxes: tax !== 0 ? [{ rateId, tax }] : [],
    });
  };
  if (physical && rnd.chance(0.05)) add('Cash on delivery fee', toUnits('2'), true);
  if (physical && rnd.chance(0.03)) add('Gift wrapping', toUnits('3.5'), true);
  if (rnd.chance(0.01)) {
    // WooCommerce caps a negative fee at the order's items, fees and shipping
    // (calculate_totals()); 5% of the items never reaches that.
    const discount = Math.round((itemsTotal * 5) / 100 / 100) * 100;
    if (discount > 0) add('Loyalty discount', -discount, rnd.chance(0.5));
  }
  return fees;
}
