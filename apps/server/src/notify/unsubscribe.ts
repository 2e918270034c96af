import { createHmac } from 'node:crypto';
import { UnsubscribeResponse } from '@storelens/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../analytics/paging';
import { requires } from '../auth/capability';
import { newToken, sameSecret } from '../auth/secrets';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import { getOptions } from '../options';
import { formatSqlUtc } from '../timezone';
import type { NotifyDigestTable } from './schema';

/**
 * Unsubscribe links of digest e-mails (RFC 8058 one-click): `GET` or `POST
 * /wp-json/storelens/v1/digests/{id}/unsubscribe?token=…`, public, its token the check. The
 * token is the HMAC-SHA256, under a key the server keeps in its store (an internal option,
 * which the options route neither reads nor writes), of the digest's id, owner and creation
 * second: it names that one digest (ids are reused after a delete; a new digest has another
 * creation time, unless made by the same owner within the same second) and can only turn it
 * off.
 */
const KEY_OPTION = 'storelens_notify_link_key';

const keys = new WeakMap<Db, Promise<string>>();

/** The store's link-signing key, made on first use (the first writer's key wins). */
export function linkKey(db: Db): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db.kysely
        .insertInto('options')
        .values({ name: KEY_OPTION, value: JSON.stringify(newToken()) })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const stored = (await getOptions(db, [KEY_OPTION])).get(KEY_OPTION);
      if (typeof stored !== 'string' || stored.length < 32) throw new Error('No link key.');
      return stored;
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

type DigestIdentity = Pick<NotifyDigestTable, 'id' | 'user_id' | 'created_gmt'>;

/** The token of a digest's unsubscribe link. */
export function unsubscribeToken(key: string, digest: DigestIdentity): string {
  return createHmac('sha256', key)
    .update(
      `unsubscribe-digest:${Number(digest.id)}:${Number(digest.user_id)}:${digest.created_gmt}`,
    )
    .digest('base64url');
}

/** The path (and query) of a digest's unsubscribe link. */
export async function unsubscribePath(db: Db, digest: DigestIdentity): Promise<string> {
  const token = unsubscribeToken(await linkKey(db), digest);
  return `/wp-json/storelens/v1/digests/${Number(digest.id)}/unsubscribe?token=${token}`;
}

/** The headers of a digest e-mail that offer a one-click unsubscribe (RFC 2369, RFC 8058). */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

const invalid = () => ApiError.of('storelens_unsubscribe_invalid');

const FREQUENCY = { daily: 'daily', weekly: 'weekly', monthly: 'monthly' } as const;

/** A small page for a person who opened the link (no script: the CSP allows none inline). */
function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><main><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const wantsJson = (request: FastifyRequest) =>
  /application\/json/.test(String(request.headers.accept ?? ''));

/** The routes; a scope of their own takes any body (RFC 8058's form post) and ignores it. */
export function unsubscribeRoutes(app: FastifyInstance, db: Db): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_r, _b, done) =>
      done(null, undefined),
    );
    const url = '/wp-json/storelens/v1/digests/:id/unsubscribe';
    type Req = FastifyRequest<{ Params: { id: string }; Querystring: { token?: string } }>;

    /** The digest the link names, or 404: the same answer for no digest and a wrong token. */
    async function linked(request: Req) {
      const id = Number(request.params.id);
      const token = typeof request.query.token === 'string' ? request.query.token : '';
      const digest =
        /^\d+$/.test(request.params.id) && Number.isSafeInteger(id)
          ? await db.kysely
              .selectFrom('notify_digests')
              .selectAll()
              .where('id', '=', id)
              .executeTakeFirst()
          : undefined;
      const expected = unsubscribeToken(
        await linkKey(db),
        digest ?? { id: 0, user_id: 0, created_gmt: 'none' },
      );
      if (!digest || !sameSecret(token, expected)) throw invalid();
      return digest;
    }

    const answer = (
      request: Req,
      reply: FastifyReply,
      digest: NotifyDigestTable,
      enabled: boolean,
      html: string,
    ) =>
      wantsJson(request)
        ? reply.send({ id: Number(digest.id), frequency: digest.frequency, enabled })
        : reply.type('text/html; charset=utf-8').send(html);

    const options = { ...requires('public'), schema: { response: { 200: UnsubscribeResponse } } };

    // Opening the link changes nothing (mail scanners open links): it asks for the click.
    scope.get<{ Params: { id: string }; Querystring: { token?: string } }>(
      url,
      options,
      async (request, reply) => {
        const digest = await linked(request);
        const enabled = Number(digest.enabled) === 1;
        const name = FREQUENCY[digest.frequency as keyof typeof FREQUENCY] ?? 'scheduled';
        const action = escapeHtml(request.url);
        return answer(
          request,
          reply,
          digest,
          enabled,
          page(
            'Unsubscribe',
            enabled
              ? `<p>Stop this ${name} digest? Nothing else changes; it can be turned on again in Settings › Notifications.</p><form method="post" action="${action}"><button type="submit">Unsubscribe</button></form>`
              : `<p>This ${name} digest is off already.</p>`,
          ),
        );
      },
    );

    // The click, or a mail client's one-click POST (body List-Unsubscribe=One-Click).
    scope.post<{ Params: { id: string }; Querystring: { token?: string } }>(
      url,
      options,
      async (request, reply) => {
        const digest = await linked(request);
        await db.kysely
          .updateTable('notify_digests')
          .set({ enabled: 0, updated_gmt: formatSqlUtc(Date.now()) })
          .where('id', '=', digest.id)
          .where('created_gmt', '=', digest.created_gmt)
          .execute();
        const name = FREQUENCY[digest.frequency as keyof typeof FREQUENCY] ?? 'scheduled';
        return answer(
          request,
          reply,
          digest,
          false,
          page(
            'Unsubscribed',
            `<p>This ${name} digest will not be sent any more. It can be turned on again in Settings › Notifications.</p>`,
          ),
        );
      },
    );
  });
}
