/**
 * WooCommerce's published client, unchanged, against the real server on each engine: every store of
 * the client data layer read through its resolvers and written through its actions, then the
 * server's own state checked (README, "WooCommerce's client").
 */
import {
  EXPORT_STORE_NAME,
  IMPORT_STORE_NAME,
  ITEMS_STORE_NAME,
  NAVIGATION_STORE_NAME,
  NOTES_STORE_NAME,
  ONBOARDING_STORE_NAME,
  OPTIONS_STORE_NAME,
  PLUGINS_STORE_NAME,
  REPORTS_STORE_NAME,
  REVIEWS_STORE_NAME,
  SETTINGS_STORE_NAME,
} from '@woocommerce/data';
import { dispatch, resolveSelect, select } from '@wordpress/data';
import { beforeAll, expect, it } from 'vitest';
import { generateDemoStore } from '../apps/server/src/demo/generate';
import { describeEachEngine, signIn } from '../apps/server/test/harness';
import { connectClient, forgetResolutions } from './client';

const STORES = [
  OPTIONS_STORE_NAME,
  ONBOARDING_STORE_NAME,
  NOTES_STORE_NAME,
  REVIEWS_STORE_NAME,
  NAVIGATION_STORE_NAME,
  EXPORT_STORE_NAME,
  IMPORT_STORE_NAME,
  SETTINGS_STORE_NAME,
  PLUGINS_STORE_NAME,
  ITEMS_STORE_NAME,
  REPORTS_STORE_NAME,
];

const RANGE = { after: '2024-01-01T00:00:00', before: '2024-06-30T23:59:59' };

// The stores are typed loosely by the client for several names; the suite calls them by name.
// biome-ignore lint/suspicious/noExplicitAny: the published client's store maps are untyped here
type Loose = any;
const read = (store: string): Loose => resolveSelect(store);
const now = (store: string): Loose => select(store);
const act = (store: string): Loose => dispatch(store);

