import {
  adminBool,
  type NoteActionBody,
  NoteActionParams,
  NoteBody,
  NoteIdParams,
  type NoteStatus,
  NotesBatchBody,
  NotesDeleteAllQuery,
  NotesListQuery,
  NotesResponse,
  type NoteType,
  NoteUpdateBody,
  noteStatuses,
} from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { isoOf, localAndGmt, nowGmt } from '../clock';
import type { Db } from '../db/database';
import type { AdminNoteTable } from '../db/schema';
import { ApiError } from '../errors';
import { readStoreSettings } from '../options';
import type { TypeBoxProvider } from '../route-types';
import { setPagingHeaders } from '../routes/paging';
import { zone } from '../timezone';
import { adminError } from './errors';
import { sanitizeNoteContent } from './sanitize';

/** A note action as stored (the URL is computed when answering). */
export interface StoredNoteAction {
  id: number;
  name: string;
  label: string;
  query: string;
  status: NoteStatus | '';
  primary: boolean;
  actioned_text?: string;
  nonce_action?: string | null;
  nonce_name?: string | null;
}

/** A note to create. */
export interface NewNote {
  name: string;
  type: NoteType;
  title: string;
  content: string;
  contentData?: Record<string, unknown>;
  status?: NoteStatus;
  source?: string;
  locale?: string;
  dateCreatedGmt?: string;
  isSnoozable?: boolean;
  layout?: 'plain' | 'banner' | 'thumbnail';
  image?: string;
  actions?: Omit<StoredNoteAction, 'id'>[];
}

/**
 * An action's URL from its query: absolute http(s) and root-relative values are kept, other
 * relative values become admin URLs (`admin.php?page=…` → `/wp-admin/admin.php?page=…`);
 * an empty query has no URL.
 */
