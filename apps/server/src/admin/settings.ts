import {
  orderStatuses,
  rebuildSettingIds,
  reportSettingIds,
  SettingBody,
  type SettingDefinition,
  type SettingGroup,
  SettingGroupParams,
  SettingParams,
  SettingsBatchBody,
  SettingsBatchResponse,
  SettingsQuery,
  SettingsResponse,
  SettingUpdateBody,
  settingDefinitions,
  settingGroups,
} from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import { requires } from '../auth/capability';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import type { SettingsChange } from '../events';
import { getOptions, setOptions } from '../options';
import { dataOnlyStatuses, statusLabel } from '../order-statuses';
import type { TypeBoxProvider } from '../route-types';
import { checkSettingValue } from '../settings-values';
import { adminError } from './errors';

/** Definitions of one group, or a 404 for an unknown group. */
function groupDefinitions(group: string): SettingDefinition[] {
  if (!(settingGroups as readonly string[]).includes(group)) {
    throw adminError('woocommerce_rest_setting_group_invalid', group);
  }
  return settingDefinitions.filter((d) => d.group === group);
}

function definition(group: string, id: string): SettingDefinition {
  const def = groupDefinitions(group).find((d) => d.id === id);
  if (!def) throw adminError('woocommerce_rest_setting_invalid', id);
  return def;
}

function present(def: SettingDefinition, stored: Map<string, unknown>): SettingBody {
  const kind = def.kind;
  return {
    id: def.id,
    group_id: def.group as SettingGroup,
    label: def.label,
    description: def.description,
    type: kind.type === 'timezone' ? 'text' : kind.type,
    default: def.default,
    ...('options' in kind ? { options: kind.options } : {}),
    value: stored.has(def.id) ? stored.get(def.id) : def.default,
  };
}

/** The settings whose options are order statuses; Refunded cannot be excluded. */
const STATUS_SETTINGS: Readonly<Record<string, { excludesRefunded: boolean }>> = {
  woocommerce_excluded_report_order_statuses: { excludesRefunded: true },
  woocommerce_actionable_order_statuses: { excludesRefunded: false },
};

/**
 * A group's definitions with the status settings' options completed by the statuses found in
 * the data, so every status can be chosen (and saved), custom ones included.
 */
async function liveDefinitions(db: Db, defs: SettingDefinition[]): Promise<SettingDefinition[]> {
  if (!defs.some((d) => d.id in STATUS_SETTINGS)) return defs;
  // Statuses kept in a setting stay offered (and savable) even once no order has them.
  const stored = await getOptions(db, Object.keys(STATUS_SETTINGS));
  const known = new Set<string>(orderStatuses);
  const kept = [...stored.values()].flatMap((v) =>
    Array.isArray(v) ? v.map(String).filter((status) => !known.has(status)) : [],
  );
  const extra = [...new Set([...(await dataOnlyStatuses(db)), ...kept])].sort();
  if (extra.length === 0) return defs;
  return defs.map((d) => {
    const rule = STATUS_SETTINGS[d.id];
    if (!rule || d.kind.type !== 'multiselect') return d;
    const added = extra.filter((status) => !(rule.excludesRefunded && status === 'refunded'));
    const options = {
      ...d.kind.options,
      ...Object.fromEntries(added.map((status) => [status, statusLabel(status)])),
    };
    return { ...d, kind: { ...d.kind, options } };
  });
}

/** Every setting of a group with its value (the default when never set). */
export async function readSettings(db: Db, group: string): Promise<SettingBody[]> {
  const defs = await liveDefinitions(db, groupDefinitions(group));
  const stored = await getOptions(
    db,
    defs.map((d) => d.id),
  );
  return defs.map((d) => present(d, stored));
}

/** Settings updates checked against their live definitions, ready to be written. */
export interface CheckedSettings {
  defs: SettingDefinition[];
  /** The normalised value of each setting, by id. */
  values: Record<string, unknown>;
  /** The ids whose value differs from the stored one (or the default). */
  changed: string[];
}