describeEachEngine(
  "WooCommerce's client (@woocommerce/data)",
  (ctx) => {
    let requests: string[] = [];
    /** The server's own answer, read past the client. */
    const server = async <T = Loose>(url: string): Promise<T> =>
      (await ctx().app.inject({ method: 'GET', url: `/wp-json${url}` })).json() as T;

    beforeAll(async () => {
      const address = await ctx().app.listen({ port: 0, host: '127.0.0.1' });
      forgetResolutions([...STORES, 'core']);
      requests = connectClient(address, await signIn(ctx().db, 'administrator')).requests;
    });

    it('options: reads batched options and writes them', async () => {
      expect(await read(OPTIONS_STORE_NAME).getOption('woocommerce_price_num_decimals')).toBe(2);
      const result = await act(OPTIONS_STORE_NAME).updateOptions({
        compat_flag: 'on',
        woocommerce_task_list_keep_completed: 'yes',
      });
      expect(result.success).toBe(true);
      expect(await server('/wc-admin/options?options=compat_flag')).toEqual({
        compat_flag: 'on',
      });
      expect(requests.some((r) => r.startsWith('POST /wc-admin/options'))).toBe(true);
    });

    it('onboarding: profile, task lists and their actions, suggestions, extensions', async () => {
      const store = ONBOARDING_STORE_NAME;
      expect(await read(store).getProfileItems()).toHaveProperty('completed');
      // The client sends back fields we do not keep (is_agree_marketing): they are ignored.
      await act(store).updateProfileItems({
        product_count: '11-100',
        completed: true,
        is_agree_marketing: true,
      });
      expect(await server('/wc-admin/onboarding/profile')).toMatchObject({
        product_count: '11-100',
        completed: true,
      });

      const lists = await read(store).getTaskLists();
      expect(lists.map((l: { id: string }) => l.id)).toEqual(['setup', 'extended']);
      // The capability check before it read the signed-in user from the server.
      expect(requests.some((r) => r.startsWith('GET /wp/v2/users/me'))).toBe(true);
      expect(now(store).getOnboardingError('getTaskLists')).toBeFalsy();
      await act(store).dismissTask('marketing');
      await act(store).snoozeTask('jetpack');
      await act(store).actionTask('payments');
      await act(store).hideTaskList('extended');
      const tasks = (await server<{ id: string; isHidden: boolean; tasks: Loose[] }[]>(
        '/wc-admin/onboarding/tasks',
      )) as Loose[];
      const byId = (id: string) => tasks.flatMap((l) => l.tasks).find((t) => t.id === id);
      expect(byId('marketing').isDismissed).toBe(true);
      expect(byId('jetpack').isSnoozed).toBe(true);
      expect(byId('payments').isActioned).toBe(true);
      expect(tasks.find((l) => l.id === 'extended').isHidden).toBe(true);
      await act(store).undoDismissTask('marketing');
      await act(store).undoSnoozeTask('jetpack');
      await act(store).unhideTaskList('extended');
      expect(now(store).getTask('marketing')).toMatchObject({ isDismissed: false });

      const suggestions = await read(store).getPaymentGatewaySuggestions();
      expect(suggestions.map((s: { id: string }) => s.id)).toContain('stripe');
      const extensions = await read(store).getFreeExtensions();
      expect(extensions.map((l: { key: string }) => l.key)).toContain('marketing');
      expect(Object.keys(await read(store).getProductTypes())).toContain('physical');
      await act(store).updateCoreProfilerStep('business-info');
      expect(Object.keys(await read(store).getProfileProgress())).toContain('business-info');

      const created = await act(ITEMS_STORE_NAME).createProductFromTemplate(
        { template_name: 'digital' },
        {},
      );
      expect(created.id).toBeGreaterThan(0);
    });

    it('notes: lists, updates, actions and removal', async () => {
      const store = NOTES_STORE_NAME;
      const query = { page: 1, per_page: 25, type: 'info,marketing,survey,warning' };
      const notes = await read(store).getNotes(query);
      const total = (await ctx().app.inject({
        method: 'GET',
        url: '/wp-json/wc-analytics/admin/notes?per_page=25&type=info,marketing,survey,warning',
      })) as Loose;
      expect(notes.length).toBe(total.json().length);
      const [first, second, third] = notes;
      await act(store).updateNote(first.id, { ...first, is_read: true, status: 'actioned' });
      expect((await server(`/wc-analytics/admin/notes/${first.id}`)).status).toBe('actioned');
      const withAction = notes.find((n: Loose) => n.actions.length > 0);
      if (withAction) {
        await act(store).triggerNoteAction(withAction.id, withAction.actions[0].id);
      }
      await act(store).batchUpdateNotes([second.id], { status: 'actioned' });
      expect((await server(`/wc-analytics/admin/notes/${second.id}`)).status).toBe('actioned');
      await act(store).removeNote(third.id);
      expect((await server(`/wc-analytics/admin/notes/${third.id}`)).is_deleted).toBe(true);
    });

    it('reviews: lists with a total, updates and deletes', async () => {
      const store = REVIEWS_STORE_NAME;
      const query = { page: 1, per_page: 5, status: 'approved' };
      const reviews = await read(store).getReviews(query);
      expect(reviews).toHaveLength(5);
      const serverTotal = (
        await ctx().app.inject({
          method: 'GET',
          url: '/wp-json/wc-analytics/products/reviews?per_page=1&status=approved',
        })
      ).headers['x-wp-total'];
      expect(await read(store).getReviewsTotalCount(query)).toBe(Number(serverTotal));
      const [first, second] = reviews;
      await act(store).updateReview(first.id, { status: 'hold' });
      expect((await server(`/wc-analytics/products/reviews/${first.id}`)).status).toBe('hold');
      await act(store).deleteReview(second.id);
      expect((await server(`/wc-analytics/products/reviews/${second.id}`)).status).toBe('trash');
    });

    it('navigation: favorites', async () => {
      const store = NAVIGATION_STORE_NAME;
      const before = await read(store).getFavorites();
      await act(store).addFavorite('woocommerce-analytics-revenue');
      expect(await server('/wc-admin/navigation/favorites/me')).toEqual([
        ...before,
        'woocommerce-analytics-revenue',
      ]);
      await act(store).removeFavorite('woocommerce-analytics-revenue');
      expect(await server('/wc-admin/navigation/favorites/me')).toEqual(before);
    });

    it('export: starts a report export', async () => {
      const started = await act(EXPORT_STORE_NAME).startExport('revenue', {
        ...RANGE,
        interval: 'month',
      });
      expect(started.export_id).toBeTruthy();
      const status = await ctx().app.inject({
        method: 'GET',
        url: `/wp-json/wc-analytics/reports/revenue/export/${started.export_id}/status`,
      });
      expect(status.statusCode).toBe(200);
    });

    it('import: totals, status and starting an import', async () => {
      const store = IMPORT_STORE_NAME;
      const query = { skip_existing: true };
      const totals = await read(store).getImportTotals(query);
      expect(totals).toMatchObject(
        await server('/wc-analytics/reports/import/totals?skip_existing=true'),
      );
      const status = await read(store).getImportStatus(Date.now());
      expect(status).toHaveProperty('is_importing');
      const started = await act(store).updateImportation(
        '/wc-analytics/reports/import?skip_existing=true&days=30',
        true,
      );
      expect(started.status).toBe('success');
      expect(now(store).getImportStarted().activeImport).toBe(true);
      await act(store).updateImportation('/wc-analytics/reports/import/cancel');
    });

    it('settings: reads a group and saves changed values', async () => {
      const store = SETTINGS_STORE_NAME;
      const general = await read(store).getSettings('general');
      expect(general.general).toHaveProperty('woocommerce_currency');
      await act(store).updateAndPersistSettingsForGroup('general', {
        general: { woocommerce_price_num_decimals: '3' },
      });
      const saved = await server<{ value: unknown }>(
        '/wc-analytics/settings/general/woocommerce_price_num_decimals',
      );
      expect(String(saved.value)).toBe('3');
      expect(now(store).getLastSettingsErrorForGroup('general')).toBeFalsy();
    });

    it('plugins: state, install, activate, Jetpack, PayPal and recommendations', async () => {
      const store = PLUGINS_STORE_NAME;
      expect(Array.isArray(await read(store).getActivePlugins())).toBe(true);
      expect(Array.isArray(await read(store).getInstalledPlugins())).toBe(true);
      await act(store).installPlugins(['mailchimp-for-woocommerce']);
      await act(store).activatePlugins(['mailchimp-for-woocommerce']);
      expect((await server<{ plugins: string[] }>('/wc-admin/plugins/active')).plugins).toContain(
        'mailchimp-for-woocommerce',
      );
      expect(now(store).getPluginInstallState('mailchimp-for-woocommerce')).toBe('activated');
      expect(await read(store).isJetpackConnected()).toBe(
        (await server<{ hasConnectedOwner: boolean }>('/jetpack/v4/connection')).hasConnectedOwner,
      );
      const redirect = '/wp-admin/admin.php?page=wc-admin';
      await act(store).installPlugins(['jetpack']);
      await act(store).activatePlugins(['jetpack']);
      const url = await read(store).getJetpackConnectUrl({ redirect_url: redirect });
      expect(typeof url).toBe('string');
      expect(now(store).getPluginsError('getJetpackConnectUrl')).toBeFalsy();
      const paypal = await read(store).getPaypalOnboardingStatus();
      expect(paypal.production).toHaveProperty('state');
      const recommended = await read(store).getRecommendedPlugins('payments');
      expect(recommended.length).toBeGreaterThan(0);
      expect(await act(store).dismissRecommendedPlugins('payments')).toBe(true);
      expect(await server('/wc-admin/payment-gateway-suggestions')).toEqual([]);
    });

    it('items: products, categories, counts, and a stock update sent as the whole product', async () => {
      const store = ITEMS_STORE_NAME;
      const query = { per_page: 5, orderby: 'id', order: 'asc' };
      const products = await read(store).getItems('products', query);
      expect(products.size).toBe(5);
      expect(now(store).getItemsError('products', query)).toBeFalsy();
      const count = await read(store).getItemsTotalCount('products', {});
      const serverCount = (
        await ctx().app.inject({ method: 'GET', url: '/wp-json/wc-analytics/products?per_page=1' })
      ).headers['x-wp-total'];
      expect(count).toBe(Number(serverCount));
      const categories = await read(store).getItems('categories', { per_page: -1 });
      expect(categories.size).toBeGreaterThan(0);

      const simple = [...products.values()].find((p: Loose) => p.type === 'simple');
      expect(await act(store).updateProductStock(simple, 7)).toBe(true);
      expect(await server(`/wc-analytics/products/${simple.id}`)).toMatchObject({
        stock_quantity: 7,
        manage_stock: true,
      });
    });

    it('reports: items and stats with their totals, indicators and leaderboards', async () => {
      const store = REPORTS_STORE_NAME;
      const query = { ...RANGE, per_page: 5, orderby: 'net_revenue', order: 'desc' };
      const products = await read(store).getReportItems('products', query);
      expect(products.data.length).toBeGreaterThan(0);
      expect(products.totalResults).toBeGreaterThanOrEqual(products.data.length);
      expect(now(store).getReportItemsError('products', query)).toBeFalsy();
      for (const endpoint of ['revenue', 'orders', 'products', 'categories', 'coupons', 'taxes']) {
        const statsQuery = { ...RANGE, interval: 'month' };
        const stats = await read(store).getReportStats(endpoint, statsQuery);
        expect(now(store).getReportStatsError(endpoint, statsQuery), endpoint).toBeFalsy();
        expect(stats.data.intervals.length, endpoint).toBe(6);
        expect(stats.totalResults, endpoint).toBe(6);
      }
      const indicatorQuery = {
        ...RANGE,
        stats: 'revenue/net_revenue,variations/items_sold,nonsense/x',
      };
      const indicators = await read(store).getReportItems('performance-indicators', indicatorQuery);
      expect(now(store).getReportItemsError('performance-indicators', indicatorQuery)).toBeFalsy();
      expect(indicators.data.map((i: { stat: string }) => i.stat)).toEqual([
        'revenue/net_revenue',
        'variations/items_sold',
      ]);
      // The dashboard's leaderboards are read as items (`/wc-analytics/leaderboards`).
      const boards = await read(ITEMS_STORE_NAME).getItems('leaderboards', {
        ...RANGE,
        per_page: 5,
      });
      expect([...boards.values()].map((b: { id: string }) => b.id)).toContain('products');
      expect(requests.length).toBeGreaterThan(20);
    });
  },
  async (db) => {
    await generateDemoStore(db, { orders: 300, years: 1, seed: 5, end: '2024-06-30' });
  },
);
