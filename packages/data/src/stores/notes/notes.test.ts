// @vitest-environment node

import { type NoteBody as Note, NoteActionBody, NoteBody } from '@storelens/api';
import { afterEach, describe, expect, it } from 'vitest';
import { contractBody } from '../../test/bodies.ts';
import { wpError } from '../../test/server.ts';
import { sleep, startStore } from '../../test/store.ts';
import {
  batchUpdateNotes,
  deleteAllNotes,
  deleteNote,
  fetchNotes,
  NOTES_SCOPE,
  triggerNoteAction,
  updateNote,
} from './slice.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const note = (id: number, status: Note['status'] = 'unactioned') =>
  contractBody(NoteBody, {
    id,
    name: `n${id}`,
    type: 'info',
    title: `Note ${id}`,
    status,
    actions: [contractBody(NoteActionBody, { id: 5, name: 'go', label: 'Go', status: 'actioned' })],
  });

async function notesServer(opts: { failWrites?: boolean; slowPut?: number } = {}) {
  const notes = new Map<number, Note>([1, 2, 3].map((id) => [id, note(id)]));
  const fail = (reply: { code: (n: number) => { send: (b: unknown) => unknown } }) =>
    reply.code(500).send(wpError('woocommerce_note_error', 'Note failure.', 500));
  const ctx = await startStore((app) => {
    const base = '/wc-analytics/admin/notes';
    app.get(base, async (_req, reply) => {
      reply.header('X-WP-Total', String(notes.size)).header('X-WP-TotalPages', '1');
      return [...notes.values()];
    });
    app.put(`${base}/update`, async (req, reply) => {
      if (opts.failWrites) return fail(reply);
      const { noteIds, ...fields } = req.body as { noteIds: number[] };
      return noteIds.map((id) => {
        const next = { ...notes.get(id), ...fields } as Note;
        notes.set(id, next);
        return next;
      });
    });
    app.put(`${base}/:id`, async (req, reply) => {
      if (opts.slowPut) await sleep(opts.slowPut);
      if (opts.failWrites) return fail(reply);
      const id = Number((req.params as { id: string }).id);
      const next = { ...notes.get(id), ...(req.body as object) } as Note;
      notes.set(id, next);
      return next;
    });
    app.post(`${base}/:id/action/:action`, async (req, reply) => {
      if (opts.failWrites) return fail(reply);
      const id = Number((req.params as { id: string }).id);
      const next = { ...notes.get(id), status: 'actioned' } as Note;
      notes.set(id, next);
      return next;
    });
    app.delete(`${base}/delete/all`, async (_req, reply) => {
      if (opts.failWrites) return fail(reply);
      const all = [...notes.values()];
      notes.clear();
      return all;
    });
    app.delete(`${base}/delete/:id`, async (req, reply) => {
      if (opts.failWrites) return fail(reply);
      const id = Number((req.params as { id: string }).id);
      const gone = notes.get(id);
      notes.delete(id);
      return gone;
    });
  });
  close = () => ctx.server.close();
  await ctx.store.dispatch(fetchNotes({ per_page: 25 }));
  return ctx;
}

const scope = (store: Awaited<ReturnType<typeof notesServer>>['store']) =>
  store.getState().notes[NOTES_SCOPE];

describe('notes', () => {
  it('caches a query: ids, total from the header, records by id; a second read is served from cache', async () => {
    const { store, requests } = await notesServer();
    await store.dispatch(fetchNotes({ per_page: 25 }));
    expect(requests.filter((r) => r.method === 'GET')).toHaveLength(1);
    const entry = scope(store)?.queries[JSON.stringify({ per_page: 25 })];
    expect(entry?.result).toEqual({ ids: ['1', '2', '3'], total: 3, totalPages: 1 });
    expect(scope(store)?.byId['2']?.title).toBe('Note 2');
  });

  it('update marks the note updating, applies at once, keeps the answer, then marks lists stale', async () => {
    const { store } = await notesServer({ slowPut: 50 });
    const pending = store.dispatch(updateNote(1, { status: 'snoozed' }));
    expect(scope(store)?.updating).toEqual({ '1': true });
    expect(scope(store)?.byId['1']?.status).toBe('snoozed');
    await pending;
    expect(scope(store)?.updating).toEqual({});
    expect(scope(store)?.byId['1']?.status).toBe('snoozed');
    expect(Object.values(scope(store)?.queries ?? {}).every((q) => q.stale)).toBe(true);
  });

  it('a failed update rolls back, records the error under update:{id} and rejects', async () => {
    const { store } = await notesServer({ failWrites: true });
    await expect(store.dispatch(updateNote(1, { status: 'snoozed' }))).rejects.toMatchObject({
      code: 'woocommerce_note_error',
    });
    expect(scope(store)?.byId['1']?.status).toBe('unactioned');
    expect(scope(store)?.errors['update:1']?.message).toBe('Note failure.');
    expect(scope(store)?.updating).toEqual({});
  });

  it('triggers an action and keeps the updated note', async () => {
    const { store, requests } = await notesServer();
    await store.dispatch(triggerNoteAction(2, 5));
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/wc-analytics/admin/notes/2/action/5',
    });
    expect(scope(store)?.byId['2']?.status).toBe('actioned');
  });

  it('deletes one note from the records and every list', async () => {
    const { store } = await notesServer();
    await store.dispatch(deleteNote(2));
    expect(scope(store)?.byId['2']).toBeUndefined();
    expect(scope(store)?.queries[JSON.stringify({ per_page: 25 })]?.result?.ids).toEqual([
      '1',
      '3',
    ]);
  });

  it('deletes all notes', async () => {
    const { store } = await notesServer();
    await store.dispatch(deleteAllNotes());
    expect(scope(store)?.byId).toEqual({});
  });

  it('batch-updates notes with noteIds plus fields', async () => {
    const { store, requests } = await notesServer();
    await store.dispatch(batchUpdateNotes([1, 3], { is_read: true }));
    expect(requests.at(-1)?.body).toEqual({ noteIds: [1, 3], is_read: true });
    expect(scope(store)?.byId['3']?.is_read).toBe(true);
  });

  it.each([
    [
      'triggerAction:2',
      (s: Awaited<ReturnType<typeof notesServer>>['store']) => s.dispatch(triggerNoteAction(2, 5)),
    ],
    [
      'delete:2',
      (s: Awaited<ReturnType<typeof notesServer>>['store']) => s.dispatch(deleteNote(2)),
    ],
    [
      'deleteAll',
      (s: Awaited<ReturnType<typeof notesServer>>['store']) => s.dispatch(deleteAllNotes()),
    ],
    [
      'batchUpdate',
      (s: Awaited<ReturnType<typeof notesServer>>['store']) =>
        s.dispatch(batchUpdateNotes([1], { is_read: true })),
    ],
  ])('a failed %s is stored per operation and raised', async (operation, run) => {
    const { store } = await notesServer({ failWrites: true });
    await expect(run(store)).rejects.toMatchObject({ status: 500 });
    expect(scope(store)?.errors[operation]?.code).toBe('woocommerce_note_error');
    expect(scope(store)?.byId['2']).toBeDefined();
  });
});
