import type { NoteBody as Note } from '@storelens/api';
import { useMemo } from 'react';
import type { QueryArgs } from '../../client/query-string.ts';
import { useStorelensDispatch } from '../../react/provider.tsx';
import { type ResourceList, useResourceList } from '../../react/use-resource-list.ts';
import type { NoteUpdate } from './slice.ts';
import {
  batchUpdateNotes,
  deleteAllNotes,
  deleteNote,
  fetchNotes,
  NOTES_SCOPE,
  triggerNoteAction,
  updateNote,
} from './slice.ts';

/** What `useNotes` returns: the list and the note operations (each rejects on failure). */
export interface UseNotesResult extends ResourceList<Note> {
  readonly updateNote: (id: number, fields: NoteUpdate) => Promise<Note>;
  readonly triggerNoteAction: (noteId: number, actionId: number) => Promise<Note>;
  readonly deleteNote: (id: number) => Promise<Note | null>;
  readonly deleteAllNotes: (query?: QueryArgs) => Promise<Note[]>;
  readonly batchUpdateNotes: (ids: readonly number[], fields: NoteUpdate) => Promise<Note[]>;
}

/** The notes scope's fetch, as `useResourceList` calls it. */
const fetchNotesOfScope = (_scope: string, query: QueryArgs) => fetchNotes(query);

/** Reads the notes of a query and exposes the note operations. */
export function useNotes(query: QueryArgs = {}): UseNotesResult {
  const dispatch = useStorelensDispatch();
  const list = useResourceList((s) => s.notes, NOTES_SCOPE, query, fetchNotesOfScope);
  return useMemo(
    () => ({
      ...list,
      updateNote: (id, fields) => dispatch(updateNote(id, fields)),
      triggerNoteAction: (noteId, actionId) => dispatch(triggerNoteAction(noteId, actionId)),
      deleteNote: (id) => dispatch(deleteNote(id)),
      deleteAllNotes: (q) => dispatch(deleteAllNotes(q)),
      batchUpdateNotes: (ids, fields) => dispatch(batchUpdateNotes(ids, fields)),
    }),
    [list, dispatch],
  );
}
