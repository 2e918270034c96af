import { randomBytes } from 'node:crypto';
import { rebuildSettingIds } from '@storelens/api';
import { nowGmt } from '../clock';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import { cancelImports } from '../ingest/import-job';
import type { JobRunner } from '../jobs/runner';
import { getOptions, setOptions } from '../options';
import { isEmpty, resetStore } from '../store';
import { answerError, type ClientOptions, ShopError, WooClient } from './client';
import {
  clientOf,
  IMPORT_JOB,
  type ImportProgress,
  newImportProgress,
  RESOURCES,
  type SyncOptions,
  startReconcile,
} from './jobs';
import {
  type ConnectionTable,
  listConnections,
  logError,
  readConnection,
  type ShopInfo,
  updateConnection,
} from './tables';
import type { WcWebhook } from './wc-types';

/** The topics Storelens listens to (WooCommerce takes one topic per webhook). */
export const WEBHOOK_TOPICS = [
  'order.created',
  'order.updated',
  'order.deleted',
  'order.restored',
  'product.created',
  'product.updated',
  'product.deleted',
  'product.restored',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'coupon.created',
  'coupon.updated',
  'coupon.deleted',
  'coupon.restored',
] as const;

export interface ConnectInput {
  url: string;
  consumer_key: string;
  consumer_secret: string;
  replace_demo?: boolean;
  /** Confirms replacing the data of another shop, imported before it was disconnected. */
  replace_data?: boolean;
}

/**
 * The option naming the shop whose data the store holds (set when a shop is connected, kept
 * after it is disconnected): connecting that shop again keeps its data, another shop replaces
 * it once confirmed, since two shops' orders would mix (and their ids collide).
 */
export const IMPORTED_SHOP_OPTION = 'storelens_imported_shop';

const fail = (code: string, message: string, params?: Record<string, string>) =>
  new ApiError(code, message, 400, params);

/** Checks the body of a connect request; every bad field is named. */
export function parseConnectInput(body: unknown): ConnectInput {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const bad: Record<string, string> = {};
  let url = typeof b.url === 'string' ? b.url.trim() : '';
  // A bare host ("shop.example", "localhost:8080") means https; another scheme is refused.
  if (url && !/^[a-z][a-z0-9+.-]*:(\/\/|(?!\d))/i.test(url)) url = `https://${url}`;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('scheme');
    if (parsed.username || parsed.password || !parsed.hostname) throw new Error('credentials');
    url = `${parsed.origin}${parsed.pathname.replace(/\/(wp-json\/?)?$/, '').replace(/\/+$/, '')}`;
  } catch {
    bad.url = 'url must be the address of the shop, e.g. https://shop.example.';
  }
  for (const field of ['consumer_key', 'consumer_secret'] as const) {
    if (
      typeof b[field] !== 'string' ||
      !(b[field] as string).trim() ||
      (b[field] as string).length > 200
    )
      bad[field] = `${field} is required (WooCommerce › Settings › Advanced › REST API).`;
  }
  for (const flag of ['replace_demo', 'replace_data'] as const)
    if (b[flag] !== undefined && typeof b[flag] !== 'boolean')
      bad[flag] = `${flag} must be a boolean.`;
  if (Object.keys(bad).length > 0) throw ApiError.invalidParams(bad);
  return {
    url,
    consumer_key: (b.consumer_key as string).trim(),
    consumer_secret: (b.consumer_secret as string).trim(),
    ...(b.replace_demo !== undefined ? { replace_demo: b.replace_demo as boolean } : {}),
    ...(b.replace_data !== undefined ? { replace_data: b.replace_data as boolean } : {}),
  };
}

/** WordPress's site index (GET /wp-json/), the part read here. */
interface SiteIndex {
  name?: string;
  namespaces?: string[];
  timezone_string?: string;
  gmt_offset?: number | string;
}

/** What `connect` learns of the shop before storing anything. */
export interface ShopCheck {
  info: ShopInfo;
  settings: Record<string, unknown>;
}

