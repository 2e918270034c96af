import { createReadStream, existsSync, mkdirSync } from 'node:fs';
import { appendFile, stat, truncate, writeFile } from 'node:fs/promises';
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
import { type Static, Type } from 'typebox';
import { requires } from '../auth/capability';
import { authError } from '../auth/errors';
import { internalHeaders } from '../auth/plugin';
import { newToken, sameSecret } from '../auth/secrets';
import * as throttle from '../auth/throttle';
import { userById } from '../auth/users';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import { getOptions } from '../options';
import { currentUserId, originOf } from './context';
import { adminError } from './errors';
import {
  builtInSource,
  type ExportPage,
  injectReader,
  type ReportAnswer,
  type ReportReader,
  reportSource,
  valueAt,
} from './export-sources';
import { type Job, type JobHandler, type JobRunner, newJobId, readJob } from './jobs/runner';
import type { WorkerHost } from './jobs/worker-host';
import { sendMail } from './mail';

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
  /** The unguessable secret of its download link. */
  token?: string;
}

/** Where an export is: the next page, the bytes of CSV committed, rows written. */
export interface ExportProgress {
  nextPage: number;
  totalPages: number;
  bytes: number;
  rows: number;
  emailed?: boolean;
  emailError?: string;
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
 * or half-written page.
 */
export function exportHandler(
  db: Db,
  read: ReportReader,
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
        return worker.run<StepResult>('exportStep', { params, progress });
      return exportStep(read, params, progress);
    },
    async finish({ id, params, progress }) {
      if (!params.email || progress.emailed) return progress;
      const url = smtpUrl();
      // The link is the requesting user's: it goes to their address (the store's for exports
      // from before accounts existed).
      const owner = params.userId ? await userById(db, params.userId) : undefined;
      const to = owner?.email ?? (await getOptions(db, ['admin_email'])).get('admin_email');
      if (!url || typeof to !== 'string' || to === '') return progress;
      const link = `${params.origin}${downloadPath(params.type, id, params.token)}`;
      try {
        await sendMail(url, {
          to,
          subject: `Your ${params.type} report export is ready`,
          text: `Your ${params.type} report is ready to download: ${link}`,
          html: `<p>Your ${params.type} report is ready. <a href="${link}">Download the CSV</a>.</p>`,
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

/** `/wp-json/wc-analytics/reports/{type}/export…`. */
export function exportRoutes(app: FastifyInstance, db: Db, runner: JobRunner) {
  const base = '/wp-json/wc-analytics/reports/:type/export';
  for (const method of ['POST', 'PUT', 'PATCH'] as const) {
    app.route<{ Params: { type: string }; Body: Static<typeof ExportStartBody> }>({
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
        const first = await source.page(
          injectReader(app, { headers: () => internalHeaders(app) }),
          args,
          1,
        );
        if (!isPage(first)) {
          const error = first.body as ApiErrorBody;
          throw new ApiError(error.code, error.message, first.status, error.data?.params);
        }
        if (source.isEmpty(first)) {
          return { message: 'There is no data to export for the given request.' };
        }
        const params: Omit<ExportParams, 'file'> = {
          type,
          args,
          email: adminBool(request.body?.email),
          origin: originOf(request),
          userId: currentUserId(request),
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
  app.get<{ Params: Static<typeof ExportIdParams> }>(
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
      // Another user's export does not exist for this one.
      if (job.params.userId !== currentUserId(request))
        throw adminError('woocommerce_admin_reports_export_invalid_id');
      if (job.status === 'failed' || job.status === 'cancelled') {
        throw adminError('woocommerce_admin_reports_export_failed', job.error ?? job.status);
      }
      const percent = percentComplete(job.status, job.progress);
      return percent === 100
        ? { percent_complete: 100, download_url: downloadPath(type, id, job.params.token) }
        : { percent_complete: percent };
    },
  );
  app.get<{ Params: Static<typeof ExportIdParams>; Querystring: Static<typeof DownloadQuery> }>(
    `${base}/:export_id/download`,
    // A plain link (clicked, or e-mailed) cannot carry the REST nonce: the link's own token
    // is the key, and a signed-in caller must also be the export's owner.
    { schema: { params: ExportIdParams, querystring: DownloadQuery }, ...requires('public') },
    async (request, reply) => {
      const { type, export_id: id } = request.params;
      const job = await findExport(db, type, id);
      const token = request.query.token ?? '';
      if (!job.params.token || !sameSecret(token, job.params.token))
        throw adminError('woocommerce_admin_reports_export_invalid_id');
      if (request.authUser && request.authUser.id !== job.params.userId)
        throw authError('rest_forbidden');
      if (job.status !== 'done' || !existsSync(job.params.file)) {
        throw adminError('woocommerce_admin_reports_export_not_ready');
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${exportFileName(type, id)}"`)
        .send(createReadStream(job.params.file));
    },
  );
}
