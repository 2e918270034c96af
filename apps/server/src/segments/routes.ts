import {
  adminBool,
  SegmentCreateBody,
  SegmentDeletedResponse,
  SegmentIdParams,
  SegmentsResponse,
  SegmentUpdateBody,
  SegmentView,
} from '@storelens/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withCapability } from '../auth/capability';
import { can } from '../auth/roles';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import type { TypeBoxProvider } from '../route-types';
import { formatSqlUtc } from '../timezone';
import { normaliseSegmentQuery } from './saved';
import type { SavedSegmentTable } from './schema';

const V1 = '/wp-json/storelens/v1';

/** A segment as answered to `userId`; `ownerName` the owner's display name. */
function segmentView(row: SavedSegmentTable, userId: number, ownerName: string): SegmentView {
  return {
    id: Number(row.id),
    name: row.name,
    source: row.source as SegmentView['source'],
    query: JSON.parse(row.query) as Record<string, unknown>,
    shared: Number(row.shared) === 1,
    owner_id: Number(row.user_id),
    owner_name: ownerName,
    mine: Number(row.user_id) === userId,
    date_created_gmt: row.created_gmt.replace(' ', 'T'),
    date_modified_gmt: row.updated_gmt.replace(' ', 'T'),
  };
}

/** `shared: true` from someone without manage_woocommerce: 403. */
function checkShare(request: FastifyRequest, shared: boolean) {
  if (shared && !can(request.authUser!.role, 'manage_woocommerce'))
    throw ApiError.of('storelens_segment_share_forbidden', '', {
      shared: 'shared needs the manage_woocommerce capability.',
    });
}

/**
 * `storelens/v1/segments` (docs/api.md, "Saved segments"): a user lists their own and the
 * shared segments, saves, renames and deletes their own; sharing needs manage_woocommerce.
 */
export function segmentRoutes(app: FastifyInstance, db: Db) {
  const routes = app.withTypeProvider<TypeBoxProvider>();
  const now = () => formatSqlUtc(Date.now());
  /** The display names of the owners of `rows` (empty for a user since deleted). */
  const ownerNames = async (rows: readonly SavedSegmentTable[]) => {
    const ids = [...new Set(rows.map((r) => Number(r.user_id)))];
    const users = ids.length
      ? await db.kysely.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute()
      : [];
    const names = new Map(users.map((u) => [Number(u.id), u.name]));
    return (row: SavedSegmentTable) => names.get(Number(row.user_id)) ?? '';
  };
  const viewOf = async (request: FastifyRequest, row: SavedSegmentTable) =>
    segmentView(row, request.authUser!.id, (await ownerNames([row]))(row));
  const own = async (request: FastifyRequest, id: number) => {
    const row = await db.kysely
      .selectFrom('saved_segments')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', request.authUser!.id)
      .executeTakeFirst();
    if (!row) throw ApiError.of('storelens_segment_not_found');
    return row;
  };

  withCapability(app, 'view_woocommerce_reports', () => {
    routes.get(
      `${V1}/segments`,
      { schema: { response: { 200: SegmentsResponse } } },
      async (request) => {
        const me = request.authUser!.id;
        const rows = await db.kysely
          .selectFrom('saved_segments')
          .selectAll()
          .where((eb) => eb.or([eb('user_id', '=', me), eb('shared', '=', 1)]))
          .orderBy('name')
          .orderBy('id')
          .execute();
        const nameOf = await ownerNames(rows);
        const views = rows.map((r) => segmentView(r, me, nameOf(r)));
        return [...views.filter((v) => v.mine), ...views.filter((v) => !v.mine)];
      },
    );

    routes.post(
      `${V1}/segments`,
      { schema: { body: SegmentCreateBody, response: { 201: SegmentView } } },
      async (request, reply) => {
        const body = request.body;
        const shared = adminBool(body.shared);
        checkShare(request, shared);
        const name = body.name.trim();
        if (!name) throw ApiError.invalidParams({ name: 'name must not be empty.' });
        const query = normaliseSegmentQuery(body.source, body.query);
        const at = now();
        let id = 0;
        for (let attempt = 0; ; attempt++) {
          const last = await db.kysely
            .selectFrom('saved_segments')
            .select((eb) => eb.fn.max('id').as('max'))
            .executeTakeFirst();
          id = Number(last?.max ?? 0) + 1;
          try {
            await db.kysely
              .insertInto('saved_segments')
              .values({
                id,
                name,
                user_id: request.authUser!.id,
                shared: shared ? 1 : 0,
                source: body.source,
                query: JSON.stringify(query),
                created_gmt: at,
                updated_gmt: at,
              })
              .execute();
            break;
          } catch (error) {
            if (attempt >= 5) throw error;
          }
        }
        return reply.status(201).send(await viewOf(request, await own(request, id)));
      },
    );

    routes.put(
      `${V1}/segments/:id`,
      {
        schema: {
          params: SegmentIdParams,
          body: SegmentUpdateBody,
          response: { 200: SegmentView },
        },
      },
      async (request) => {
        const row = await own(request, request.params.id);
        const set: Partial<Pick<SavedSegmentTable, 'name' | 'shared' | 'updated_gmt'>> = {
          updated_gmt: now(),
        };
        if (request.body.name !== undefined) {
          const name = request.body.name.trim();
          if (!name) throw ApiError.invalidParams({ name: 'name must not be empty.' });
          set.name = name;
        }
        if (request.body.shared !== undefined) {
          const shared = adminBool(request.body.shared);
          checkShare(request, shared);
          set.shared = shared ? 1 : 0;
        }
        await db.kysely.updateTable('saved_segments').set(set).where('id', '=', row.id).execute();
        return viewOf(request, await own(request, Number(row.id)));
      },
    );

    routes.delete(
      `${V1}/segments/:id`,
      { schema: { params: SegmentIdParams, response: { 200: SegmentDeletedResponse } } },
      async (request) => {
        const row = await own(request, request.params.id);
        await db.kysely.deleteFrom('saved_segments').where('id', '=', row.id).execute();
        return { deleted: true, id: Number(row.id) };
      },
    );
  });
}
