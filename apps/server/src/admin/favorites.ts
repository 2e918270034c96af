import { FavoriteBody, FavoritesResponse } from '@storelens/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requires } from '../auth/capability';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import type { TypeBoxProvider } from '../route-types';
import { currentUserId, paramsOf } from './context';
import { adminError } from './errors';

/** The user's favorite item ids, oldest first. */
export async function listFavorites(db: Db, userId: number): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('navigation_favorites')
    .select('item_id')
    .where('user_id', '=', userId)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.item_id);
}

/** Adds a favorite; 409 when it is already one. Returns the updated list. */
export async function addFavorite(db: Db, userId: number, itemId: string): Promise<string[]> {
  const current = await listFavorites(db, userId);
  if (current.includes(itemId)) throw adminError('woocommerce_favorites_already_exists', itemId);
  const last = await db.kysely
    .selectFrom('navigation_favorites')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  await db.kysely
    .insertInto('navigation_favorites')
    .values({ user_id: userId, item_id: itemId, position: Number(last?.max ?? 0) + 1 })
    .execute();
  return [...current, itemId];
}

/** Removes a favorite; 404 when it is not one. Returns the updated list. */
export async function removeFavorite(db: Db, userId: number, itemId: string): Promise<string[]> {
  const result = await db.kysely
    .deleteFrom('navigation_favorites')
    .where('user_id', '=', userId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) {
    throw adminError('woocommerce_favorites_does_not_exist', itemId);
  }
  return listFavorites(db, userId);
}

/** The `item_id` of a request (query or body): 400 `…_invalid_request` when missing or bad. */
function itemIdOf(request: FastifyRequest): string {
  const value = paramsOf(request).item_id;
  if (value === undefined || value === '') {
    throw adminError('woocommerce_favorites_invalid_request', '', {
      item_id: 'item_id is required.',
    });
  }
  if (typeof value !== 'string' || value.length > 191) {
    throw ApiError.invalidParams({ item_id: 'item_id must be a string of 1 to 191 characters.' });
  }
  return value;
}

/**
 * `/wp-json/wc-admin/navigation/favorites/me`: GET, POST and DELETE. Favorites are the
 * signed-in user's own menu shortcuts (kept per user, as WooCommerce keys them), so every
 * signed-in role may keep them (`read`): an analyst stars the report pages they read.
 */
export function favoritesRoutes(app: FastifyInstance, db: Db) {
  const routes = app.withTypeProvider<TypeBoxProvider>();
  const path = '/wp-json/wc-admin/navigation/favorites/me';
  const options = {
    schema: { querystring: FavoriteBody, response: { 200: FavoritesResponse } },
    ...requires('read'),
  };
  routes.get(path, options, async (request) => listFavorites(db, currentUserId(request)));
  routes.post(path, options, async (request) =>
    addFavorite(db, currentUserId(request), itemIdOf(request)),
  );
  routes.delete(path, options, async (request) =>
    removeFavorite(db, currentUserId(request), itemIdOf(request)),
  );
}
