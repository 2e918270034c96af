import type { ExportStatusBody as ExportStatus } from '@storelens/api';
import { useEffect, useMemo } from 'react';
import type { ApiError } from '../../client/api-error.ts';
import {
  ignoreRejection,
  useStorelensDispatch,
  useStorelensSelector,
} from '../../react/provider.tsx';
import { useStableValue } from '../../react/use-stable-value.ts';
import { EXPORT_POLL_INTERVAL_MS, exportKey, pollExportStatus, startExport } from './slice.ts';

/** What `useExport` returns. */
export interface UseExportResult {
  /** Starts the export; rejects with the server's error (also kept in `error`). */
  readonly startExport: () => Promise<{ exportId: string | null; message: string }>;
  readonly exportId: string | null;
  readonly message: string | null;
  readonly isRequesting: boolean;
  readonly error: ApiError | null;
  /** Progress, polled while below 100 %. */
  readonly status: ExportStatus | null;
}

/** Starts an export of a report with arguments and polls its status. */
export function useExport(
  reportType: string,
  args: Readonly<Record<string, unknown>>,
  options: { readonly pollIntervalMs?: number } = {},
): UseExportResult {
  const dispatch = useStorelensDispatch();
  const stableArgs = useStableValue(args);
  const key = exportKey(reportType, stableArgs);
  const state = useStorelensSelector((s) => s.export);
  const exportId = state.exportIds[key] ?? null;
  const status = exportId ? (state.statuses[exportId] ?? null) : null;
  const pollIntervalMs = options.pollIntervalMs ?? EXPORT_POLL_INTERVAL_MS;
  useEffect(() => {
    if (!exportId) return;
    const controller = new AbortController();
    ignoreRejection(
      dispatch(
        pollExportStatus(reportType, exportId, {
          intervalMs: pollIntervalMs,
          signal: controller.signal,
        }),
      ),
    );
    return () => controller.abort();
  }, [dispatch, reportType, exportId, pollIntervalMs]);
  return useMemo(
    () => ({
      startExport: () => dispatch(startExport(reportType, stableArgs)),
      exportId,
      message: state.messages[key] ?? null,
      isRequesting: Boolean(state.requesting[key]),
      error: state.errors[key] ?? null,
      status,
    }),
    [dispatch, reportType, stableArgs, key, state, exportId, status],
  );
}
