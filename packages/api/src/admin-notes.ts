import type { Static } from 'typebox';
import { Type } from 'typebox';
import {
  AdminBool,
  AdminContext,
  AdminDateTime,
  AdminPaging,
  Closed,
  literalUnion,
  nullable,
  orNull,
  PositiveId,
} from './admin-common';

/** Note types (`email` is deprecated but still stored). */
export const noteTypes = [
  'error',
  'warning',
  'update',
  'info',
  'marketing',
  'survey',
  'email',
] as const;
/** One note type. */
export type NoteType = (typeof noteTypes)[number];

/** Note statuses. */
export const noteStatuses = ['pending', 'unactioned', 'actioned', 'snoozed', 'sent'] as const;
/** One note status. */
export type NoteStatus = (typeof noteStatuses)[number];

/** Note layouts. */
export const noteLayouts = ['plain', 'banner', 'thumbnail'] as const;

/** `orderby` of the notes list. */
export const noteOrderby = ['note_id', 'date', 'type', 'title', 'status'] as const;

/** Tags note content may keep; everything else is stripped. */
export const noteAllowedTags = ['br', 'em', 'strong', 'a', 'p'] as const;

/** A note action (button). */
export const NoteActionBody = Closed({
  id: Type.Integer(),
  name: Type.String(),
  label: Type.String(),
  query: Type.String(),
  status: Type.Union([literalUnion(noteStatuses), Type.Literal('')]),
  primary: Type.Boolean(),
  actioned_text: Type.String(),
  nonce_action: orNull(Type.String()),
  nonce_name: orNull(Type.String()),
  url: orNull(Type.String()),
});
/** A note action as the API answers it. */
export type NoteActionBody = Static<typeof NoteActionBody>;

/** An inbox note as the API answers it (`GET /wc-analytics/admin/notes`, one per row). */
export const NoteBody = Closed({
  id: Type.Integer(),
  name: Type.String(),
  type: literalUnion(noteTypes),
  locale: Type.String(),
  title: Type.String(),
  content: Type.String(),
  content_data: Type.Record(Type.String(), Type.Unknown()),
  status: literalUnion(noteStatuses),
  source: Type.String(),
  date_created: Type.String(),
  date_created_gmt: Type.String(),
  date_reminder: orNull(Type.String()),
  date_reminder_gmt: orNull(Type.String()),
  is_snoozable: Type.Boolean(),
  actions: Type.Array(NoteActionBody),
  layout: Type.String(),
  image: Type.String(),
  is_deleted: Type.Boolean(),
  is_read: Type.Boolean(),
});
/** An inbox note as the API answers it. */
export type NoteBody = Static<typeof NoteBody>;

/** Notes as the list, the batch update and the delete-all answer them. */
export const NotesResponse = Type.Array(NoteBody);

/** `GET /wc-analytics/admin/notes`. */
export const NotesListQuery = Type.Object(
  {
    context: AdminContext,
    ...AdminPaging,
    order: Type.Optional(literalUnion(['asc', 'desc'] as const)),
    orderby: Type.Optional(literalUnion(noteOrderby)),
    type: Type.Optional(Type.Array(literalUnion(noteTypes))),
    status: Type.Optional(Type.Array(literalUnion(noteStatuses))),
    source: Type.Optional(Type.Array(Type.String({ pattern: '^[a-z0-9_.-]{1,191}$' }))),
    is_read: Type.Optional(AdminBool),
  },
  { additionalProperties: false },
);
/** Parsed notes list query. */
export type NotesListQuery = Static<typeof NotesListQuery>;

/** Fields a note update may change. */
export const noteUpdateFields = {
  status: Type.Optional(literalUnion(noteStatuses)),
  date_reminder: Type.Optional(nullable(AdminDateTime)),
  is_deleted: Type.Optional(AdminBool),
  is_read: Type.Optional(AdminBool),
};

/** `PUT /wc-analytics/admin/notes/{id}` body. */
export const NoteUpdateBody = Type.Object(noteUpdateFields, { additionalProperties: false });
/** Parsed note update. */
export type NoteUpdateBody = Static<typeof NoteUpdateBody>;

/** `PUT /wc-analytics/admin/notes/update` body: `noteIds` plus update fields. */
export const NotesBatchBody = Type.Object(
  {
    noteIds: Type.Optional(Type.Array(PositiveId, { maxItems: 1000 })),
    ...noteUpdateFields,
  },
  { additionalProperties: false },
);

/** `DELETE /wc-analytics/admin/notes/delete/all` query/body. */
export const NotesDeleteAllQuery = Type.Object(
  { status: Type.Optional(Type.Array(literalUnion(noteStatuses))), context: AdminContext },
  { additionalProperties: false },
);

/** `{id}` route params. */
export const NoteIdParams = Type.Object({ id: PositiveId });

/** `{note_id}/action/{action_id}` route params. */
export const NoteActionParams = Type.Object({
  note_id: PositiveId,
  action_id: PositiveId,
});
