import {
  OptionsQuery,
  OptionsResponse,
  OptionsUpdateBody,
  OptionsUpdateResponse,
  type SettingDefinition,
  settingDefinitions,
} from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import { assertOptionsReadable, requires } from '../auth/capability';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import { getOptions, isInternalOption, setOptions } from '../options';
import type { TypeBoxProvider } from '../route-types';
import { checkSettingValue } from '../settings-values';
import { adminError } from './errors';
import { announceSettings, type CheckedSettings, checkSettings } from './settings';

/** Largest JSON text of one option value, in bytes. */
export const MAX_OPTION_BYTES = 64 * 1024;
/** Most options one store keeps (the options route refuses new names beyond it). */
export const MAX_OPTIONS = 1000;

const settingById = new Map<string, SettingDefinition>(settingDefinitions.map((d) => [d.id, d]));

/**
 * Refuses, with a 403 naming each, the options the server keeps for itself (`isInternalOption`
 * in src/options.ts): one write of the demo generation mark made the next start wipe a
 * connected shop, and the Jetpack connection state is a secret.
 */
export function assertNotInternal(names: readonly string[]): void {
  const internal = names.filter(isInternalOption);
  if (internal.length === 0) return;
  throw adminError(
    'storelens_internal_option',
    internal.join(', '),
    Object.fromEntries(
      internal.map((n) => [n, `${n} is kept by Storelens itself, not through the options API.`]),
    ),
  );
}

/** Reads options; a never-set option is `false`, as WordPress's get_option answers. */
export async function readOptions(
  db: Db,
  names: readonly string[],
): Promise<Record<string, unknown>> {
  const found = await getOptions(db, names);
  return Object.fromEntries(names.map((n) => [n, found.has(n) ? found.get(n) : false]));
}

/**
 * Writes options and says, per option, whether its value changed. An option that is a store
 * setting (time zone, currency decimals…) goes through the settings validation and its change
 * events, as if written through the settings route: the reports read these values, and one bad
 * write here used to break them. The server's own options are refused (`assertNotInternal`).
 * Every value is checked first; a refusal writes nothing, and the values are written by one
 * statement (all or nothing).
 */
export async function updateOptions(
  db: Db,
  values: Record<string, unknown>,
): Promise<Record<string, boolean>> {
  const names = Object.keys(values);
  assertNotInternal(names);
  const bad: Record<string, string> = {};
  const tooLarge: Record<string, string> = {};
  const settings = new Map<string, { id: string; value: unknown }[]>();
  const plain: Record<string, unknown> = {};
  const normalised: Record<string, unknown> = {};
  for (const name of names) {
    const value = values[name] ?? null;
    const bytes = Buffer.byteLength(JSON.stringify(value));
    if (bytes > MAX_OPTION_BYTES) {
      tooLarge[name] = `${name} is ${bytes} bytes of JSON; at most ${MAX_OPTION_BYTES} are kept.`;
      continue;
    }
    const def = settingById.get(name);
    if (!def) {
      plain[name] = value;
      normalised[name] = value;
      continue;
    }
    const check = checkSettingValue(def, value);
    if (!check.ok) {
      bad[name] = check.reason;
      continue;
    }
    const group = settings.get(def.group) ?? [];
    group.push({ id: name, value: check.value });
    settings.set(def.group, group);
    normalised[name] = check.value;
  }
  if (Object.keys(tooLarge).length > 0) {
    throw adminError('storelens_option_too_large', String(MAX_OPTION_BYTES), tooLarge);
  }
  if (Object.keys(bad).length > 0) throw ApiError.invalidParams(bad);

  const before = await getOptions(db, names);
  const added = names.filter((n) => !before.has(n)).length;
  if (added > 0) {
    const row = await db.kysely
      .selectFrom('options')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(row.n) + added > MAX_OPTIONS) {
      throw adminError('storelens_too_many_options', String(MAX_OPTIONS), {
        options: `The store keeps ${row.n} options; ${added} more would pass the limit of ${MAX_OPTIONS}.`,
      });
    }
  }
  const changed: Record<string, boolean> = {};
  const writes: Record<string, unknown> = {};
  for (const name of names) {
    const next = normalised[name];
    changed[name] = !before.has(name) || JSON.stringify(before.get(name)) !== JSON.stringify(next);
    if (changed[name] && name in plain) writes[name] = next;
  }
  // Every setting is checked against its live definition before anything is written, and
  // plain options and settings are written by one statement: a request is stored whole or
  // not at all (it used to write the plain options, then each settings group on its own).
  const checked: CheckedSettings[] = [];
  for (const [group, updates] of settings) {
    const changing = updates.filter((u) => changed[u.id]);
    if (changing.length > 0) checked.push(await checkSettings(db, group, changing));
  }
  for (const c of checked) Object.assign(writes, c.values);
  await setOptions(db, writes);
  for (const c of checked) announceSettings(db, c.changed);
  return changed;
}

/** `GET|POST|PUT|PATCH /wp-json/wc-admin/options`. */
export function optionsRoutes(app: FastifyInstance, db: Db) {
  const routes = app.withTypeProvider<TypeBoxProvider>();
  const path = '/wp-json/wc-admin/options';
  routes.get(
    path,
    // Every role reads the options the reports need; the rest need manage_options.
    {
      schema: { querystring: OptionsQuery, response: { 200: OptionsResponse } },
      ...requires('view_woocommerce_reports'),
    },
    async (request) => {
      const names = [...new Set(request.query.options ?? [])];
      assertOptionsReadable(request, names);
      assertNotInternal(names);
      if (names.length === 0) {
        throw adminError('woocommerce_rest_cannot_view', 'options=a,b', {
          options: 'options is required: a comma-separated list of option names.',
        });
      }
      return readOptions(db, names);
    },
  );
  for (const method of ['POST', 'PUT', 'PATCH'] as const) {
    routes.route({
      method,
      url: path,
      schema: { body: OptionsUpdateBody, response: { 200: OptionsUpdateResponse } },
      handler: async (request) => updateOptions(db, request.body),
    });
  }
}
