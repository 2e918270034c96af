import { OptionsQuery, OptionsUpdateBody } from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { Db } from '../db/database';
import { getOptions, setOptions } from '../options';
import { adminError } from './errors';

/** Reads options; a never-set option is `false`, as WordPress's get_option answers. */
export async function readOptions(
  db: Db,
  names: readonly string[],
): Promise<Record<string, unknown>> {
  const found = await getOptions(db, names);
  return Object.fromEntries(names.map((n) => [n, found.has(n) ? found.get(n) : false]));
}

/** Writes options and says, per option, whether its value changed. */
export async function updateOptions(
  db: Db,
  values: Record<string, unknown>,
): Promise<Record<string, boolean>> {
  const names = Object.keys(values);
  const before = await getOptions(db, names);
  const changed: Record<string, boolean> = {};
  const writes: Record<string, unknown> = {};
  for (const name of names) {
    const next = values[name] ?? null;
    changed[name] = !before.has(name) || JSON.stringify(before.get(name)) !== JSON.stringify(next);
    if (changed[name]) writes[name] = next;
  }
  await setOptions(db, writes);
  return changed;
}

/** `GET|POST|PUT|PATCH /wp-json/wc-admin/options`. */
export function optionsRoutes(app: FastifyInstance, db: Db) {
  const path = '/wp-json/wc-admin/options';
  app.get<{ Querystring: Static<typeof OptionsQuery> }>(
    path,
    { schema: { querystring: OptionsQuery } },
    async (request) => {
      const names = [...new Set(request.query.options ?? [])];
      if (names.length === 0) {
        throw adminError('woocommerce_rest_cannot_view', 'options=a,b', {
          options: 'options is required: a comma-separated list of option names.',
        });
      }
      return readOptions(db, names);
    },
  );
  for (const method of ['POST', 'PUT', 'PATCH'] as const) {
    app.route<{ Body: Static<typeof OptionsUpdateBody> }>({
      method,
      url: path,
      schema: { body: OptionsUpdateBody },
      handler: async (request) => updateOptions(db, request.body),
    });
  }
}
