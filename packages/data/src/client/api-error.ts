import { type ClientErrorCode, clientErrorCatalogue } from '@storelens/api';
import { __, sprintf } from '@storelens/i18n';

/** A failed request as a plain, serialisable value (WordPress REST error shape, flattened). */
export interface ApiError {
  /** Stable machine-readable code, e.g. `rest_invalid_param`, `fetch_error`. */
  readonly code: string;
  /** Human-readable message (the server's when it sent one). */
  readonly message: string;
  /** HTTP status; 0 when no response arrived (network failure or cancellation). */
  readonly status: number;
  /** Per-parameter messages for validation failures; empty otherwise. */
  readonly params: Readonly<Record<string, string>>;
}

/**
 * Codes the client itself produces when the server's answer cannot be used, by role; the
 * codes and messages are `clientErrorCatalogue` of @storelens/api.
 */
export const CLIENT_ERROR_CODES = {
  network: 'fetch_error',
  aborted: 'request_aborted',
  invalidJson: 'invalid_json',
  http: 'http_error',
  unknown: 'unknown_error',
} as const satisfies Record<string, ClientErrorCode>;

/** Builds an ApiError value. */
export function apiError(
  code: string,
  message: string,
  status = 0,
  params: Record<string, string> = {},
): ApiError {
  return { code, message, status, params };
}

/** An error of the client catalogue, its message translated (`%d`/`%s` filled from `args`). */
export function clientError(
  code: ClientErrorCode,
  status = 0,
  ...args: (string | number)[]
): ApiError {
  const message = __(clientErrorCatalogue[code].message);
  return apiError(code, args.length > 0 ? sprintf(message, ...args) : message, status);
}

/** True when a value has the shape of an ApiError. */
export function isApiError(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.code === 'string' &&
    typeof v.message === 'string' &&
    typeof v.status === 'number' &&
    typeof v.params === 'object' &&
    v.params !== null
  );
}

function stringParams(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(value)) {
    out[key] = typeof message === 'string' ? message : JSON.stringify(message);
  }
  return out;
}

/** Turns an HTTP error answer (parsed body, or null when unusable) into an ApiError. */
export function errorFromResponse(body: unknown, status: number): ApiError {
  if (typeof body === 'object' && body !== null) {
    const b = body as Record<string, unknown>;
    if (typeof b.code === 'string' && typeof b.message === 'string') {
      const data = typeof b.data === 'object' && b.data !== null ? b.data : {};
      const d = data as Record<string, unknown>;
      return apiError(
        b.code,
        b.message,
        typeof d.status === 'number' ? d.status : status,
        stringParams(d.params),
      );
    }
  }
  return clientError(CLIENT_ERROR_CODES.http, status, status);
}

/** Normalises anything thrown into an ApiError (ApiErrors pass through unchanged). */
export function toApiError(value: unknown): ApiError {
  if (isApiError(value)) return value;
  if (!(value instanceof Error)) return clientError(CLIENT_ERROR_CODES.unknown);
  return apiError(CLIENT_ERROR_CODES.unknown, value.message);
}
