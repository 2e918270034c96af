import type { NoteBody } from '@storelens/api';
import { expect, it } from 'vitest';
import { createNote } from '../src/admin/notes';
import type { Db } from '../src/db/database';
import { call, expectError } from './admin-helpers';
import { storeSettings } from './fixtures';
import { describeEachEngine } from './harness';

const NOTES = '/wp-json/wc-analytics/admin/notes';
const FAVORITES = '/wp-json/wc-admin/navigation/favorites/me';

async function seedNotes(db: Db) {
  await storeSettings(db, 'Asia/Kathmandu');
  await createNote(db, {
    name: 'wc-admin-welcome',
    type: 'info',
    title: 'Welcome \\"home\\"',
    content:
      '<p>Hello <strong>there</strong><script>alert(1)</script> <a href="javascript:x()">x</a></p>',
    dateCreatedGmt: '2024-05-01 10:00:00',
    isSnoozable: true,
    actions: [
      {
        name: 'open',
        label: 'Open',
        query: 'admin.php?page=wc-admin',
        status: 'actioned',
        primary: true,
      },
      {
        name: 'learn',
        label: 'Learn more',
        query: 'https://example.com/docs',
        status: '',
        primary: false,
      },
    ],
  });
  await createNote(db, {
    name: 'wc-admin-low-stock',
    type: 'warning',
    title: 'Low stock',
    content: 'Mugs are low.',
    source: 'storelens',
    dateCreatedGmt: '2024-05-02 10:00:00',
  });
  await createNote(db, {
    name: 'wc-admin-marketing',
    type: 'marketing',
    title: 'Grow',
    content: 'Try marketing.',
    status: 'actioned',
    dateCreatedGmt: '2024-05-03 10:00:00',
  });
  await createNote(db, {
    name: 'wc-admin-survey',
    type: 'survey',
    title: 'Tell us',
    content: 'A survey.',
    dateCreatedGmt: '2024-05-04 10:00:00',
  });
}

