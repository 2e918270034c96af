import { createReadStream, existsSync, mkdirSync } from 'node:fs';
import { appendFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import {
  type ApiErrorBody,
  adminBool,
  ContextOnlyQuery,
  ExportIdParams,
  ExportStartBody,
  ExportStartResponseBody,
  ExportStatusBody,
  ExportTypeParams,
  exportReportTypes,
} from '@storelens/api';
import { csvRow } from '@storelens/csv';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { requires } from '../auth/capability';
import { authError } from '../auth/errors';
import { can } from '../auth/roles';
import { newToken, sameSecret } from '../auth/secrets';
import * as throttle from '../auth/throttle';
import { type User, userById } from '../auth/users';
import { nowGmt } from '../clock';
import type { Db } from '../db/database';
import { isDatabaseClosed, isDatabaseUnavailable } from '../db/faults';
import { ApiError } from '../errors';
import { type Job, type JobHandler, type JobRunner, newJobId, readJob } from '../jobs/runner';
import type { WorkerHost } from '../jobs/worker-host';
import { sendMail } from '../mail';
import { getOptions } from '../options';
import type { TypeBoxProvider } from '../route-types';
import { parseSqlUtc } from '../timezone';
import { currentUserId, originOf } from './context';
import { adminError } from './errors';
import {
  builtInSource,
  directReader,
  type ExportPage,
  type ReportAnswer,
  type ReportReader,
  reportSource,
  valueAt,
} from './export-sources';

/** The job kind of report exports. */
export const EXPORT_KIND = 'export';

/** What an export writes. */
export interface ExportParams {
  type: string;
  args: Record<string, unknown>;
  email: boolean;
  /** The server's origin as the client saw it (for the e-mailed link). */
  origin: string;
  file: string;
  /** Who asked for it: only they see its status and download it. */
  userId?: number;
  /**
   * The account `userId` named when the export was asked for. Ids are reused (a new account
   * takes the highest id + 1), so a later account with that id but another address or creation
   * time is someone else, and never gets this export.
   */
  owner?: ExportOwner;
  /** The unguessable secret of its download link. */
  token?: string;
}

/** Who an export belongs to, beside the user id: the account's e-mail and creation time. */
export interface ExportOwner {
  email: string;
  created: string;
}

/** Where an export is: the next page, the bytes of CSV committed, rows written. */
export interface ExportProgress {
  nextPage: number;
  totalPages: number;
  bytes: number;
  rows: number;
  emailed?: boolean;
  emailError?: string;
  /** When the file was complete (epoch ms): its link works for {@link EXPORT_LIFETIME_MS} after. */
  finishedAt?: number;
}

/**
 * How long an export's file and download link are kept once the file is written: a week, as
 * WooCommerce keeps its report exports (`ReportExporter::EXPORT_RETENTION_PERIOD`). The e-mail
 * that carries the link says so.
 */
export const EXPORT_LIFETIME_MS = 7 * 24 * 3600_000;

/** {@link EXPORT_LIFETIME_MS} in words, for the e-mail and the expired link's message. */
export const EXPORT_LIFETIME_TEXT = '7 days';

/** How often the server removes expired and orphaned export files. */
const SWEEP_EVERY_MS = 3600_000;

/** The clock of each store's exports (tests set one with {@link setExportClock}). */
const clocks = new WeakMap<Db, () => number>();

/**
 * Sets the clock exports of `db` read (link expiry, the finish time of a file, the sweep);
 * `undefined` goes back to `Date.now`. The app is built by `buildApp`, which takes no clock, so
 * this is where a test injects one.
 */
export function setExportClock(db: Db, now: (() => number) | undefined): void {
  if (now) clocks.set(db, now);
  else clocks.delete(db);
}

const nowOf = (db: Db) => (clocks.get(db) ?? Date.now)();

/**
 * When an export's link stops working (epoch ms): {@link EXPORT_LIFETIME_MS} after its file was
 * finished. 0 (long gone) for an export without a finish time or a recorded owner, which were
 * written before links expired: those links never expired, so they are refused now.
 */
export function linkExpiresAt(params: ExportParams, progress: ExportProgress): number {
  if (!params.owner || progress.finishedAt === undefined) return 0;
  return progress.finishedAt + EXPORT_LIFETIME_MS;
}

/**
 * Whether `user` is still the account that asked for the export, active, and allowed to read
 * reports: a deleted account, a reused id, a deactivated account, or a role without
 * `view_woocommerce_reports` loses its exports.
 */
export function isExportOwner(params: ExportParams, user: User | undefined): boolean {
  return (
    user !== undefined &&
    params.owner !== undefined &&
    user.id === params.userId &&
    user.email === params.owner.email &&
    user.created === params.owner.created &&
    user.status === 'active' &&
    can(user.role, 'view_woocommerce_reports')
  );
}

const ownerOf = async (db: Db, params: ExportParams) =>
  params.userId ? await userById(db, params.userId) : undefined;

/** When a finished job ended (epoch ms): its file's finish time, else its last update. */
const endedAt = (progress: ExportProgress, updatedGmt: string) =>
  progress.finishedAt ?? parseSqlUtc(updatedGmt);

/** Removes a file if it is there. */
const removeFile = (file: string) => rm(file, { force: true });

/**
 * Removes the files of exports whose link no longer works, and the exports of accounts that
 * are gone, at `now`:
 * - a finished export past its lifetime loses its file (its record stays, so its link says it
 *   expired), and its record goes after another lifetime;
 * - a failed or cancelled export loses its partial file at once;
 * - an export whose owner was deleted, replaced (a reused id), deactivated or can no longer
 *   read reports loses its file and its record;
 * - an export from before owners were recorded has expired (see {@link linkExpiresAt}).
 * Only files that an export record names are touched: several stores may share the data folder.
 */
export async function sweepExports(db: Db, now = nowOf(db)): Promise<void> {
  const rows = await db.kysely
    .selectFrom('admin_jobs')
    .select(['id', 'status', 'params', 'progress', 'updated_gmt'])
    .where('kind', '=', EXPORT_KIND)
    .where('status', 'not in', ['queued', 'running'])
    .execute();
  const owners = new Map<number, User | undefined>();
  const gone: string[] = [];
  for (const row of rows) {
    const params = JSON.parse(row.params) as ExportParams;
    const progress = JSON.parse(row.progress) as ExportProgress;
    const userId = params.userId ?? 0;
    if (!owners.has(userId)) owners.set(userId, await ownerOf(db, params));
    const orphaned = params.owner !== undefined && !isExportOwner(params, owners.get(userId));
    const dead = row.status !== 'done' || orphaned || now >= linkExpiresAt(params, progress);
    if (dead) await removeFile(params.file);
    if (orphaned || now >= endedAt(progress, row.updated_gmt) + 2 * EXPORT_LIFETIME_MS)
      gone.push(row.id);
  }
  for (let i = 0; i < gone.length; i += 500) {
    await db.kysely
      .deleteFrom('admin_jobs')
      .where('id', 'in', gone.slice(i, i + 500))
      .execute();
  }
}

/** A sweep whose failure is logged, never thrown (a database that is away is left for later). */
function sweepLater(db: Db): void {
  sweepExports(db).catch((error: unknown) => {
    if (!isDatabaseUnavailable(error) && !isDatabaseClosed(error))
      console.error('Export clean-up:', error);
  });
}

/** Where export files go: `STORELENS_DATA_DIR`, else beside the SQLite file, else ./data. */
export function dataDir(db: Db): string {
  if (process.env.STORELENS_DATA_DIR) return resolve(process.env.STORELENS_DATA_DIR);
  const file = db.sqlite?.name;
  return file && file !== ':memory:' ? dirname(resolve(file)) : resolve('data');
}

/** The file name of an export (WooCommerce's, plus .csv). */
export const exportFileName = (type: string, id: string) => `wc-${type}-report-export-${id}.csv`;

/** The download route of an export, with the secret that lets its owner's browser in. */
export const downloadPath = (type: string, id: string, token?: string) =>
  `/wp-json/wc-analytics/reports/${type}/export/${id}/download${token ? `?token=${token}` : ''}`;

/** The download route's query: the link's token (and WordPress's context). */
const DownloadQuery = Type.Object({
  context: Type.Optional(Type.String()),
  token: Type.Optional(Type.String({ maxLength: 200 })),
});

type StepResult = { progress: ExportProgress; done: boolean };

/**
 * One step of an export: one page of rows appended to the file, each cell written by
 * `@storelens/csv` (text a spreadsheet would run as a formula gets a leading `'`), after
 * cutting the file back to the bytes the last committed step recorded. The worker thread runs
 * the same code with its own report reader.
 */
export async function exportStep(
  read: ReportReader,
  params: ExportParams,
  progress: ExportProgress,
): Promise<StepResult> {
  const source = reportSource(params.type);
  if (!source) throw new Error(`No export source for ${params.type}`);
  mkdirSync(dirname(params.file), { recursive: true });
  if (!existsSync(params.file)) await writeFile(params.file, '');
  await truncate(params.file, progress.bytes);
  const answer = await source.page(read, params.args, progress.nextPage);
  if (!isPage(answer)) {
    const message = (answer.body as { message?: unknown } | null)?.message;
    throw new Error(
      `The ${params.type} report answered ${answer.status}${typeof message === 'string' ? `: ${message}` : ''}`,
    );
  }
  const { page, totalPages, rows } = answer;
  let text = page === 1 ? csvRow(source.columns.map((c) => c.header)) : '';
  for (const row of rows) text += csvRow(source.columns.map((c) => valueAt(row, c.key)));
  await appendFile(params.file, text);
  const bytes = (await stat(params.file)).size;
  return {
    progress: {
      ...progress,
      nextPage: page + 1,
      totalPages,
      bytes,
      rows: progress.rows + rows.length,
    },
    done: page >= totalPages,
  };
}

/**
 * The export job: each step appends one page of rows to the file. On a resume the file is first
 * cut back to the bytes the last committed step recorded, so a crash never leaves a duplicated
 * or half-written page. The finish records when the file was complete (its link works for
 * {@link EXPORT_LIFETIME_MS} from then) and e-mails the link when asked.
 */
export function exportHandler(
  db: Db,
  smtpUrl: () => string | undefined,
  worker?: WorkerHost,
): JobHandler<ExportParams, ExportProgress> {
  return {
    kind: EXPORT_KIND,
    async step({ params, progress }: Job<ExportParams, ExportProgress>) {
      // On the worker thread: reading a page of a large report (and writing it out) would
      // otherwise hold the request thread on SQLite. A report type registered in this thread
      // only is read here.
      if (worker && builtInSource(params.type))
        return worker.run('exportStep', { params, progress });
      return exportStep(directReader(db, { user: exportReader(params) }), params, progress);
    },
    async finish({ id, params, progress: stepped }) {
      // A finish repeated after a crash keeps the first finish time.
      const progress = { ...stepped, finishedAt: stepped.finishedAt ?? nowOf(db) };
      if (!params.email || progress.emailed) return progress;
      const url = smtpUrl();
      // The link is the requesting user's: it goes to their address (the store's for exports
      // from before accounts existed).
      const owner = params.userId ? await userById(db, params.userId) : undefined;
      const to = owner?.email ?? (await getOptions(db, ['admin_email'])).get('admin_email');
      if (!url || typeof to !== 'string' || to === '') return progress;
      const link = `${params.origin}${downloadPath(params.type, id, params.token)}`;
      const until = `${nowGmt(progress.finishedAt + EXPORT_LIFETIME_MS).slice(0, 16)} UTC`;
      const lifetime = `The link works for ${EXPORT_LIFETIME_TEXT}, until ${until}, and only while your account may view reports; after that, export the report again.`;
      try {
        await sendMail(url, {
          to,
          subject: `Your ${params.type} report export is ready`,
          text: `Your ${params.type} report is ready to download: ${link}\n\n${lifetime}`,
          html: `<p>Your ${params.type} report is ready. <a href="${link}">Download the CSV</a>.</p><p>${lifetime}</p>`,
        });
        return { ...progress, emailed: true };
      } catch (error) {
        return {
          ...progress,
          emailed: false,
          emailError: error instanceof Error ? error.message : String(error),
        };
      }
    },
  };
}

/**
 * Whose saved segments an export's reads may use: the account that asked for it (an export
 * from before accounts were recorded: none, every segment).
 */
export const exportReader = (params: ExportParams) =>
  params.userId ? { id: params.userId } : undefined;

const isPage = (a: ExportPage | ReportAnswer): a is ExportPage => 'rows' in a;

/** Percent done for the status route: 100 only when the job is done. */
export function percentComplete(status: string, progress: ExportProgress): number {
  if (status === 'done') return 100;
  if (progress.totalPages <= 0) return 0;
  return Math.min(99, Math.floor(((progress.nextPage - 1) / progress.totalPages) * 100));
}

async function findExport(
  db: Db,
  type: string,
  id: string,
): Promise<Job<ExportParams, ExportProgress>> {
  const job = await readJob<ExportParams, ExportProgress>(db, id);
  if (!job || job.kind !== EXPORT_KIND || job.params.type !== type) {
    throw adminError('woocommerce_admin_reports_export_invalid_id');
  }
  return job;
}

function knownType(type: string): void {
  if (!(exportReportTypes as readonly string[]).includes(type) || !reportSource(type)) {
    throw adminError('woocommerce_admin_reports_export_invalid_type', type);
  }
}

/** The expired link's answer: 410, saying how long exports are kept. */
const expired = () => adminError('woocommerce_admin_reports_export_expired', EXPORT_LIFETIME_TEXT);

/**
 * `/wp-json/wc-analytics/reports/{type}/export…`. Expired and orphaned export files are swept
 * when an export starts and every hour ({@link sweepExports}).
 */
export function exportRoutes(app: FastifyInstance, db: Db, runner: JobRunner) {
  const routes = app.withTypeProvider<TypeBoxProvider>();
  const base = '/wp-json/wc-analytics/reports/:type/export';
  const sweeper = setInterval(() => sweepLater(db), SWEEP_EVERY_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
  for (const method of ['POST', 'PUT', 'PATCH'] as const) {
    routes.route({
      method,
      url: base,
      schema: {
        params: ExportTypeParams,
        body: ExportStartBody,
        response: { 200: ExportStartResponseBody },
      },
      handler: async (request, reply): Promise<ExportStartResponseBody> => {
        const { type } = request.params;
        knownType(type);
        const wait = await throttle.retryAfter(
          db,
          `export:${currentUserId(request)}`,
          throttle.LIMITS.exports,
        );
        if (wait > 0) {
          reply.header('Retry-After', String(Math.ceil(wait / 1000)));
          throw authError('storelens_too_many_attempts', String(Math.ceil(wait / 1000)));
        }
        const source = reportSource(type)!;
        const args = request.body?.report_args ?? {};
        const first = await source.page(directReader(db, { user: request.authUser }), args, 1);
        if (!isPage(first)) {
          const error = first.body as ApiErrorBody;
          throw new ApiError(error.code, error.message, first.status, error.data?.params);
        }
        if (source.isEmpty(first)) {
          return { message: 'There is no data to export for the given request.' };
        }
        const user = await userById(db, currentUserId(request));
        const params: Omit<ExportParams, 'file'> = {
          type,
          args,
          email: adminBool(request.body?.email),
          origin: originOf(request),
          userId: currentUserId(request),
          ...(user ? { owner: { email: user.email, created: user.created } } : {}),
          token: newToken(),
        };
        await throttle.hit(db, `export:${params.userId}`, throttle.LIMITS.exports);
        const id = newJobId();
        await runner.enqueue<ExportParams, ExportProgress>(
          EXPORT_KIND,
          { ...params, file: join(dataDir(db), 'exports', exportFileName(type, id)) },
          { nextPage: 1, totalPages: 0, bytes: 0, rows: 0 },
          id,
        );
        sweepLater(db);
        return {
          message: 'Your report file is being generated.',
          export_id: id,
          _links: {
            status: [{ href: `/wp-json/wc-analytics/reports/${type}/export/${id}/status` }],
          },
        };
      },
    });
  }
  routes.get(
    `${base}/:export_id/status`,
    {
      schema: {
        params: ExportIdParams,
        querystring: ContextOnlyQuery,
        response: { 200: ExportStatusBody },
      },
    },
    async (request): Promise<ExportStatusBody> => {
      const { type, export_id: id } = request.params;
      const job = await findExport(db, type, id);
      // Another user's export does not exist for this one, nor does the export of an account
      // that was deleted and whose id a new account took. (An export from before owners were
      // recorded has expired: linkExpiresAt.)
      if (
        job.params.userId !== currentUserId(request) ||
        (job.params.owner && !isExportOwner(job.params, await ownerOf(db, job.params)))
      )
        throw adminError('woocommerce_admin_reports_export_invalid_id');
      if (job.status === 'failed' || job.status === 'cancelled') {
        throw adminError('woocommerce_admin_reports_export_failed', job.error ?? job.status);
      }
      if (job.status === 'done' && nowOf(db) >= linkExpiresAt(job.params, job.progress))
        throw expired();
      const percent = percentComplete(job.status, job.progress);
      return percent === 100
        ? { percent_complete: 100, download_url: downloadPath(type, id, job.params.token) }
        : { percent_complete: percent };
    },
  );
  routes.get(
    `${base}/:export_id/download`,
    // A plain link (clicked, or e-mailed) cannot carry the REST nonce: the link's own token
    // is the key, and a signed-in caller must also be the export's owner. The link expires
    // (EXPORT_LIFETIME_MS after the file was written) and dies with its owner: an account
    // deleted, replaced, deactivated or no longer allowed to read reports downloads nothing,
    // whoever holds the link.
    { schema: { params: ExportIdParams, querystring: DownloadQuery }, ...requires('public') },
    async (request, reply) => {
      const { type, export_id: id } = request.params;
      const job = await findExport(db, type, id);
      const token = request.query.token ?? '';
      if (!job.params.token || !sameSecret(token, job.params.token))
        throw adminError('woocommerce_admin_reports_export_invalid_id');
      if (request.authUser && request.authUser.id !== job.params.userId)
        throw authError('rest_forbidden');
      if (job.status !== 'done') throw adminError('woocommerce_admin_reports_export_not_ready');
      if (job.params.owner && !isExportOwner(job.params, await ownerOf(db, job.params))) {
        await removeFile(job.params.file);
        throw adminError('woocommerce_admin_reports_export_invalid_id');
      }
      if (nowOf(db) >= linkExpiresAt(job.params, job.progress) || !existsSync(job.params.file)) {
        await removeFile(job.params.file);
        throw expired();
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${exportFileName(type, id)}"`)
        .send(createReadStream(job.params.file));
    },
  );
}
