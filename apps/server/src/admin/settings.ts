import {
  rebuildSettingIds,
  reportSettingIds,
  type SettingBody,
  type SettingDefinition,
  type SettingGroup,
  SettingGroupParams,
  SettingParams,
  SettingsBatchBody,
  SettingsQuery,
  SettingUpdateBody,
  settingDefinitions,
  settingGroups,
} from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { requires } from '../auth/capability';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import { getOptions, setOptions } from '../options';
import { adminError } from './errors';
import { emitSettingsChanged, type SettingsChange } from './events';
import { checkSettingValue } from './settings-values';

export { onSettingsChanged, type SettingsChange } from './events';

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

/** Every setting of a group with its value (the default when never set). */
export async function readSettings(db: Db, group: string): Promise<SettingBody[]> {
  const defs = groupDefinitions(group);
  const stored = await getOptions(
    db,
    defs.map((d) => d.id),
  );
  return defs.map((d) => present(d, stored));
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
  const defs = updates.map((u) => definition(group, u.id));
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
  await setOptions(db, values);
  if (changed.length > 0) {
    const change: SettingsChange = {
      db,
      changed,
      affectsReports: changed.some((id) => (reportSettingIds as readonly string[]).includes(id)),
      needsRebuild: changed.some((id) => (rebuildSettingIds as readonly string[]).includes(id)),
    };
    emitSettingsChanged(change);
  }
  const stored = await getOptions(db, ids);
  return ids.map((id) => present(defs.find((d) => d.id === id)!, stored));
}

/** `/wp-json/wc-analytics/settings/{group}` routes: list, single get/update, batch. */
const REPORTS = 'view_woocommerce_reports';

export function settingsRoutes(app: FastifyInstance, db: Db) {
  const base = '/wp-json/wc-analytics/settings';
  app.get<{ Params: Static<typeof SettingGroupParams> }>(
    `${base}/:group`,
    // Reading: the report screens need the date type, statuses… Writing needs manage_options.
    { schema: { params: SettingGroupParams, querystring: SettingsQuery }, ...requires(REPORTS) },
    async (request) => readSettings(db, request.params.group),
  );
  app.get<{ Params: Static<typeof SettingParams> }>(
    `${base}/:group/:id`,
    { schema: { params: SettingParams, querystring: SettingsQuery }, ...requires(REPORTS) },
    async (request) => {
      const def = definition(request.params.group, request.params.id);
      return present(def, await getOptions(db, [def.id]));
    },
  );
  for (const method of ['POST', 'PUT'] as const) {
    app.route<{
      Params: Static<typeof SettingGroupParams>;
      Body: Static<typeof SettingsBatchBody>;
    }>({
      method,
      url: `${base}/:group/batch`,
      schema: { params: SettingGroupParams, body: SettingsBatchBody },
      handler: async (request) => ({
        update: await updateSettings(db, request.params.group, request.body.update ?? []),
      }),
    });
  }
  for (const method of ['PUT', 'POST', 'PATCH'] as const) {
    app.route<{ Params: Static<typeof SettingParams>; Body: Static<typeof SettingUpdateBody> }>({
      method,
      url: `${base}/:group/:id`,
      schema: { params: SettingParams, body: SettingUpdateBody },
      handler: async (request) => {
        const { group, id } = request.params;
        const [updated] = await updateSettings(db, group, [{ id, value: request.body.value }]);
        return updated;
      },
    });
  }
}
