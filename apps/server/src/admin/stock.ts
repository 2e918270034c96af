import {
  adminBool,
  LowInStockQuery,
  LowInStockResponse,
  type LowInStockRow,
  ProductBody,
  ProductIdParams,
  ProductStockBody,
  type StockStatus,
  VariationIdParams,
} from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { StockWriteThrough } from '../connect/stock';
import type { Db } from '../db/database';
import type { ProductTable } from '../db/schema';
import { fromUnits } from '../money';
import { getOptions, readStoreSettings } from '../options';
import type { TypeBoxProvider } from '../route-types';
import { setPagingHeaders } from '../routes/paging';
import { adminError } from './errors';

/** Stock status from managed stock: out of stock at or below zero. Unmanaged keeps its status. */
export function stockStatusFor(
  manageStock: boolean,
  quantity: number | null,
  current: StockStatus,
): StockStatus {
  if (!manageStock || quantity === null) return current;
  return quantity > 0 ? 'instock' : 'outofstock';
}

function present(row: ProductTable, precision: number): ProductBody {
  return {
    id: Number(row.id),
    parent_id: Number(row.parent_id),
    name: row.name,
    slug: row.slug,
    sku: row.sku,
    type: row.type,
    status: row.status,
    price: fromUnits(Number(row.price), precision).toFixed(precision),
    regular_price: fromUnits(Number(row.regular_price), precision).toFixed(precision),
    manage_stock: Number(row.manage_stock) === 1,
    stock_quantity: row.stock_quantity === null ? null : Number(row.stock_quantity),
    stock_status: row.stock_status,
    low_stock_amount: row.low_stock_amount === null ? null : Number(row.low_stock_amount),
    virtual: Number(row.virtual) === 1,
    downloadable: Number(row.downloadable) === 1,
  };
}

/**
 * Updates a product's or variation's stock: a number turns stock management on, null turns it
 * off; the stock status follows. The stock report reads these columns, so it follows too. With
 * a shop connected, the shop takes the change first and what it answers is kept (`shop`).
 */
export async function updateStock(
  db: Db,
  product: ProductTable,
  body: Static<typeof ProductStockBody>,
  shop?: StockWriteThrough,
): Promise<ProductBody> {
  if (
    product.type === 'variable' &&
    body.stock_quantity !== undefined &&
    body.stock_quantity !== null
  ) {
    throw adminError('woocommerce_rest_product_not_stock_managed', '', {
      stock_quantity: 'stock_quantity is kept per variation for a variable product.',
    });
  }
  let manage = Number(product.manage_stock) === 1;
  let quantity = product.stock_quantity === null ? null : Number(product.stock_quantity);
  if (body.manage_stock !== undefined) manage = adminBool(body.manage_stock);
  if (body.stock_quantity !== undefined) {
    quantity = body.stock_quantity;
    if (body.manage_stock === undefined) manage = quantity !== null;
  }
  if (!manage) quantity = null;
  const fromShop = await shop?.(product, {
    manage_stock: manage,
    ...(manage ? { stock_quantity: quantity } : {}),
    ...(body.low_stock_amount !== undefined ? { low_stock_amount: body.low_stock_amount } : {}),
  });
  const set = fromShop
    ? {
        manage_stock: fromShop.manage_stock ? 1 : 0,
        stock_quantity: fromShop.manage_stock ? fromShop.stock_quantity : null,
        stock_status: fromShop.stock_status,
        low_stock_amount: fromShop.low_stock_amount,
      }
    : {
        manage_stock: manage ? 1 : 0,
        stock_quantity: quantity,
        stock_status: stockStatusFor(manage, quantity, product.stock_status),
        ...(body.low_stock_amount !== undefined ? { low_stock_amount: body.low_stock_amount } : {}),
      };
  await db.kysely.updateTable('products').set(set).where('id', '=', product.id).execute();
  const settings = await readStoreSettings(db);
  return present({ ...product, ...set }, settings.currencyPrecision);
}