describeEachEngine(
  'admin notes',
  (ctx) => {
    it('answers every note field: local and GMT dates, sanitised content, action URLs', async () => {
      const { body } = await call<NoteBody>(ctx().app, 'GET', `${NOTES}/1`);
      expect(body).toMatchObject({
        id: 1,
        name: 'wc-admin-welcome',
        type: 'info',
        locale: 'en_US',
        title: 'Welcome "home"',
        content: '<p>Hello <strong>there</strong> <a>x</a></p>',
        content_data: {},
        status: 'unactioned',
        source: 'woocommerce',
        date_created: '2024-05-01T15:45:00',
        date_created_gmt: '2024-05-01T10:00:00',
        date_reminder: null,
        date_reminder_gmt: null,
        is_snoozable: true,
        layout: 'plain',
        is_deleted: false,
        is_read: false,
      });
      expect(body.actions.map((a) => [a.id, a.url])).toEqual([
        [1, '/wp-admin/admin.php?page=wc-admin'],
        [2, 'https://example.com/docs'],
      ]);
    });

    it('lists newest first with paging headers and type/status/source filters', async () => {
      const app = ctx().app;
      const all = await call<NoteBody[]>(app, 'GET', `${NOTES}?per_page=2`);
      expect(all.body.map((n) => n.id)).toEqual([4, 3]);
      expect(all.headers['x-wp-total']).toBe('4');
      expect(all.headers['x-wp-totalpages']).toBe('2');
      const typed = await call<NoteBody[]>(app, 'GET', `${NOTES}?type=info,warning&order=asc`);
      expect(typed.body.map((n) => n.id)).toEqual([1, 2]);
      const status = await call<NoteBody[]>(app, 'GET', `${NOTES}?status[]=actioned`);
      expect(status.body.map((n) => n.id)).toEqual([3]);
      const source = await call<NoteBody[]>(app, 'GET', `${NOTES}?source=storelens`);
      expect(source.body.map((n) => n.id)).toEqual([2]);
      const byTitle = await call<NoteBody[]>(app, 'GET', `${NOTES}?orderby=title&order=asc`);
      expect(byTitle.body.map((n) => n.title)).toEqual([
        'Grow',
        'Low stock',
        'Tell us',
        'Welcome "home"',
      ]);
    });

    it('updates status, read flag and reminder (store-local reminder, GMT twin)', async () => {
      const { body } = await call<NoteBody>(ctx().app, 'PUT', `${NOTES}/2`, {
        status: 'snoozed',
        is_read: true,
        date_reminder: '2024-06-01T09:00:00',
      });
      expect(body).toMatchObject({
        status: 'snoozed',
        is_read: true,
        date_reminder: '2024-06-01T09:00:00',
        date_reminder_gmt: '2024-06-01T03:15:00',
      });
      const again = await call<NoteBody>(ctx().app, 'GET', `${NOTES}/2`);
      expect(again.body.status).toBe('snoozed');
    });

    it("an action sets the note's status to the action's; an action without status leaves it", async () => {
      const app = ctx().app;
      const learn = await call<NoteBody>(app, 'POST', `${NOTES}/1/action/2`);
      expect(learn.body.status).toBe('unactioned');
      const open = await call<NoteBody>(app, 'POST', `${NOTES}/1/action/1`);
      expect(open.status).toBe(200);
      expect(open.body.status).toBe('actioned');
      expectError(
        await call(app, 'POST', `${NOTES}/1/action/9`),
        404,
        'woocommerce_note_action_invalid_id',
      );
      expectError(
        await call(app, 'POST', `${NOTES}/99/action/1`),
        404,
        'woocommerce_note_invalid_id',
      );
    });

    it('batch-updates by noteIds, and needs noteIds', async () => {
      const app = ctx().app;
      const res = await call<NoteBody[]>(app, 'PUT', `${NOTES}/update`, {
        noteIds: [3, 4],
        is_read: true,
      });
      expect(res.body.map((n) => [n.id, n.is_read])).toEqual([
        [3, true],
        [4, true],
      ]);
      expectError(
        await call(app, 'PUT', `${NOTES}/update`, { is_read: true }),
        422,
        'woocommerce_note_invalid_ids',
        'noteIds',
      );
      expectError(
        await call(app, 'PUT', `${NOTES}/update`, { noteIds: [3, 99] }),
        404,
        'woocommerce_note_invalid_id',
      );
    });

    it('soft-deletes one note (hidden from lists, still readable, can be undone)', async () => {
      const app = ctx().app;
      const del = await call<NoteBody>(app, 'DELETE', `${NOTES}/delete/4`);
      expect(del.body).toMatchObject({ id: 4, is_deleted: true });
      const list = await call<NoteBody[]>(app, 'GET', NOTES);
      expect(list.body.map((n) => n.id)).not.toContain(4);
      const undo = await call<NoteBody>(app, 'PUT', `${NOTES}/4`, { is_deleted: false });
      expect(undo.body.is_deleted).toBe(false);
      expectError(
        await call(app, 'DELETE', `${NOTES}/delete/99`),
        404,
        'woocommerce_note_invalid_id',
      );
    });

    it('deletes all notes of some statuses, answering the deleted ones and the remaining info/warning count', async () => {
      const app = ctx().app;
      const res = await call<NoteBody[]>(app, 'DELETE', `${NOTES}/delete/all?status=actioned`);
      expect(res.body.map((n) => n.id).sort()).toEqual([1, 3]);
      expect(res.body.every((n) => n.is_deleted)).toBe(true);
      expect(res.headers['x-wp-total']).toBe('1');
      const rest = await call<NoteBody[]>(app, 'DELETE', `${NOTES}/delete/all`);
      expect(rest.body.map((n) => n.id).sort()).toEqual([2, 4]);
      expect(rest.headers['x-wp-total']).toBe('0');
      expect((await call<NoteBody[]>(app, 'GET', NOTES)).body).toEqual([]);
    });

    it.each([
      ['GET', `${NOTES}?type=email,news`, undefined, 'type'],
      ['GET', `${NOTES}?status=done`, undefined, 'status'],
      ['GET', `${NOTES}?per_page=101`, undefined, 'per_page'],
      ['GET', `${NOTES}?page=0`, undefined, 'page'],
      ['GET', `${NOTES}?orderby=rank`, undefined, 'orderby'],
      ['GET', `${NOTES}/abc`, undefined, 'id'],
      ['PUT', `${NOTES}/1`, { status: 'gone' }, 'status'],
      ['PUT', `${NOTES}/1`, { date_reminder: '2024-13-40' }, 'date_reminder'],
      ['PUT', `${NOTES}/update`, { noteIds: ['a'] }, 'noteIds'],
    ] as const)('%s %s is a 400 naming the parameter', async (method, url, payload, param) => {
      expectError(await call(ctx().app, method, url, payload), 400, 'rest_invalid_param', param);
    });

    it('answers 404 for a missing note', async () => {
      expectError(await call(ctx().app, 'GET', `${NOTES}/99`), 404, 'woocommerce_note_invalid_id');
      expectError(
        await call(ctx().app, 'PUT', `${NOTES}/99`, { status: 'actioned' }),
        404,
        'woocommerce_note_invalid_id',
      );
    });
  },
  seedNotes,
);