export function noteActionUrl(query: string): string | null {
  if (query === '') return null;
  if (/^https?:\/\//i.test(query) || query.startsWith('/')) return query;
  if (/^[a-z][a-z0-9+.-]*:/i.test(query)) return null;
  return `/wp-admin/${query}`;
}

function present(row: AdminNoteTable): NoteBody {
  const actions = JSON.parse(row.actions) as StoredNoteAction[];
  return {
    id: Number(row.id),
    name: row.name,
    type: row.type as NoteType,
    locale: row.locale,
    title: row.title.replace(/\\(.)/g, '$1'),
    content: sanitizeNoteContent(row.content),
    content_data: JSON.parse(row.content_data) as Record<string, unknown>,
    status: row.status as NoteStatus,
    source: row.source,
    date_created: isoOf(row.date_created),
    date_created_gmt: isoOf(row.date_created_gmt),
    date_reminder: isoOf(row.date_reminder),
    date_reminder_gmt: isoOf(row.date_reminder_gmt),
    is_snoozable: Number(row.is_snoozable) === 1,
    actions: actions.map(
      (a): NoteActionBody => ({
        id: a.id,
        name: a.name,
        label: a.label,
        query: a.query,
        status: a.status,
        primary: a.primary,
        actioned_text: a.actioned_text ?? '',
        nonce_action: a.nonce_action ?? null,
        nonce_name: a.nonce_name ?? null,
        url: noteActionUrl(a.query),
      }),
    ),
    layout: row.layout,
    image: row.image,
    is_deleted: Number(row.is_deleted) === 1,
    is_read: Number(row.is_read) === 1,
  };
}

/** Creates a note (seeding, server events); returns it as the API shows it. */
export async function createNote(db: Db, note: NewNote): Promise<NoteBody> {
  const settings = await readStoreSettings(db);
  const gmt = note.dateCreatedGmt ?? nowGmt();
  const last = await db.kysely
    .selectFrom('admin_notes')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  const row: AdminNoteTable = {
    id: Number(last?.max ?? 0) + 1,
    name: note.name,
    type: note.type,
    locale: note.locale ?? 'en_US',
    title: note.title,
    content: note.content,
    content_data: JSON.stringify(note.contentData ?? {}),
    status: note.status ?? 'unactioned',
    source: note.source ?? 'woocommerce',
    date_created: zone(settings.timezone).toLocal(gmt),
    date_created_gmt: gmt,
    date_reminder: null,
    date_reminder_gmt: null,
    is_snoozable: note.isSnoozable ? 1 : 0,
    layout: note.layout ?? 'plain',
    image: note.image ?? '',
    is_deleted: 0,
    is_read: 0,
    actions: JSON.stringify((note.actions ?? []).map((a, i) => ({ ...a, id: i + 1 }))),
  };
  await db.kysely.insertInto('admin_notes').values(row).execute();
  return present(row);
}

const ORDERBY: Record<string, 'id' | 'date_created_gmt' | 'type' | 'title' | 'status'> = {
  note_id: 'id',
  date: 'date_created_gmt',
  type: 'type',
  title: 'title',
  status: 'status',
};

/** Lists notes that are not deleted, filtered and paged; with the matching count. */
export async function listNotes(
  db: Db,
  q: Static<typeof NotesListQuery>,
): Promise<{ notes: NoteBody[]; total: number }> {
  let query = db.kysely.selectFrom('admin_notes').where('is_deleted', '=', 0);
  if (q.type?.length) query = query.where('type', 'in', q.type);
  if (q.status?.length) query = query.where('status', 'in', q.status);
  if (q.source?.length) query = query.where('source', 'in', q.source);
  if (q.is_read !== undefined) query = query.where('is_read', '=', adminBool(q.is_read) ? 1 : 0);
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const perPage = q.per_page ?? 10;
  const order = q.order ?? 'desc';
  const rows = await query
    .selectAll()
    .orderBy(ORDERBY[q.orderby ?? 'date']!, order)
    .orderBy('id', order)
    .limit(perPage)
    .offset(((q.page ?? 1) - 1) * perPage)
    .execute();
  return { notes: rows.map(present), total: Number(counted?.n ?? 0) };
}

async function findRow(db: Db, id: number): Promise<AdminNoteTable> {
  const row = await db.kysely
    .selectFrom('admin_notes')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw adminError('woocommerce_note_invalid_id');
  return row;
}

/** One note by id (deleted ones too: the client may undo a delete), or a 404. */
export async function getNote(db: Db, id: number): Promise<NoteBody> {
  return present(await findRow(db, id));
}

/** Applies an update to notes by id; returns them in the order asked. */
export async function updateNotes(
  db: Db,
  ids: readonly number[],
  fields: Static<typeof NoteUpdateBody>,
): Promise<NoteBody[]> {
  const rows = await Promise.all(ids.map((id) => findRow(db, id)));
  const set: Partial<AdminNoteTable> = {};
  if (fields.status !== undefined) set.status = fields.status;
  if (fields.is_deleted !== undefined) set.is_deleted = adminBool(fields.is_deleted) ? 1 : 0;
  if (fields.is_read !== undefined) set.is_read = adminBool(fields.is_read) ? 1 : 0;
  if (fields.date_reminder !== undefined) {
    if (fields.date_reminder === null) {
      set.date_reminder = null;
      set.date_reminder_gmt = null;
    } else {
      const settings = await readStoreSettings(db);
      const { local, gmt } = localAndGmt(fields.date_reminder, zone(settings.timezone));
      set.date_reminder = local;
      set.date_reminder_gmt = gmt;
    }
  }
  if (Object.keys(set).length > 0 && rows.length > 0) {
    await db.kysely
      .updateTable('admin_notes')
      .set(set)
      .where('id', 'in', [...ids])
      .execute();
  }
  return rows.map((row) => present({ ...row, ...set }));
}

/** Triggers an action: sets the note's status to the action's status when it has one. */
export async function triggerNoteAction(
  db: Db,
  noteId: number,
  actionId: number,
): Promise<NoteBody> {
  const row = await findRow(db, noteId);
  const action = (JSON.parse(row.actions) as StoredNoteAction[]).find((a) => a.id === actionId);
  if (!action) throw adminError('woocommerce_note_action_invalid_id');
  if (!action.status) return present(row);
  const [note] = await updateNotes(db, [noteId], { status: action.status });
  return note!;
}

/** Soft-deletes every listed note (optionally only some statuses); returns what it deleted. */
/**
 * `status` given in a delete/all body (the query's is checked by its schema): a list or a
 * comma list of note statuses; anything else is a 400 naming it.
 */
export function bodyStatuses(value: unknown): NoteStatus[] | undefined {
  if (value === undefined || value === null) return undefined;
  const list = typeof value === 'string' ? value.split(',').map((s) => s.trim()) : value;
  const known = noteStatuses as readonly unknown[];
  if (!Array.isArray(list) || !list.every((s) => known.includes(s))) {
    throw ApiError.invalidParams({
      status: `status must be a list of note statuses among ${noteStatuses.join(', ')}.`,
    });
  }
  return list as NoteStatus[];
}

export async function deleteAllNotes(
  db: Db,
  statuses: readonly string[] | undefined,
): Promise<NoteBody[]> {
  let query = db.kysely.selectFrom('admin_notes').selectAll().where('is_deleted', '=', 0);
  if (statuses?.length) query = query.where('status', 'in', [...statuses]);
  const rows = await query.orderBy('id').execute();
  if (rows.length === 0) return [];
  return updateNotes(
    db,
    rows.map((r) => Number(r.id)),
    { is_deleted: true },
  );
}

async function remainingCount(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('admin_notes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_deleted', '=', 0)
    .where('type', 'in', ['info', 'warning'])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** `/wp-json/wc-analytics/admin/notes…` routes. */
export function notesRoutes(app: FastifyInstance, db: Db) {
  const routes = app.withTypeProvider<TypeBoxProvider>();
  const base = '/wp-json/wc-analytics/admin/notes';
  routes.get(
    base,
    { schema: { querystring: NotesListQuery, response: { 200: NotesResponse } } },
    async (request, reply) => {
      const { notes, total } = await listNotes(db, request.query);
      const page = request.query.page ?? 1;
      setPagingHeaders(
        request,
        reply,
        page,
        total,
        Math.ceil(total / (request.query.per_page ?? 10)),
      );
      return notes;
    },
  );
  // Static routes before the `{id}` ones (find-my-way prefers static segments anyway).
  for (const method of ['PUT', 'POST', 'PATCH'] as const) {
    routes.route({
      method,
      url: `${base}/update`,
      schema: { body: NotesBatchBody, response: { 200: NotesResponse } },
      handler: async (request) => {
        const { noteIds, ...fields } = request.body ?? {};
        if (!noteIds || noteIds.length === 0) {
          throw adminError('woocommerce_note_invalid_ids', '', {
            noteIds: 'noteIds is required: an array of note IDs.',
          });
        }
        return updateNotes(db, [...new Set(noteIds)], fields);
      },
    });
  }
  routes.delete(
    `${base}/delete/all`,
    { schema: { querystring: NotesDeleteAllQuery, response: { 200: NotesResponse } } },
    async (request, reply) => {
      const body = (request.body ?? {}) as { status?: unknown };
      const statuses = request.query.status ?? bodyStatuses(body.status);
      const deleted = await deleteAllNotes(db, statuses);
      reply.header('X-WP-Total', String(await remainingCount(db)));
      return deleted;
    },
  );
  routes.delete(
    `${base}/delete/:id`,
    { schema: { params: NoteIdParams, response: { 200: NoteBody } } },
    async (request) => {
      const [note] = await updateNotes(db, [request.params.id], { is_deleted: true });
      return note;
    },
  );
  routes.get(
    `${base}/:id`,
    { schema: { params: NoteIdParams, response: { 200: NoteBody } } },
    async (request) => getNote(db, request.params.id),
  );
  for (const method of ['PUT', 'POST', 'PATCH'] as const) {
    routes.route({
      method,
      url: `${base}/:id`,
      schema: { params: NoteIdParams, body: NoteUpdateBody, response: { 200: NoteBody } },
      handler: async (request) => {
        const [note] = await updateNotes(db, [request.params.id], request.body ?? {});
        return note;
      },
    });
  }
  for (const method of ['POST', 'PUT'] as const) {
    routes.route({
      method,
      url: `${base}/:note_id/action/:action_id`,
      schema: { params: NoteActionParams, response: { 200: NoteBody } },
      handler: async (request) =>
        triggerNoteAction(db, request.params.note_id, request.params.action_id),
    });
  }
}
