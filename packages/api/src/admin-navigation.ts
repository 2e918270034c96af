import { Type } from 'typebox';
import { AdminContext } from './admin-common';

/** A navigation item id. */
export const FavoriteItemId = Type.String({ minLength: 1, maxLength: 191 });

/** `POST`/`DELETE /wc-admin/navigation/favorites/me` (query or JSON body). */
export const FavoriteBody = Type.Object(
  { item_id: Type.Optional(FavoriteItemId), context: AdminContext },
  { additionalProperties: false },
);

/** `/wc-admin/navigation/favorites/me` (GET, POST, DELETE): the user's favorite item ids. */
export const FavoritesResponse = Type.Array(Type.String());