describeEachEngine('navigation favorites', (ctx) => {
  it('adds, lists in order and removes favorites', async () => {
    const app = ctx().app;
    expect((await call(app, 'GET', FAVORITES)).body).toEqual([]);
    expect(
      (await call(app, 'POST', FAVORITES, { item_id: 'woocommerce-analytics-revenue' })).body,
    ).toEqual(['woocommerce-analytics-revenue']);
    expect((await call(app, 'POST', `${FAVORITES}?item_id=woocommerce-coupons`)).body).toEqual([
      'woocommerce-analytics-revenue',
      'woocommerce-coupons',
    ]);
    expect(
      (await call(app, 'DELETE', FAVORITES, { item_id: 'woocommerce-analytics-revenue' })).body,
    ).toEqual(['woocommerce-coupons']);
    expect((await call(app, 'GET', FAVORITES)).body).toEqual(['woocommerce-coupons']);
  });

  it('answers the favorites error codes', async () => {
    const app = ctx().app;
    expectError(
      await call(app, 'POST', FAVORITES, { item_id: 'woocommerce-coupons' }),
      409,
      'woocommerce_favorites_already_exists',
    );
    expectError(
      await call(app, 'DELETE', FAVORITES, { item_id: 'nope' }),
      404,
      'woocommerce_favorites_does_not_exist',
    );
    expectError(
      await call(app, 'POST', FAVORITES, {}),
      400,
      'woocommerce_favorites_invalid_request',
      'item_id',
    );
    expectError(
      await call(app, 'DELETE', FAVORITES),
      400,
      'woocommerce_favorites_invalid_request',
      'item_id',
    );
  });

  it.each([
    ['a number item_id', { item_id: 5 }],
    ['a too long item_id', { item_id: 'x'.repeat(192) }],
  ])('rejects %s with a 400', async (_label, payload) => {
    expectError(
      await call(ctx().app, 'POST', FAVORITES, payload),
      400,
      'rest_invalid_param',
      'item_id',
    );
  });

  it('ignores unknown query parameters, as WordPress does', async () => {
    const plain = await call(ctx().app, 'GET', FAVORITES);
    const extra = await call(ctx().app, 'GET', `${FAVORITES}?user=2`);
    expect(extra.status).toBe(200);
    expect(extra.body).toEqual(plain.body);
  });
});
