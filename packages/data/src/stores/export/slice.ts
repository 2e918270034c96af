import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  ExportStartResponseBody as ExportStartResponse,
  ExportStatusBody as ExportStatus,
} from '@storelens/api';
import { type ApiError, clientError, toApiError } from '../../client/api-error.ts';
import { NAMESPACES, STORE_NAMES } from '../../core/paths.ts';
import { stableKey } from '../../core/stable-key.ts';
import type { AppThunk } from '../../core/thunk.ts';

/** The key an export request is tracked under: report type and arguments. */
export const exportKey = (reportType: string, args: Readonly<Record<string, unknown>>): string =>
  `${reportType}:${stableKey(args)}`;

/** Export state: ids, messages, bookkeeping per request key; statuses per export id. */
export interface ExportState {
  readonly exportIds: Readonly<Record<string, string>>;
  readonly messages: Readonly<Record<string, string>>;
  readonly requesting: Readonly<Record<string, boolean>>;
  readonly errors: Readonly<Record<string, ApiError>>;
  readonly statuses: Readonly<Record<string, ExportStatus>>;
  readonly statusErrors: Readonly<Record<string, ApiError>>;
}

const initialState: ExportState = {
  exportIds: {},
  messages: {},
  requesting: {},
  errors: {},
  statuses: {},
  statusErrors: {},
};

/** The export slice. */
export const exportSlice = createSlice({
  name: STORE_NAMES.export,
  initialState,
  reducers: {
    exportRequested(state, action: PayloadAction<string>) {
      state.requesting[action.payload] = true;
      delete state.errors[action.payload];
    },
    exportStarted(
      state,
      action: PayloadAction<{ key: string; exportId?: string; message: string }>,
    ) {
      const { key, exportId, message } = action.payload;
      state.requesting[key] = false;
      state.messages[key] = message;
      if (exportId) state.exportIds[key] = exportId;
      else delete state.exportIds[key];
    },
    exportFailed(state, action: PayloadAction<{ key: string; error: ApiError }>) {
      state.requesting[action.payload.key] = false;
      state.errors[action.payload.key] = action.payload.error;
    },
    statusReceived(state, action: PayloadAction<{ exportId: string; status: ExportStatus }>) {
      state.statuses[action.payload.exportId] = action.payload.status;
      delete state.statusErrors[action.payload.exportId];
    },
    statusFailed(state, action: PayloadAction<{ exportId: string; error: ApiError }>) {
      state.statusErrors[action.payload.exportId] = action.payload.error;
    },
  },
});

const { exportRequested, exportStarted, exportFailed, statusReceived, statusFailed } =
  exportSlice.actions;

const exportPath = (reportType: string) => `${NAMESPACES.analytics}/reports/${reportType}/export`;

/** Starts an export (`report_args`, `email: true`); a failure is stored with the server's message and rethrown. */
export function startExport(
  reportType: string,
  args: Readonly<Record<string, unknown>>,
): AppThunk<{ exportId: string | null; message: string }> {
  return async (dispatch, _getState, { client }) => {
    const key = exportKey(reportType, args);
    dispatch(exportRequested(key));
    try {
      const { data, status } = await client.post<ExportStartResponse | null>(
        exportPath(reportType),
        {
          report_args: args,
          email: true,
        },
      );
      if (!data || typeof data.message !== 'string') {
        throw clientError('invalid_export_response', status);
      }
      dispatch(exportStarted({ key, exportId: data.export_id, message: data.message }));
      return { exportId: data.export_id ?? null, message: data.message };
    } catch (thrown) {
      const error = toApiError(thrown);
      dispatch(exportFailed({ key, error }));
      throw error;
    }
  };
}

/** Fetches an export's progress once; a failure is stored per export id and resolves null. */
export function fetchExportStatus(
  reportType: string,
  exportId: string,
): AppThunk<ExportStatus | null> {
  return async (dispatch, _getState, { client }) => {
    try {
      const { data } = await client.get<ExportStatus>(
        `${exportPath(reportType)}/${exportId}/status`,
      );
      dispatch(statusReceived({ exportId, status: data }));
      return data;
    } catch (thrown) {
      dispatch(statusFailed({ exportId, error: toApiError(thrown) }));
      return null;
    }
  };
}

/** Default delay between export status polls. */
export const EXPORT_POLL_INTERVAL_MS = 3000;

/**
 * Polls an export's status until it reaches 100 %, fails, or the signal aborts; resolves with
 * the last status (null when none arrived).
 */
export function pollExportStatus(
  reportType: string,
  exportId: string,
  options: { intervalMs?: number; signal?: AbortSignal } = {},
): AppThunk<ExportStatus | null> {
  return async (dispatch) => {
    const intervalMs = options.intervalMs ?? EXPORT_POLL_INTERVAL_MS;
    let last: ExportStatus | null = null;
    while (!options.signal?.aborted) {
      const status = await dispatch(fetchExportStatus(reportType, exportId));
      if (!status) return last;
      last = status;
      if (status.percent_complete >= 100 || options.signal?.aborted) return status;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, intervalMs);
        options.signal?.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            resolve();
          },
          { once: true },
        );
      });
    }
    return last;
  };
}
