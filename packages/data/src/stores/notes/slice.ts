import type { NoteBody as Note } from '@storelens/api';
import type { QueryArgs } from '../../client/query-string.ts';
import { runOptimistic } from '../../core/optimistic.ts';
import { NAMESPACES, STORE_NAMES } from '../../core/paths.ts';
import { createResource, idKey, type ResourceState } from '../../core/resource.ts';
import { stableKey } from '../../core/stable-key.ts';
import type { AppThunk } from '../../core/thunk.ts';
import { runWrite } from '../../core/write.ts';

/** Fields a note update sends: the note's own fields (the server also reads "true"/"1"). */
export type NoteUpdate = Partial<Pick<Note, 'status' | 'date_reminder' | 'is_deleted' | 'is_read'>>;

/** The notes store: the resource core with one scope. */
export const notesResource = createResource<Note>(STORE_NAMES.notes);
/** The one scope notes live in. */
export const NOTES_SCOPE = 'notes';
/** Notes state. */
export type NotesState = ResourceState<Note>;

const base = `${NAMESPACES.analytics}/admin/notes`;
const { actions } = notesResource;

/** Fetches the notes of a query (cached per query; `force` refetches). */
export function fetchNotes(
  query: QueryArgs = {},
  options: { force?: boolean } = {},
): AppThunk<void> {
  return async (dispatch, getState, { client }) => {
    const key = stableKey(query);
    if (!notesResource.needsFetch(getState().notes, NOTES_SCOPE, key, options.force)) return;
    await notesResource.runQuery(dispatch, NOTES_SCOPE, key, async () => {
      const response = await client.get<Note[] | null>(base, query);
      const list = response.data ?? [];
      return {
        items: list,
        result: {
          ids: list.map((n) => idKey(n.id)),
          total: response.total ?? list.length,
          totalPages: response.totalPages,
        },
      };
    });
  };
}

/** Updates one note optimistically (snapshot, apply, send, roll back, refresh); rethrows failures. */
export function updateNote(id: number, fields: NoteUpdate): AppThunk<Note> {
  return async (dispatch, getState, { client }) => {
    const operation = `update:${id}`;
    const result = await runOptimistic({
      snapshot: () => getState().notes[NOTES_SCOPE]?.byId[idKey(id)] ?? null,
      apply: () => {
        dispatch(actions.updatingChanged({ scope: NOTES_SCOPE, id, updating: true }));
        dispatch(actions.itemPatched({ scope: NOTES_SCOPE, id, patch: fields }));
      },
      send: async () => (await client.put<Note>(`${base}/${id}`, fields)).data,
      rollback: (snapshot, error) => {
        dispatch(actions.itemRestored({ scope: NOTES_SCOPE, id, item: snapshot }));
        dispatch(actions.operationFailed({ scope: NOTES_SCOPE, operation, error }));
      },
      settle: () => {
        dispatch(actions.updatingChanged({ scope: NOTES_SCOPE, id, updating: false }));
        dispatch(actions.invalidated({ scope: NOTES_SCOPE }));
        return undefined;
      },
    });
    if (!result.ok) throw result.error;
    if (result.value)
      dispatch(actions.itemsReceived({ scope: NOTES_SCOPE, items: [result.value] }));
    dispatch(actions.operationSucceeded({ scope: NOTES_SCOPE, operation }));
    return result.value;
  };
}

/** Triggers one of a note's actions; the server answers with the updated note. */
export function triggerNoteAction(noteId: number, actionId: number): AppThunk<Note> {
  return (dispatch, _getState, { client }) =>
    runWrite({
      dispatch,
      resource: notesResource,
      scope: NOTES_SCOPE,
      operation: `triggerAction:${noteId}`,
      ids: [noteId],
      send: async () => (await client.post<Note>(`${base}/${noteId}/action/${actionId}`)).data,
      onSuccess: (note) => {
        if (note) dispatch(actions.itemsReceived({ scope: NOTES_SCOPE, items: [note] }));
      },
    });
}

/** Deletes one note. */
export function deleteNote(id: number): AppThunk<Note | null> {
  return (dispatch, _getState, { client }) =>
    runWrite({
      dispatch,
      resource: notesResource,
      scope: NOTES_SCOPE,
      operation: `delete:${id}`,
      ids: [id],
      send: async () => (await client.delete<Note | null>(`${base}/delete/${id}`)).data,
      onSuccess: () => dispatch(actions.itemRemoved({ scope: NOTES_SCOPE, id })),
    });
}

/** Deletes all notes (optionally only some statuses). */
export function deleteAllNotes(query: QueryArgs = {}): AppThunk<Note[]> {
  return (dispatch, _getState, { client }) =>
    runWrite({
      dispatch,
      resource: notesResource,
      scope: NOTES_SCOPE,
      operation: 'deleteAll',
      ids: [],
      send: async () =>
        (await client.delete<Note[] | null>(`${base}/delete/all`, undefined, query)).data ?? [],
      onSuccess: (deleted) => {
        for (const note of deleted)
          dispatch(actions.itemRemoved({ scope: NOTES_SCOPE, id: note.id }));
      },
    });
}

/** Applies the same update to several notes. */
export function batchUpdateNotes(noteIds: readonly number[], fields: NoteUpdate): AppThunk<Note[]> {
  return (dispatch, _getState, { client }) =>
    runWrite({
      dispatch,
      resource: notesResource,
      scope: NOTES_SCOPE,
      operation: 'batchUpdate',
      ids: noteIds,
      send: async () =>
        (await client.put<Note[] | null>(`${base}/update`, { noteIds, ...fields })).data ?? [],
      onSuccess: (notes) => dispatch(actions.itemsReceived({ scope: NOTES_SCOPE, items: notes })),
    });
}
