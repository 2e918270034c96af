import { expect, it } from 'vitest';
import { seedCatalog } from './fixtures';
import { describeEachEngine } from './harness';
import { controlledNotifier, decodeMail } from './notify-helpers';
import { smtpPeer } from './smtp-peer';

const DIGESTS = '/wp-json/storelens/v1/digests';
const mails = smtpPeer();

/** The unsubscribe URL of a raw e-mail: its List-Unsubscribe header, as sent. */
function listUnsubscribe(raw: string): string {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
  const header = /^List-Unsubscribe: <([^>]+)>/m.exec(unfolded);
  if (!header) throw new Error('no List-Unsubscribe header');
  return header[1]!;
}

describeEachEngine(
  'digest e-mails: signed unsubscribe links',
  (ctx) => {
    it('the link of a real e-mail turns that digest off, without logging in, and nothing else', async () => {
      const { app, anonymous, db } = ctx();
      const notifier = await controlledNotifier(app, '2024-03-09 14:00:00');
      mails.length = 0;
      const make = async (hour: number) =>
        (
          await app.inject({
            method: 'POST',
            url: DIGESTS,
            payload: { frequency: 'daily', hour, channels: [{ type: 'email' }] },
          })
        ).json() as { id: number };
      const first = await make(8);
      const second = await make(9);
      const alert = await app.inject({
        method: 'POST',
        url: '/wp-json/storelens/v1/alerts',
        payload: { condition: 'no_orders', hours: 12, channels: [{ type: 'email' }] },
      });
      expect(alert.statusCode).toBe(201);
      const sent = await app.inject({ method: 'POST', url: `${DIGESTS}/${first.id}/send` });
      expect(sent.json().deliveries).toEqual([{ channel: 'email', status: 'sent', error: null }]);
      expect(mails).toHaveLength(1);

      const raw = mails[0]!.text;
      const mail = decodeMail(raw);
      const link = listUnsubscribe(raw);
      expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      const path = link.replace(/^http:\/\/[^/]+/, '');
      expect(path).toMatch(
        new RegExp(`^/wp-json/storelens/v1/digests/${first.id}/unsubscribe\\?token=[\\w-]{43}$`),
      );
      // The same link in the text part and in the HTML part.
      const text = mail.slice(mail.indexOf('Content-Type: text/plain'));
      expect(text).toContain(`Unsubscribe from this digest: ${link}`);
      const html = mail.slice(mail.indexOf('Content-Type: text/html'));
      expect(html).toContain(`<a href="${link.replaceAll('&', '&amp;')}">Unsubscribe`);

      // Opening it (no cookie) asks, changes nothing.
      const opened = await anonymous({ method: 'GET', url: path });
      expect(opened.statusCode).toBe(200);
      expect(opened.headers['content-type']).toMatch(/^text\/html/);
      expect(opened.body).toContain('<form method="post"');
      const asJson = await anonymous({
        method: 'GET',
        url: path,
        headers: { accept: 'application/json' },
      });
      expect(asJson.json()).toEqual({ id: first.id, frequency: 'daily', enabled: true });

      // A tampered token, the other digest's id with this token, no token: refused, nothing done.
      const tampered = path.replace(
        /token=(.)/,
        (_, c: string) => `token=${c === 'A' ? 'B' : 'A'}`,
      );
      const other = path.replace(`/digests/${first.id}/`, `/digests/${second.id}/`);
      for (const url of [
        tampered,
        other,
        path.replace(/\?.*$/, ''),
        '/wp-json/storelens/v1/digests/abc/unsubscribe?token=x',
      ])
        for (const method of ['GET', 'POST'] as const) {
          const res = await anonymous({
            method,
            url,
            payload: 'List-Unsubscribe=One-Click',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          });
          expect(res.statusCode, `${method} ${url}`).toBe(404);
          expect(res.json().code).toBe('storelens_unsubscribe_invalid');
        }
      const before = await db.kysely
        .selectFrom('notify_digests')
        .selectAll()
        .orderBy('id')
        .execute();
      expect(before.map((d) => Number(d.enabled))).toEqual([1, 1]);

      // The one-click POST a mail client sends (RFC 8058): that digest off, nothing else.
      const clicked = await anonymous({
        method: 'POST',
        url: path,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(clicked.statusCode).toBe(200);
      expect(clicked.body).toContain('will not be sent any more');
      const after = await db.kysely
        .selectFrom('notify_digests')
        .selectAll()
        .orderBy('id')
        .execute();
      expect(
        after.map((d) => ({
          id: Number(d.id),
          enabled: Number(d.enabled),
          hour: Number(d.hour),
          frequency: d.frequency,
          channels: d.channels,
        })),
      ).toEqual(
        before.map((d) => ({
          id: Number(d.id),
          enabled: Number(d.id) === first.id ? 0 : 1,
          hour: Number(d.hour),
          frequency: d.frequency,
          channels: d.channels,
        })),
      );
      const alerts = await app.inject({ method: 'GET', url: '/wp-json/storelens/v1/alerts' });
      expect(alerts.json()).toEqual([alert.json()]);
      expect(
        (await app.inject({ method: 'GET', url: `${DIGESTS}/${second.id}` })).json().enabled,
      ).toBe(true);

      // A new digest that takes the deleted one's id is not reached by the old link.
      await app.inject({ method: 'DELETE', url: `${DIGESTS}/${second.id}` });
      await app.inject({ method: 'DELETE', url: `${DIGESTS}/${first.id}` });
      notifier.at('2024-03-09 14:05:00');
      const reborn = await make(10);
      const after2 = await make(11);
      expect([reborn.id, after2.id]).toContain(first.id);
      const stale = await anonymous({ method: 'POST', url: path, payload: '' });
      expect(stale.statusCode).toBe(404);
      expect(
        (await app.inject({ method: 'GET', url: `${DIGESTS}/${first.id}` })).json().enabled,
      ).toBe(true);
    });
  },
  seedCatalog,
);
