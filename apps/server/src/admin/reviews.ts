import { createHash } from 'node:crypto';
import {
  adminBool,
  ReviewBody,
  ReviewDeleteQuery,
  ReviewIdParams,
  type ReviewStatus,
  ReviewsListQuery,
  ReviewsResponse,
  ReviewUpdateBody,
} from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import { isoOf, localAndGmt } from '../clock';
import type { Db } from '../db/database';
import type { ProductReviewTable } from '../db/schema';
import { containsPattern } from '../db/sql';
import { readStoreSettings } from '../options';
import type { TypeBoxProvider } from '../route-types';
import { setPagingHeaders } from '../routes/paging';
import { zone } from '../timezone';
import { adminError } from './errors';

type ReviewRow = ProductReviewTable & { product_name: string | null };

function avatars(email: string): Record<string, string> {
  const hash = createHash('md5').update(email.trim().toLowerCase()).digest('hex');
  return Object.fromEntries(
    [24, 48, 96].map((size) => [
      String(size),
      `https://secure.gravatar.com/avatar/${hash}?s=${size}&d=mm&r=g`,
    ]),
  );
}

function present(row: ReviewRow): ReviewBody {
  return {
    id: Number(row.id),
    date_created: isoOf(row.date_created),
    date_created_gmt: isoOf(row.date_created_gmt),
    product_id: Number(row.product_id),
    product_name: row.product_name ?? '',
    status: row.status as ReviewStatus,
    reviewer: row.reviewer,
    reviewer_email: row.reviewer_email,
    review: row.review,
    rating: Number(row.rating),
    verified: Number(row.verified) === 1,
    reviewer_avatar_urls: avatars(row.reviewer_email),
  };
}

function baseQuery(db: Db) {
  return db.kysely
    .selectFrom('product_reviews as r')
    .leftJoin('products as p', 'p.id', 'r.product_id')
    .selectAll('r')
    .select('p.name as product_name');
}

const ORDER_COLUMN = {
  date: 'r.date_created_gmt',
  date_gmt: 'r.date_created_gmt',
  id: 'r.id',
  include: 'r.id',
  product: 'r.product_id',
  rating: 'r.rating',
} as const;

/** Lists reviews with the WC v3 filters; `status` defaults to approved, `all` means every one but trash. */
export async function listReviews(
  db: Db,
  q: Static<typeof ReviewsListQuery>,
): Promise<{ reviews: ReviewBody[]; total: number }> {
  const settings = await readStoreSettings(db);
  const z = zone(settings.timezone);
  let query = baseQuery(db);
  const status = q.status ?? 'approved';
  query =
    status === 'all'
      ? query.where('r.status', 'in', ['approved', 'hold'])
      : query.where('r.status', '=', status);
  if (q.product?.length) query = query.where('r.product_id', 'in', q.product);
  if (q.include?.length) query = query.where('r.id', 'in', q.include);
  if (q.exclude?.length) query = query.where('r.id', 'not in', q.exclude);
  if (q.rating?.length) query = query.where('r.rating', 'in', q.rating);
  if (q.reviewer?.length) query = query.where('r.reviewer', 'in', q.reviewer);
  if (q.reviewer_email) query = query.where('r.reviewer_email', '=', q.reviewer_email);
  if (q.after) query = query.where('r.date_created_gmt', '>', localAndGmt(q.after, z).gmt);
  if (q.before) query = query.where('r.date_created_gmt', '<', localAndGmt(q.before, z).gmt);
  if (q.search) {
    const pattern = containsPattern(q.search);
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(r.review)`, 'like', sql`${pattern} ESCAPE '\\'`),
        eb(sql`lower(r.reviewer)`, 'like', sql`${pattern} ESCAPE '\\'`),
        eb(sql`lower(r.reviewer_email)`, 'like', sql`${pattern} ESCAPE '\\'`),
      ]),
    );
  }
  const counted = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const perPage = q.per_page ?? 10;
  const offset = q.offset ?? ((q.page ?? 1) - 1) * perPage;
  const order = q.order ?? 'desc';
  const rows = await query
    .orderBy(ORDER_COLUMN[q.orderby ?? 'date'], order)
    .orderBy('r.id', order)
    .limit(perPage)
    .offset(offset)
    .execute();
  return { reviews: rows.map(present), total: Number(counted?.n ?? 0) };
}

async function findReview(db: Db, id: number): Promise<ReviewRow> {
  const row = await baseQuery(db).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw adminError('woocommerce_rest_review_invalid_id');
  return row;
}

/** Updates status (unspam/untrash restore to approved), text, rating, reviewer. */
export async function updateReview(
  db: Db,
  id: number,
  body: Static<typeof ReviewUpdateBody>,
): Promise<ReviewBody> {
  const row = await findReview(db, id);
  const set: Partial<ProductReviewTable> = {};
  if (body.status !== undefined) {
    set.status = body.status === 'unspam' || body.status === 'untrash' ? 'approved' : body.status;
  }
  if (body.review !== undefined) set.review = body.review;
  if (body.rating !== undefined) set.rating = body.rating;
  if (body.reviewer !== undefined) set.reviewer = body.reviewer;
  if (body.reviewer_email !== undefined) set.reviewer_email = body.reviewer_email;
  if (Object.keys(set).length > 0) {
    await db.kysely.updateTable('product_reviews').set(set).where('id', '=', id).execute();
  }
  return present({ ...row, ...set });
}

/** Moves a review to the trash, or deletes it for good with `force`; returns it as it was. */
export async function deleteReview(db: Db, id: number, force: boolean): Promise<ReviewBody> {
  const row = await findReview(db, id);
  if (force) {
    await db.kysely.deleteFrom('product_reviews').where('id', '=', id).execute();
    return present(row);
  }
  await db.kysely
    .updateTable('product_reviews')
    .set({ status: 'trash' })
    .where('id', '=', id)
    .execute();
  return present({ ...row, status: 'trash' });
}

/** `/wp-json/wc-analytics/products/reviews…`. */
export function reviewsRoutes(app: FastifyInstance, db: Db) {
  const routes = app.withTypeProvider<TypeBoxProvider>();
  const base = '/wp-json/wc-analytics/products/reviews';
  routes.get(
    base,
    { schema: { querystring: ReviewsListQuery, response: { 200: ReviewsResponse } } },
    async (request, reply) => {
      const { reviews, total } = await listReviews(db, request.query);
      const perPage = request.query.per_page ?? 10;
      setPagingHeaders(request, reply, request.query.page ?? 1, total, Math.ceil(total / perPage));
      return reviews;
    },
  );
  routes.get(
    `${base}/:id`,
    { schema: { params: ReviewIdParams, response: { 200: ReviewBody } } },
    async (request) => present(await findReview(db, request.params.id)),
  );
  for (const method of ['PUT', 'POST', 'PATCH'] as const) {
    routes.route({
      method,
      url: `${base}/:id`,
      schema: { params: ReviewIdParams, body: ReviewUpdateBody, response: { 200: ReviewBody } },
      handler: async (request) => updateReview(db, request.params.id, request.body ?? {}),
    });
  }
  routes.delete(
    `${base}/:id`,
    {
      schema: {
        params: ReviewIdParams,
        querystring: ReviewDeleteQuery,
        response: { 200: ReviewBody },
      },
    },
    async (request) => deleteReview(db, request.params.id, adminBool(request.query.force)),
  );
}
