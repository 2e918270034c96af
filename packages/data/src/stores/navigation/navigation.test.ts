// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { wpError } from '../../test/server.ts';
import { startStore } from '../../test/store.ts';
import { addFavorite, fetchFavorites, navigationSlice, removeFavorite } from './slice.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function favoritesServer() {
  const favorites = ['woocommerce-home'];
  const ctx = await startStore((app) => {
    app.get('/wc-admin/navigation/favorites/me', async () => favorites);
    app.post('/wc-admin/navigation/favorites/me', async (req, reply) => {
      const id = (req.body as { item_id: string }).item_id;
      if (favorites.includes(id))
        return reply
          .code(409)
          .send(wpError('woocommerce_favorites_already_exists', 'Already a favorite.', 409));
      favorites.push(id);
      return favorites;
    });
    app.delete('/wc-admin/navigation/favorites/me', async (req, reply) => {
      const id = (req.body as { item_id: string }).item_id;
      const at = favorites.indexOf(id);
      if (at < 0)
        return reply
          .code(404)
          .send(wpError('woocommerce_favorites_does_not_exist', 'Not a favorite.', 404));
      favorites.splice(at, 1);
      return favorites;
    });
  });
  close = () => ctx.server.close();
  ctx.store.dispatch(
    navigationSlice.actions.menuItemsAdded([
      { id: 'woocommerce-home', menuId: 'favorites' },
      { id: 'mailchimp', menuId: 'plugins' },
    ]),
  );
  return ctx;
}

describe('navigation favorites', () => {
  it('get: request → success stores the ids', async () => {
    const { store } = await favoritesServer();
    const pending = store.dispatch(fetchFavorites());
    expect(store.getState().navigation.requesting.getFavorites).toBe(true);
    await pending;
    expect(store.getState().navigation.favorites).toEqual(['woocommerce-home']);
    expect(store.getState().navigation.requesting.getFavorites).toBe(false);
  });

  it('add: success moves the item to the favorites menu', async () => {
    const { store, requests } = await favoritesServer();
    await store.dispatch(addFavorite('mailchimp'));
    expect(requests.at(-1)).toMatchObject({ method: 'POST', body: { item_id: 'mailchimp' } });
    expect(store.getState().navigation.favorites).toEqual(['woocommerce-home', 'mailchimp']);
    expect(store.getState().navigation.menuItems.mailchimp?.menuId).toBe('favorites');
  });

  it('remove: success moves the item to the plugins menu', async () => {
    const { store } = await favoritesServer();
    await store.dispatch(removeFavorite('woocommerce-home'));
    expect(store.getState().navigation.favorites).toEqual([]);
    expect(store.getState().navigation.menuItems['woocommerce-home']?.menuId).toBe('plugins');
  });

  it('failure: records the error per operation, leaves the menus, and rejects', async () => {
    const { store } = await favoritesServer();
    await expect(store.dispatch(removeFavorite('mailchimp'))).rejects.toMatchObject({
      status: 404,
    });
    const nav = store.getState().navigation;
    expect(nav.errors.removeFavorite?.code).toBe('woocommerce_favorites_does_not_exist');
    expect(nav.requesting.removeFavorite).toBe(false);
    expect(nav.menuItems.mailchimp?.menuId).toBe('plugins');
    await expect(store.dispatch(addFavorite('woocommerce-home'))).rejects.toMatchObject({
      status: 409,
    });
    expect(store.getState().navigation.errors.addFavorite?.code).toBe(
      'woocommerce_favorites_already_exists',
    );
  });
});