/** An IANA zone for WordPress's settings: its zone name, else a whole-hour UTC offset. */
export function zoneOf(index: SiteIndex): string {
  if (index.timezone_string) return index.timezone_string;
  const offset = Number(index.gmt_offset ?? 0);
  if (!Number.isInteger(offset) || offset === 0) return 'UTC';
  // Etc/GMT zones count the other way round: UTC+2 is Etc/GMT-2.
  return `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/**
 * Checks the shop: reachable, WordPress, WooCommerce's REST API present, key and secret
 * accepted. Answers with the shop's name, version, currency and zone, or the 400 to give.
 */
export async function checkShop(
  input: ConnectInput,
  options: ClientOptions = {},
): Promise<ShopCheck> {
  const client = new WooClient(
    { url: input.url, key: input.consumer_key, secret: input.consumer_secret },
    { attempts: 2, timeoutMs: 15_000, baseDelayMs: 300, ...options },
  );
  let index: SiteIndex;
  try {
    const res = await client.request<SiteIndex>('GET', '/wp-json/');
    if (
      res.status >= 400 ||
      !res.body ||
      typeof res.body !== 'object' ||
      !Array.isArray(res.body.namespaces)
    )
      throw fail(
        'storelens_connection_not_woocommerce',
        `${input.url} is not a WordPress site: it has no WordPress REST API at /wp-json/.`,
        { url: 'not a WordPress site' },
      );
    index = res.body;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw fail(
      'storelens_connection_unreachable',
      `${input.url} could not be reached: ${error instanceof Error ? error.message : error}.`,
      { url: 'unreachable' },
    );
  }
  if (!index.namespaces?.includes('wc/v3'))
    throw fail(
      'storelens_connection_not_woocommerce',
      `${input.url} is a WordPress site without the WooCommerce REST API (wc/v3): is WooCommerce installed and active?`,
      { url: 'WooCommerce REST API missing' },
    );
  let status: { environment?: { version?: string } };
  let general: { id: string; value: unknown }[];
  try {
    status = (await client.get<typeof status>('system_status')).body;
    general = (await client.get<typeof general>('settings/general')).body;
  } catch (error) {
    if (error instanceof ShopError && (error.kind === 'unauthorized' || error.kind === 'forbidden'))
      throw fail(
        'storelens_connection_unauthorized',
        'The shop refused the consumer key and secret: check them, and that the key belongs to an administrator or shop manager.',
        { consumer_key: 'refused', consumer_secret: 'refused' },
      );
    throw fail('storelens_connection_unreachable', `${input.url}: ${(error as Error).message}`, {
      url: 'unreachable',
    });
  }
  const read = await shopSettings(client, index, general, input.url);
  return {
    info: { ...read.info, wc_version: String(status?.environment?.version ?? '') },
    settings: read.settings,
  };
}

/**
 * The shop's settings the reports follow, from its site index and `settings/general`: name,
 * currency and its format, time zone, and the week's first day (WooCommerce Admin's options
 * route; Monday, WordPress's default, on shops without it).
 */
async function shopSettings(
  client: WooClient,
  index: SiteIndex,
  general: { id: string; value: unknown }[],
  url: string,
): Promise<{ info: Omit<ShopInfo, 'wc_version'>; settings: Record<string, unknown> }> {
  const setting = (id: string) =>
    Array.isArray(general) ? general.find((s) => s.id === id)?.value : undefined;
  let startOfWeek = 1;
  try {
    const res = await client.request<Record<string, unknown>>('GET', '/wp-json/wc-admin/options', {
      query: { options: 'start_of_week' },
    });
    const value = Number(res.body?.start_of_week);
    if (res.status < 400 && Number.isInteger(value) && value >= 0 && value <= 6)
      startOfWeek = value;
  } catch {
    // best effort, as said above
  }
  const info = {
    name: String(index.name ?? url),
    currency: String(setting('woocommerce_currency') ?? 'USD'),
    timezone: zoneOf(index),
  };
  const decimals = Number(setting('woocommerce_price_num_decimals') ?? 2);
  return {
    info,
    settings: {
      timezone_string: info.timezone,
      start_of_week: startOfWeek,
      woocommerce_currency: info.currency,
      woocommerce_price_num_decimals: Number.isInteger(decimals) ? decimals : 2,
      woocommerce_currency_pos: setting('woocommerce_currency_pos') ?? 'left',
      woocommerce_price_thousand_sep: setting('woocommerce_price_thousand_sep') ?? ',',
      woocommerce_price_decimal_sep: setting('woocommerce_price_decimal_sep') ?? '.',
    },
  };
}

/**
 * Reads the shop's settings again (each reconciliation) and stores those that changed, so a
 * new currency, format, time zone or week start on the shop reaches the dashboard. The change
 * is announced as a settings change: the report cache empties, and a new time zone rebuilds
 * the local dates as a zone change made in Analytics settings does. Answers the changed ids.
 */
export async function refreshShopSettings(
  db: Db,
  c: ConnectionTable,
  options: ClientOptions = {},
): Promise<string[]> {
  const client = clientOf(db, c, options);
  const index = await client.request<SiteIndex>('GET', '/wp-json/');
  if (index.status >= 400 || !index.body || !Array.isArray(index.body.namespaces))
    throw answerError(index, 'the site index');
  const general = (await client.get<{ id: string; value: unknown }[]>('settings/general')).body;
  const { info, settings } = await shopSettings(client, index.body, general, c.url);
  const ids = Object.keys(settings);
  const before = await getOptions(db, [...ids, 'storelens_connected_shop']);
  const changed = ids.filter(
    (id) => JSON.stringify(before.get(id)) !== JSON.stringify(settings[id]),
  );
  const shop = before.get('storelens_connected_shop') as Record<string, unknown> | undefined;
  const renamed = shop !== undefined && shop.name !== info.name;
  if (changed.length === 0 && !renamed) return [];
  await setOptions(db, {
    ...Object.fromEntries(changed.map((id) => [id, settings[id]])),
    ...(renamed ? { storelens_connected_shop: { ...shop, name: info.name } } : {}),
  });
  if (changed.length > 0)
    db.events.emit('settingsChanged', {
      changed,
      affectsReports: true,
      needsRebuild: changed.some((id) => (rebuildSettingIds as readonly string[]).includes(id)),
    });
  return changed;
}

/** True when the store holds the generated demo (its seed option is set and it has orders). */
export async function holdsDemo(db: Db): Promise<boolean> {
  const o = await getOptions(db, ['woocommerce_demo_seed']);
  return (
    o.get('woocommerce_demo_seed') !== undefined &&
    o.get('woocommerce_demo_seed') !== null &&
    !(await isEmpty(db))
  );
}

/** Registers (or re-enables) the connection's webhooks; false when the key may not write. */
export async function ensureWebhooks(
  db: Db,
  c: ConnectionTable,
  publicUrl: string | undefined,
  options: ClientOptions = {},
) {
  if (!publicUrl) return { canWrite: c.can_write === 1, changed: [] as string[] };
  const client = clientOf(db, c, options);
  const deliveryUrl = `${publicUrl.replace(/\/+$/, '')}/wp-json/storelens/v1/webhooks/woocommerce/${c.id}`;
  const stored = new Map(
    (
      await db.kysely
        .selectFrom('connection_webhooks')
        .selectAll()
        .where('connection_id', '=', c.id)
        .execute()
    ).map((w) => [w.topic, w]),
  );
  const changed: string[] = [];
  for (const topic of WEBHOOK_TOPICS) {
    const known = stored.get(topic);
    if (known) {
      const res = await client.request<WcWebhook>(
        'GET',
        `/wp-json/wc/v3/webhooks/${known.webhook_id}`,
      );
      if (res.status < 400 && res.body?.status === 'active') {
        if (known.status !== 'active')
          await db.kysely
            .updateTable('connection_webhooks')
            .set({ status: 'active' })
            .where('connection_id', '=', c.id)
            .where('topic', '=', topic)
            .execute();
        continue;
      }
      if (res.status < 400) {
        // The shop disables a webhook after repeated failed deliveries: switch it back on.
        const put = await client.request<WcWebhook>(
          'PUT',
          `/wp-json/wc/v3/webhooks/${known.webhook_id}`,
          {
            body: { status: 'active' },
          },
        );
        if (put.status >= 400) throw answerError(put, `webhooks/${known.webhook_id}`);
        await db.kysely
          .updateTable('connection_webhooks')
          .set({ status: 'active' })
          .where('connection_id', '=', c.id)
          .where('topic', '=', topic)
          .execute();
        changed.push(`${topic} was ${res.body?.status ?? 'off'} on the shop: re-enabled`);
        continue;
      }
      if (res.status !== 404) throw answerError(res, `webhooks/${known.webhook_id}`);
    }
    const res = await client.request<WcWebhook>('POST', '/wp-json/wc/v3/webhooks', {
      body: {
        name: `Storelens ${topic}`,
        topic,
        delivery_url: deliveryUrl,
        secret: c.webhook_secret,
        status: 'active',
      },
    });
    if (res.status === 401 || res.status === 403) return { canWrite: false, changed };
    if (res.status >= 400) throw answerError(res, 'webhooks');
    await db.kysely
      .deleteFrom('connection_webhooks')
      .where('connection_id', '=', c.id)
      .where('topic', '=', topic)
      .execute();
    await db.kysely
      .insertInto('connection_webhooks')
      .values({
        connection_id: c.id,
        topic,
        webhook_id: res.body.id,
        status: res.body.status ?? 'active',
      })
      .execute();
    if (known) changed.push(`${topic} was gone from the shop: registered again`);
  }
  return { canWrite: true, changed };
}

/** Connects a shop: checks it, replaces the demo if asked, stores it, registers webhooks, starts the import. */
export async function connect(
  db: Db,
  runner: JobRunner,
  input: ConnectInput,
  options: SyncOptions = {},
): Promise<ConnectionTable> {
  if ((await listConnections(db)).length > 0)
    throw fail(
      'storelens_connection_exists',
      'This Storelens already has a connected shop: disconnect it first (one shop per Storelens database).',
    );
  const check = await checkShop(input, options.client);
  if (await holdsDemo(db)) {
    if (!input.replace_demo)
      throw fail(
        'storelens_connection_demo_present',
        'This Storelens holds the generated demo store. Connecting replaces it with your shop: confirm with replace_demo.',
        { replace_demo: 'confirm replacing the demo store' },
      );
    await cancelImports(db, runner);
    await resetStore(db);
    await db.kysely.deleteFrom('options').where('name', '=', 'woocommerce_demo_seed').execute();
  } else if (!(await isEmpty(db))) {
    const held = (await getOptions(db, [IMPORTED_SHOP_OPTION])).get(IMPORTED_SHOP_OPTION) as
      | { url?: string }
      | undefined;
    if (held?.url !== input.url) {
      if (!input.replace_data)
        throw fail(
          'storelens_connection_other_shop',
          `This Storelens holds the data of ${held?.url ?? 'a shop imported earlier'}. Connecting ${input.url} removes it and imports that shop instead: confirm with replace_data.`,
          { replace_data: 'confirm replacing the data of the shop imported before' },
        );
      await cancelImports(db, runner);
      await resetStore(db);
    }
  }
  // The Downloads report reads this to say that WooCommerce's REST API has no download log,
  // so a connected shop's downloads are not imported.
  await setOptions(db, {
    ...check.settings,
    storelens_connected_shop: { name: check.info.name, url: input.url, download_log: false },
    [IMPORTED_SHOP_OPTION]: { url: input.url },
  });
  const [row] = await db.kysely
    .selectFrom('connections')
    .select((eb) => eb.fn.max('id').as('id'))
    .execute();
  const now = nowGmt();
  const c: ConnectionTable = {
    id: Number(row?.id ?? 0) + 1,
    url: input.url,
    consumer_key: input.consumer_key,
    consumer_secret: input.consumer_secret,
    webhook_secret: randomBytes(24).toString('base64url'),
    status: 'importing',
    store: JSON.stringify(check.info),
    can_write: 1,
    job_id: null,
    progress: JSON.stringify(newImportProgress()),
    last_change_gmt: null,
    last_reconciled_gmt: null,
    cursor_gmt: null,
    created_gmt: now,
  };
  await db.kysely.insertInto('connections').values(c).execute();
  try {
    const { canWrite } = await ensureWebhooks(db, c, options.publicUrl?.(), options.client);
    c.can_write = canWrite ? 1 : 0;
  } catch (error) {
    await logErrorSafe(db, c.id, `registering webhooks: ${(error as Error).message}`);
  }
  const progress = newImportProgress();
  const jobId = await runner.enqueue(IMPORT_JOB, { connection: c.id }, progress);
  c.job_id = jobId;
  await updateConnection(db, c.id, { job_id: jobId, can_write: c.can_write });
  return c;
}

async function logErrorSafe(db: Db, id: number, message: string) {
  await logError(db, id, message, 'registered again at the next reconciliation');
}

/** The running job of a connection, with its progress. */
async function jobOf(db: Db, c: ConnectionTable) {
  if (!c.job_id) return undefined;
  const job = await db.kysely
    .selectFrom('admin_jobs')
    .selectAll()
    .where('id', '=', c.job_id)
    .executeTakeFirst();
  return job;
}

/** Pauses the import (or reconciliation): its progress is kept for `resume`. */
export async function pause(db: Db, runner: JobRunner, c: ConnectionTable): Promise<void> {
  const job = await jobOf(db, c);
  if (job && (job.status === 'running' || job.status === 'queued')) {
    await runner.cancel(job.id);
    if (job.kind === IMPORT_JOB) {
      const latest = await db.kysely
        .selectFrom('admin_jobs')
        .select('progress')
        .where('id', '=', job.id)
        .executeTakeFirst();
      await updateConnection(db, c.id, { progress: latest?.progress ?? job.progress });
    }
  }
  await updateConnection(db, c.id, { status: 'paused', job_id: null });
}

/** Resumes: an unfinished import continues where it stopped; otherwise sync goes on. */
export async function resume(
  db: Db,
  runner: JobRunner,
  c: ConnectionTable,
  options: SyncOptions,
): Promise<void> {
  if (c.status !== 'paused') return;
  const progress = JSON.parse(c.progress) as ImportProgress;
  if (progress.phase < RESOURCES.length) {
    await updateConnection(db, c.id, { status: 'importing' });
    const id = await runner.enqueue(IMPORT_JOB, { connection: c.id }, { ...progress, failures: 0 });
    await updateConnection(db, c.id, { job_id: id });
    return;
  }
  await updateConnection(db, c.id, { status: 'idle' });
  await startReconcile(
    db,
    runner,
    { ...c, status: 'idle', job_id: null },
    options.overlapMs ?? 5 * 60_000,
  );
}

/** Disconnects: removes its webhooks from the shop; the imported data stays. */
export async function disconnect(
  db: Db,
  runner: JobRunner,
  c: ConnectionTable,
  options: SyncOptions,
): Promise<string[]> {
  const job = await jobOf(db, c);
  if (job && (job.status === 'running' || job.status === 'queued')) await runner.cancel(job.id);
  const problems: string[] = [];
  const client = clientOf(db, c, { ...options.client, attempts: 2 });
  for (const w of await db.kysely
    .selectFrom('connection_webhooks')
    .selectAll()
    .where('connection_id', '=', c.id)
    .execute()) {
    try {
      const res = await client.request('DELETE', `/wp-json/wc/v3/webhooks/${w.webhook_id}`, {
        query: { force: 'true' },
      });
      if (res.status >= 400 && res.status !== 404) problems.push(`${w.topic}: HTTP ${res.status}`);
    } catch (error) {
      problems.push(`${w.topic}: ${(error as Error).message}`);
    }
  }
  for (const table of [
    'connection_webhooks',
    'connection_errors',
    'connection_deliveries',
  ] as const)
    await db.kysely.deleteFrom(table).where('connection_id', '=', c.id).execute();
  await db.kysely.deleteFrom('connections').where('id', '=', c.id).execute();
  await db.kysely.deleteFrom('options').where('name', '=', 'storelens_connected_shop').execute();
  // The data stays, and says whose it is (a connection made before the option existed too).
  await setOptions(db, { [IMPORTED_SHOP_OPTION]: { url: c.url } });
  return problems;
}

export { readConnection };