/** Validates every update (a 400 naming each bad setting) and finds what would change. */
export async function checkSettings(
  db: Db,
  group: string,
  updates: readonly { id: string; value: unknown }[],
): Promise<CheckedSettings> {
  const live = await liveDefinitions(
    db,
    updates.map((u) => definition(group, u.id)),
  );
  const defs = updates.map((u) => live.find((d) => d.id === u.id)!);
  const bad: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  updates.forEach((u, i) => {
    const check = checkSettingValue(defs[i]!, u.value);
    if (check.ok) values[u.id] = check.value;
    else bad[u.id] = check.reason;
  });
  if (Object.keys(bad).length > 0) throw ApiError.invalidParams(bad);
  const ids = Object.keys(values);
  const before = await getOptions(db, ids);
  const changed = ids.filter((id) => {
    const old = before.has(id) ? before.get(id) : defs.find((d) => d.id === id)!.default;
    return JSON.stringify(old) !== JSON.stringify(values[id]);
  });
  return { defs, values, changed };
}

/** Tells the listeners (report cache, rebuild) which settings changed, once they are stored. */
export function announceSettings(db: Db, changed: readonly string[]): void {
  if (changed.length === 0) return;
  const change: SettingsChange = {
    changed: [...changed],
    affectsReports: changed.some((id) => (reportSettingIds as readonly string[]).includes(id)),
    needsRebuild: changed.some((id) => (rebuildSettingIds as readonly string[]).includes(id)),
  };
  db.events.emit('settingsChanged', change);
}

/**
 * Validates every update first (a 400 naming each bad setting, nothing written), then stores
 * them and tells the listeners what changed.
 */
export async function updateSettings(
  db: Db,
  group: string,
  updates: readonly { id: string; value: unknown }[],
): Promise<SettingBody[]> {
  const { defs, values, changed } = await checkSettings(db, group, updates);
  await setOptions(db, values);
  announceSettings(db, changed);
  const ids = Object.keys(values);
  const stored = await getOptions(db, ids);
  return ids.map((id) => present(defs.find((d) => d.id === id)!, stored));
}

/** `/wp-json/wc-analytics/settings/{group}` routes: list, single get/update, batch. */
const REPORTS = 'view_woocommerce_reports';

export function settingsRoutes(app: FastifyInstance, db: Db) {
  const routes = app.withTypeProvider<TypeBoxProvider>();
  const base = '/wp-json/wc-analytics/settings';
  routes.get(
    `${base}/:group`,
    // Reading: the report screens need the date type, statuses… Writing needs manage_options.
    {
      schema: {
        params: SettingGroupParams,
        querystring: SettingsQuery,
        response: { 200: SettingsResponse },
      },
      ...requires(REPORTS),
    },
    async (request) => readSettings(db, request.params.group),
  );
  routes.get(
    `${base}/:group/:id`,
    {
      schema: { params: SettingParams, querystring: SettingsQuery, response: { 200: SettingBody } },
      ...requires(REPORTS),
    },
    async (request) => {
      const [def] = await liveDefinitions(db, [
        definition(request.params.group, request.params.id),
      ]);
      return present(def!, await getOptions(db, [def!.id]));
    },
  );
  for (const method of ['POST', 'PUT'] as const) {
    routes.route({
      method,
      url: `${base}/:group/batch`,
      schema: {
        params: SettingGroupParams,
        body: SettingsBatchBody,
        response: { 200: SettingsBatchResponse },
      },
      handler: async (request) => ({
        update: await updateSettings(db, request.params.group, request.body.update ?? []),
      }),
    });
  }
  for (const method of ['PUT', 'POST', 'PATCH'] as const) {
    routes.route({
      method,
      url: `${base}/:group/:id`,
      schema: { params: SettingParams, body: SettingUpdateBody, response: { 200: SettingBody } },
      handler: async (request) => {
        const { group, id } = request.params;
        const [updated] = await updateSettings(db, group, [{ id, value: request.body.value }]);
        return updated;
      },
    });
  }
}
