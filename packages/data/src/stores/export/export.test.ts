// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wpError } from '../../test/server.ts';
import { startStore } from '../../test/store.ts';
import { exportKey, pollExportStatus, startExport } from './slice.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function exportServer() {
  let percent = 0;
  const ctx = await startStore((app) => {
    app.post('/wc-analytics/reports/:type/export', async (req, reply) => {
      const { type } = req.params as { type: string };
      if (type === 'taxes')
        return reply.code(500).send(wpError('export_failed', 'The export queue is full.', 500));
      if (type === 'stock') return { message: 'There is no data to export for the given request.' };
      return { message: 'Your report file is being generated.', export_id: '1716' };
    });
    app.get('/wc-analytics/reports/:type/export/:id/status', async (req, reply) => {
      const { id } = req.params as { id: string };
      if (id !== '1716')
        return reply
          .code(404)
          .send(wpError('woocommerce_admin_reports_export_invalid_id', 'Invalid id.', 404));
      percent = Math.min(100, percent + 50);
      return percent === 100
        ? { percent_complete: 100, download_url: '/download/1716' }
        : { percent_complete: percent };
    });
  });
  close = () => ctx.server.close();
  return ctx;
}

const args = { period: 'month', compare: 'previous_year' };

describe('export', () => {
  it('starts an export with report_args and email true; keeps export_id and message per type and args', async () => {
    const { store, requests } = await exportServer();
    await expect(store.dispatch(startExport('revenue', args))).resolves.toEqual({
      exportId: '1716',
      message: 'Your report file is being generated.',
    });
    expect(requests.at(-1)?.body).toEqual({ report_args: args, email: true });
    const key = exportKey('revenue', args);
    expect(store.getState().export.exportIds[key]).toBe('1716');
    expect(store.getState().export.messages[key]).toBe('Your report file is being generated.');
    expect(
      store.getState().export.exportIds[exportKey('revenue', { period: 'year' })],
    ).toBeUndefined();
  });

  it('keeps the message and no id when there is nothing to export', async () => {
    const { store } = await exportServer();
    await store.dispatch(startExport('stock', {}));
    expect(store.getState().export.exportIds[exportKey('stock', {})]).toBeUndefined();
    expect(store.getState().export.messages[exportKey('stock', {})]).toBe(
      'There is no data to export for the given request.',
    );
  });

  it('stores a failure per request with the server message and rejects', async () => {
    const { store } = await exportServer();
    await expect(store.dispatch(startExport('taxes', args))).rejects.toMatchObject({
      message: 'The export queue is full.',
    });
    expect(store.getState().export.errors[exportKey('taxes', args)]?.message).toBe(
      'The export queue is full.',
    );
    expect(store.getState().export.errors[exportKey('revenue', args)]).toBeUndefined();
  });

  it('polls the status until 100 % and keeps the download URL', async () => {
    const { store, requests } = await exportServer();
    const status = await store.dispatch(pollExportStatus('revenue', '1716', { intervalMs: 5 }));
    expect(status).toEqual({ percent_complete: 100, download_url: '/download/1716' });
    expect(requests.filter((r) => r.path.endsWith('/status'))).toHaveLength(2);
    expect(store.getState().export.statuses['1716']?.percent_complete).toBe(100);
  });

  it('does not wait when aborted while a status read is in flight', async () => {
    const { store } = await exportServer();
    const controller = new AbortController();
    const pending = store.dispatch(
      pollExportStatus('revenue', '1716', { intervalMs: 10_000, signal: controller.signal }),
    );
    controller.abort();
    await expect(pending).resolves.toEqual({ percent_complete: 50 });
  });

  it('stops polling on a failed status read and records it', async () => {
    const { store } = await exportServer();
    await expect(
      store.dispatch(pollExportStatus('revenue', '999', { intervalMs: 5 })),
    ).resolves.toBeNull();
    expect(store.getState().export.statusErrors['999']?.status).toBe(404);
  });

  it('stops polling when aborted', async () => {
    const { store, requests } = await exportServer();
    const controller = new AbortController();
    const pending = store.dispatch(
      pollExportStatus('revenue', '1716', { intervalMs: 10_000, signal: controller.signal }),
    );
    await vi.waitFor(() => expect(store.getState().export.statuses['1716']).toBeDefined());
    controller.abort();
    await expect(pending).resolves.toEqual({ percent_complete: 50 });
    expect(requests.filter((r) => r.path.endsWith('/status'))).toHaveLength(1);
  });
});