async function findProduct(db: Db, id: number): Promise<ProductTable | undefined> {
  return db.kysely.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

/** True when `GET /wc-analytics/products/{id}` answers the row: a variation there is a 404. */
const readAsProduct = (row: Pick<ProductTable, 'type'>) => row.type !== 'variation';

/**
 * The `name` `GET /wc-analytics/products/{id}` answers, for each of `ids` it answers (none
 * for a variation or a product no longer there: 404s), read in one query. A Downloads row
 * links its product there (`_links.product`, embeddable), and its export names the product
 * so, a page of rows at a time.
 */
export async function productNamesAt(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom('products')
    .select(['id', 'type', 'name'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.filter(readAsProduct).map((row) => [Number(row.id), row.name]));
}

/** Low stock: published products and variations with managed stock at or below their threshold. */
export async function lowInStock(
  db: Db,
  page: number,
  perPage: number,
): Promise<{ rows: LowInStockRow[]; total: number }> {
  const threshold = Math.max(
    1,
    Number(
      (await getOptions(db, ['woocommerce_notify_low_stock_amount'])).get(
        'woocommerce_notify_low_stock_amount',
      ) ?? 2,
    ),
  );
  const query = db.kysely
    .selectFrom('products as p')
    .leftJoin('products as parent', 'parent.id', 'p.parent_id')
    .where('p.manage_stock', '=', 1)
    .where('p.stock_quantity', 'is not', null)
    .where('p.stock_status', 'in', ['instock', 'outofstock'])
    .where('p.type', '!=', 'variable')
    .where((eb) =>
      eb.or([
        eb.and([eb('p.parent_id', '=', 0), eb('p.status', '=', 'publish')]),
        eb.and([eb('p.parent_id', '>', 0), eb('parent.status', '=', 'publish')]),
      ]),
    )
    .where((eb) =>
      eb(
        'p.stock_quantity',
        '<=',
        eb.fn.coalesce('p.low_stock_amount', 'parent.low_stock_amount', eb.val(threshold)),
      ),
    );
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await query
    .select([
      'p.id',
      'p.parent_id',
      'p.name',
      'p.image_url',
      'p.stock_quantity',
      (eb) =>
        eb.fn
          .coalesce('p.low_stock_amount', 'parent.low_stock_amount', eb.val(threshold))
          .as('low'),
      (eb) =>
        eb
          .selectFrom('order_product_lookup as l')
          .select((e) => e.fn.max('l.date_created').as('d'))
          .where((e) =>
            e.or([e('l.product_id', '=', e.ref('p.id')), e('l.variation_id', '=', e.ref('p.id'))]),
          )
          .as('last_order_date'),
    ])
    .orderBy('p.stock_quantity', 'asc')
    .orderBy('p.id', 'asc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return {
    total: Number(counted?.n ?? 0),
    rows: rows.map((r) => ({
      id: Number(r.id),
      parent_id: Number(r.parent_id),
      name: r.name,
      type: Number(r.parent_id) > 0 ? 'variation' : 'product',
      stock_quantity: Number(r.stock_quantity),
      low_stock_amount: Number(r.low),
      last_order_date: r.last_order_date ? String(r.last_order_date).replace(' ', 'T') : null,
      images: r.image_url ? [{ src: r.image_url }] : [],
      attributes: [],
    })),
  };
}

/** A product (not a variation) by id, or a 404. */
async function productOr404(db: Db, id: number): Promise<ProductTable> {
  const product = await findProduct(db, id);
  if (!product || !readAsProduct(product)) {
    throw adminError('woocommerce_rest_product_invalid_id');
  }
  return product;
}

/** A variation of a variable product, or a 404 naming which of the two is wrong. */
async function variationOr404(db: Db, parentId: number, id: number): Promise<ProductTable> {
  const parent = await findProduct(db, parentId);
  if (parent?.type !== 'variable') throw adminError('woocommerce_rest_product_invalid_id');
  const variation = await findProduct(db, id);
  if (!variation || Number(variation.parent_id) !== Number(parent.id)) {
    throw adminError('woocommerce_rest_product_variation_invalid_id');
  }
  return variation;
}

/**
 * `GET`/`PUT /wc-analytics/products/{id}`, `GET`/`PUT …/products/{parent}/variations/{id}`
 * (the single reads WooCommerce's client makes before a stock update), low-in-stock.
 */
export function stockRoutes(app: FastifyInstance, db: Db, shop?: StockWriteThrough) {
  const routes = app.withTypeProvider<TypeBoxProvider>();
  const base = '/wp-json/wc-analytics/products';
  const precision = async () => (await readStoreSettings(db)).currencyPrecision;
  routes.get(
    `${base}/:id`,
    { schema: { params: ProductIdParams, response: { 200: ProductBody } } },
    async (request) => present(await productOr404(db, request.params.id), await precision()),
  );
  routes.get(
    `${base}/:parent/variations/:id`,
    { schema: { params: VariationIdParams, response: { 200: ProductBody } } },
    async (request) =>
      present(
        await variationOr404(db, request.params.parent, request.params.id),
        await precision(),
      ),
  );
  for (const method of ['PUT', 'POST', 'PATCH'] as const) {
    routes.route({
      method,
      url: `${base}/:id`,
      schema: { params: ProductIdParams, body: ProductStockBody, response: { 200: ProductBody } },
      handler: async (request) =>
        updateStock(db, await productOr404(db, request.params.id), request.body ?? {}, shop),
    });
    routes.route({
      method,
      url: `${base}/:parent/variations/:id`,
      schema: {
        params: VariationIdParams,
        body: ProductStockBody,
        response: { 200: ProductBody },
      },
      handler: async (request) =>
        updateStock(
          db,
          await variationOr404(db, request.params.parent, request.params.id),
          request.body ?? {},
          shop,
        ),
    });
  }
  routes.get(
    `${base}/low-in-stock`,
    { schema: { querystring: LowInStockQuery, response: { 200: LowInStockResponse } } },
    async (request, reply) => {
      const page = request.query.page ?? 1;
      const perPage = request.query.per_page ?? 10;
      const { rows, total } = await lowInStock(db, page, perPage);
      setPagingHeaders(request, reply, page, total, Math.ceil(total / perPage));
      return rows;
    },
  );
}
