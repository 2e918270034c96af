import {
  AlertCreateBody,
  AlertEventsResponse,
  type AlertEventView,
  AlertsResponse,
  AlertUpdateBody,
  type AlertView,
  AlertView as AlertViewSchema,
  adminBool,
  DeliveriesResponse,
  type DeliveryView,
  DigestCreateBody,
  DigestsResponse,
  DigestUpdateBody,
  type DigestView,
  DigestView as DigestViewSchema,
  NotifyDeletedResponse,
  NotifyIdParams,
  NotifyListQuery,
  type OpenHours,
  SendNowResponse,
} from '@storelens/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Static } from 'typebox';
import { requires } from '../auth/capability';
import { authError } from '../auth/errors';
import { can } from '../auth/roles';
import { startWhenReady } from '../background';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import type { TypeBoxProvider } from '../route-types';
import { setPagingHeaders } from '../routes/paging';
import { formatSqlUtc } from '../timezone';
import { answers } from '../wp-conventions';
import { channelView, type OutboxChannel, parseChannels, type StoredChannel } from './channels';
import type { NotifyAlertTable, NotifyDigestTable } from './schema';
import { forgetRule, insertWithNextId, Notifier, type NotifierOptions } from './service';
import { unsubscribeRoutes } from './unsubscribe';

/** `http://address:port` of the app's first listening address, if it listens. */
function listenOrigin(app: FastifyInstance): string | undefined {
  try {
    const [first] = app.addresses();
    if (!first || typeof first === 'string') return undefined;
    const host =
      first.address === '0.0.0.0' || first.address === '::'
        ? '127.0.0.1'
        : first.family === 'IPv6'
          ? `[${first.address}]`
          : first.address;
    return `http://${host}:${first.port}`;
  } catch {
    return undefined;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's notifier (set by notifyRoutes; tests set its clock and call `tick`). */
    notifier: Notifier;
  }
}

const V1 = '/wp-json/storelens/v1';
/** Every digest and alert route: a user manages their own; store-wide ones need manage_options. */
const ACCESS = requires('view_woocommerce_reports');

type RuleTable = 'notify_digests' | 'notify_alerts';

/** Who is asking: their id, and whether they see and manage the store-wide rules. */
function caller(request: FastifyRequest) {
  const user = request.authUser!;
  return { id: user.id, admin: can(user.role, 'manage_options') };
}

/** `store_wide: true` asked by someone who may not: 403. */
function checkStoreWide(request: FastifyRequest, storeWide: boolean | undefined) {
  if (storeWide && !caller(request).admin)
    throw authError('rest_forbidden', '', {
      store_wide: 'store_wide needs the manage_options capability.',
    });
}

const notFound = (what: 'digest' | 'alert') =>
  ApiError.of(what === 'digest' ? 'storelens_digest_not_found' : 'storelens_alert_not_found');

/** The rules the caller sees: their own, and the store-wide ones for someone with manage_options. */
function seenBy(request: FastifyRequest) {
  const me = caller(request);
  return (eb: ExpressionBuilder<Database, RuleTable>) =>
    me.admin
      ? eb.or([eb('user_id', '=', me.id), eb('store_wide', '=', 1)])
      : eb('user_id', '=', me.id);
}

/**
 * One page (`list.page`, `list.per_page`) of `query`'s rows, newest first by `date` then id,
 * with the paging headers set.
 */
async function newestPage<T extends 'notify_events' | 'notify_outbox'>(
  request: FastifyRequest,
  reply: FastifyReply,
  list: Static<typeof NotifyListQuery>,
  query: SelectQueryBuilder<Database, T, object>,
  date: 'fired_gmt' | 'created_gmt',
) {
  const perPage = list.per_page ?? 20;
  const page = list.page ?? 1;
  const total = Number(
    (await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0,
  );
  const rows = await query
    .selectAll()
    .orderBy(sql.ref(date), 'desc')
    .orderBy(sql.ref('id'), 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  setPagingHeaders(request, reply, page, total, Math.ceil(total / perPage));
  return rows;
}

async function lastDelivery(db: Db, source: 'digest' | 'alert', id: number) {
  const row = await db.kysely
    .selectFrom('notify_outbox')
    .select(['status', 'period', 'sent_gmt', 'created_gmt', 'error'])
    .where('source', '=', source)
    .where('source_id', '=', id)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row
    ? { status: row.status, period: row.period, at_gmt: row.sent_gmt, error: row.error }
    : null;
}

async function digestView(db: Db, d: NotifyDigestTable): Promise<DigestView> {
  return {
    id: Number(d.id),
    user_id: Number(d.user_id),
    store_wide: Number(d.store_wide) === 1,
    frequency: d.frequency as DigestView['frequency'],
    hour: Number(d.hour),
    enabled: Number(d.enabled) === 1,
    channels: (JSON.parse(d.channels) as StoredChannel[]).map(channelView),
    date_created_gmt: d.created_gmt.replace(' ', 'T'),
    last_delivery: await lastDelivery(db, 'digest', Number(d.id)),
  };
}

function alertView(a: NotifyAlertTable): AlertView {
  return {
    id: Number(a.id),
    user_id: Number(a.user_id),
    store_wide: Number(a.store_wide) === 1,
    metric: a.metric as AlertView['metric'],
    condition: a.condition as AlertView['condition'],
    threshold: a.threshold === null ? null : Number(a.threshold),
    window: a.span as AlertView['window'],
    hours: a.hours === null ? null : Number(a.hours),
    open_hours: a.open_hours === null ? null : (JSON.parse(a.open_hours) as OpenHours),
    direction: (a.direction ?? 'both') as AlertView['direction'],
    enabled: Number(a.enabled) === 1,
    channels: (JSON.parse(a.channels) as StoredChannel[]).map(channelView),
    state: a.state as AlertView['state'],
    starter: a.starter as AlertView['starter'],
    date_created_gmt: a.created_gmt.replace(' ', 'T'),
  };
}

/**
 * The body's validation turns 0, false and '' into null where a field may be null: `hours: 0`
 * would become a tuned gap. Such values are refused before it runs.
 */
async function refuseFalsyNulls(request: FastifyRequest) {
  const body = request.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object') return;
  const params: Record<string, string> = {};
  if (body.hours === 0 || body.hours === false || body.hours === '')
    params.hours = 'hours must be a whole number of hours from 1 to 720, or null.';
  if (body.open_hours === 0 || body.open_hours === false || body.open_hours === '')
    params.open_hours = 'open_hours must be { days, from, to } or null.';
  if (Object.keys(params).length) throw ApiError.invalidParams(params);
}

/** The checks the body schema cannot make: what each condition needs, and may have. */
function checkAlertFields(a: {
  metric?: string | undefined;
  condition: string;
  threshold?: number | null | undefined;
  hours?: number | null | undefined;
  open_hours?: OpenHours | null | undefined;
  direction?: string | null | undefined;
}) {
  const params: Record<string, string> = {};
  if (a.condition === 'no_orders') {
    if (a.hours === undefined)
      params.hours =
        'hours is required for no_orders: how many hours without an order, or null to tune it to the store.';
    if (a.open_hours && a.open_hours.to <= a.open_hours.from)
      params['open_hours.to'] = 'open_hours.to must be after open_hours.from (hours 0-24).';
  } else if (a.condition !== 'sync_failing') {
    if (!a.metric) params.metric = `metric is required for ${a.condition}.`;
    if ((a.condition === 'above' || a.condition === 'below') && (a.threshold ?? null) === null)
      params.threshold = `threshold is required for ${a.condition}.`;
    if (a.condition === 'change' && !a.threshold)
      params.threshold =
        'threshold is required for change: a percent, positive for a rise, negative for a fall.';
    if (
      a.condition === 'unusual' &&
      a.threshold !== undefined &&
      a.threshold !== null &&
      a.threshold <= 0
    )
      params.threshold = 'threshold for unusual is a number of deviations above 0 (3 by default).';
  }
  if (a.condition !== 'no_orders' && a.open_hours)
    params.open_hours = 'open_hours is only for no_orders rules.';
  if (a.condition !== 'unusual' && a.direction && a.direction !== 'both')
    params.direction = 'direction is only for unusual rules.';
  if (Object.keys(params).length) throw ApiError.invalidParams(params);
}

/**
 * `storelens/v1/digests`, `storelens/v1/alerts` (with `alerts/events`) and
 * `storelens/v1/notifications/deliveries`, and the notifier that sends them.
 */
export function notifyRoutes(
  app: FastifyInstance,
  db: Db,
  options: NotifierOptions & { ready?: () => boolean },
): Notifier {
  const routes = app.withTypeProvider<TypeBoxProvider>();
  const notifier = new Notifier(db, { origin: () => listenOrigin(app), ...options });
  unsubscribeRoutes(app, db);
  app.decorate('notifier', notifier);
  const ready = options.ready ?? (() => true);
  startWhenReady(app, ready, () => notifier.start());
  app.addHook('onClose', async () => notifier.stop());

  const nowGmt = () => formatSqlUtc(notifier.now());

  // ---- digests ----
  const readDigest = async (request: FastifyRequest, id: number) => {
    const d = await db.kysely
      .selectFrom('notify_digests')
      .selectAll()
      .where('id', '=', id)
      .where(seenBy(request))
      .executeTakeFirst();
    if (!d) throw notFound('digest');
    return d;
  };

  /** The changes every rule's PUT may make: its channels, whether it is on, store-wide. */
  const ruleChanges = async (
    request: FastifyRequest,
    body: Pick<Static<typeof AlertUpdateBody>, 'channels' | 'enabled' | 'store_wide'>,
  ) => {
    const set: Partial<Pick<NotifyDigestTable, 'channels' | 'enabled' | 'store_wide'>> = {};
    if (body.channels !== undefined)
      set.channels = JSON.stringify(await parseChannels(body.channels, caller(request).admin));
    if (body.enabled !== undefined) set.enabled = adminBool(body.enabled) ? 1 : 0;
    if (body.store_wide !== undefined) set.store_wide = adminBool(body.store_wide) ? 1 : 0;
    return set;
  };

  /** `DELETE storelens/v1/{kind}s/{id}`: the rule, and what the notifier keeps of it. */
  const deleteRoute = (
    kind: 'digest' | 'alert',
    read: (request: FastifyRequest, id: number) => Promise<{ id: number }>,
  ) =>
    routes.delete(
      `${V1}/${kind}s/:id`,
      { ...ACCESS, schema: { params: NotifyIdParams, response: { 200: NotifyDeletedResponse } } },
      async (request) => {
        const rule = await read(request, request.params.id);
        await db.kysely
          .deleteFrom(kind === 'digest' ? 'notify_digests' : 'notify_alerts')
          .where('id', '=', rule.id)
          .execute();
        await forgetRule(db, kind, Number(rule.id));
        return { deleted: true, id: Number(rule.id) };
      },
    );

  routes.post(
    `${V1}/digests`,
    { ...ACCESS, schema: { body: DigestCreateBody, response: { 201: DigestViewSchema } } },
    async (request, reply) => {
      const body = request.body;
      const storeWide = adminBool(body.store_wide);
      checkStoreWide(request, storeWide);
      const channels = await parseChannels(body.channels, caller(request).admin);
      const now = nowGmt();
      const id = await insertWithNextId(db, 'notify_digests', (id) => ({
        id,
        user_id: request.authUser!.id,
        store_wide: storeWide ? 1 : 0,
        frequency: body.frequency,
        hour: body.hour,
        channels: JSON.stringify(channels),
        enabled: adminBool(body.enabled, true) ? 1 : 0,
        created_gmt: now,
        updated_gmt: now,
      }));
      return reply.status(201).send(await digestView(db, await readDigest(request, id)));
    },
  );

  routes.get(`${V1}/digests`, { ...ACCESS, ...answers(DigestsResponse) }, async (request) => {
    const rows = await db.kysely
      .selectFrom('notify_digests')
      .selectAll()
      .where(seenBy(request))
      .orderBy('id')
      .execute();
    return Promise.all(rows.map((d) => digestView(db, d)));
  });

  routes.get(
    `${V1}/digests/:id`,
    { ...ACCESS, schema: { params: NotifyIdParams, response: { 200: DigestViewSchema } } },
    async (request) => digestView(db, await readDigest(request, request.params.id)),
  );

  routes.put(
    `${V1}/digests/:id`,
    {
      ...ACCESS,
      schema: {
        params: NotifyIdParams,
        body: DigestUpdateBody,
        response: { 200: DigestViewSchema },
      },
    },
    async (request) => {
      const d = await readDigest(request, request.params.id);
      const body = request.body ?? {};
      if (body.store_wide !== undefined) checkStoreWide(request, adminBool(body.store_wide));
      const set: Partial<NotifyDigestTable> = { updated_gmt: nowGmt() };
      if (body.frequency !== undefined) set.frequency = body.frequency;
      if (body.hour !== undefined) set.hour = body.hour;
      Object.assign(set, await ruleChanges(request, body));
      await db.kysely.updateTable('notify_digests').set(set).where('id', '=', d.id).execute();
      return digestView(db, await readDigest(request, Number(d.id)));
    },
  );

  deleteRoute('digest', readDigest);

  routes.post(
    `${V1}/digests/:id/send`,
    { ...ACCESS, schema: { params: NotifyIdParams, response: { 200: SendNowResponse } } },
    async (request) => {
      const d = await readDigest(request, request.params.id);
      const sent = await notifier.sendDigestNow(d);
      return {
        id: Number(d.id),
        period: sent.period,
        deliveries: sent.outcomes.map((o) => ({
          channel: o.channel,
          status: o.status === 'sent' ? ('sent' as const) : ('failed' as const),
          error: o.error,
        })),
      };
    },
  );

  // ---- alerts ----
  const visibleAlerts = (request: FastifyRequest) =>
    db.kysely.selectFrom('notify_alerts').where(seenBy(request));
  const readAlert = async (request: FastifyRequest, id: number) => {
    const a = await visibleAlerts(request).selectAll().where('id', '=', id).executeTakeFirst();
    if (!a) throw notFound('alert');
    return a;
  };

  routes.post(
    `${V1}/alerts`,
    {
      ...ACCESS,
      preValidation: refuseFalsyNulls,
      schema: { body: AlertCreateBody, response: { 201: AlertViewSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      const storeWide = adminBool(body.store_wide);
      checkStoreWide(request, storeWide);
      checkAlertFields(body);
      const channels = await parseChannels(body.channels ?? [], caller(request).admin);
      const now = nowGmt();
      const id = await insertWithNextId(db, 'notify_alerts', (id) => ({
        id,
        user_id: request.authUser!.id,
        store_wide: storeWide ? 1 : 0,
        metric: body.metric ?? 'orders/orders_count',
        condition: body.condition,
        threshold: body.threshold ?? null,
        span: body.window ?? 'day',
        hours: body.hours ?? null,
        open_hours: body.open_hours ? JSON.stringify(body.open_hours) : null,
        direction: body.direction ?? null,
        channels: JSON.stringify(channels),
        enabled: adminBool(body.enabled, true) ? 1 : 0,
        starter: null,
        state: 'normal',
        event_id: null,
        created_gmt: now,
        updated_gmt: now,
      }));
      return reply.status(201).send(alertView(await readAlert(request, id)));
    },
  );

  routes.get(`${V1}/alerts`, { ...ACCESS, ...answers(AlertsResponse) }, async (request) =>
    (await visibleAlerts(request).selectAll().orderBy('id').execute()).map(alertView),
  );

  routes.get(
    `${V1}/alerts/events`,
    {
      ...ACCESS,
      schema: { querystring: NotifyListQuery, response: { 200: AlertEventsResponse } },
    },
    async (request, reply) => {
      const events = db.kysely
        .selectFrom('notify_events')
        .where('alert_id', 'in', visibleAlerts(request).select('id'));
      const rows = await newestPage(request, reply, request.query, events, 'fired_gmt');
      return rows.map(
        (e): AlertEventView => ({
          id: Number(e.id),
          alert_id: Number(e.alert_id),
          metric: e.metric,
          condition: e.condition,
          window: e.span,
          period: e.period,
          expected: e.expected,
          actual: e.actual === null ? null : Number(e.actual),
          message: e.message,
          note_id: e.note_id === null ? null : Number(e.note_id),
          date_fired_gmt: e.fired_gmt.replace(' ', 'T'),
          date_cleared_gmt: e.cleared_gmt === null ? null : e.cleared_gmt.replace(' ', 'T'),
        }),
      );
    },
  );

  routes.get(
    `${V1}/alerts/:id`,
    { ...ACCESS, schema: { params: NotifyIdParams, response: { 200: AlertViewSchema } } },
    async (request) => alertView(await readAlert(request, request.params.id)),
  );

  routes.put(
    `${V1}/alerts/:id`,
    {
      ...ACCESS,
      preValidation: refuseFalsyNulls,
      schema: { params: NotifyIdParams, body: AlertUpdateBody, response: { 200: AlertViewSchema } },
    },
    async (request) => {
      const a = await readAlert(request, request.params.id);
      const body = request.body ?? {};
      if (body.store_wide !== undefined) checkStoreWide(request, adminBool(body.store_wide));
      const condition = body.condition ?? a.condition;
      // Opening hours and a direction belong to one condition: a change of condition that
      // does not send them drops them.
      const merged = {
        metric: body.metric ?? a.metric,
        condition,
        threshold: body.threshold !== undefined ? body.threshold : a.threshold,
        hours: body.hours !== undefined ? body.hours : a.hours,
        open_hours:
          body.open_hours !== undefined
            ? body.open_hours
            : a.open_hours === null || condition !== 'no_orders'
              ? null
              : (JSON.parse(a.open_hours) as OpenHours),
        direction:
          body.direction !== undefined
            ? body.direction
            : condition === 'unusual'
              ? a.direction
              : null,
      };
      checkAlertFields(merged);
      const set: Partial<NotifyAlertTable> = {
        metric: merged.metric,
        condition: merged.condition,
        threshold: merged.threshold === null ? null : Number(merged.threshold),
        hours: merged.hours === null ? null : Number(merged.hours),
        open_hours: merged.open_hours ? JSON.stringify(merged.open_hours) : null,
        direction: merged.direction,
        updated_gmt: nowGmt(),
      };
      if (body.window !== undefined) set.span = body.window;
      Object.assign(set, await ruleChanges(request, body));
      await db.kysely.updateTable('notify_alerts').set(set).where('id', '=', a.id).execute();
      return alertView(await readAlert(request, Number(a.id)));
    },
  );

  deleteRoute('alert', readAlert);

  // ---- history ----
  routes.get(
    `${V1}/notifications/deliveries`,
    { ...ACCESS, schema: { querystring: NotifyListQuery, response: { 200: DeliveriesResponse } } },
    async (request, reply) => {
      const visible = (table: RuleTable) =>
        db.kysely.selectFrom(table).select('id').where(seenBy(request));
      const deliveries = db.kysely
        .selectFrom('notify_outbox')
        .where((eb) =>
          eb.or([
            eb.and([eb('source', '=', 'digest'), eb('source_id', 'in', visible('notify_digests'))]),
            eb.and([eb('source', '=', 'alert'), eb('source_id', 'in', visible('notify_alerts'))]),
          ]),
        );
      const rows = await newestPage(request, reply, request.query, deliveries, 'created_gmt');
      return rows.map(
        (r): DeliveryView => ({
          id: Number(r.id),
          source: r.source as DeliveryView['source'],
          source_id: Number(r.source_id),
          period: r.period,
          channel: (JSON.parse(r.channel) as OutboxChannel).type,
          status: r.status as DeliveryView['status'],
          attempts: Number(r.attempts),
          error: r.error,
          date_created_gmt: r.created_gmt.replace(' ', 'T'),
          date_sent_gmt: r.sent_gmt === null ? null : r.sent_gmt.replace(' ', 'T'),
        }),
      );
    },
  );

  return notifier;
}
