import { type AdminErrorCode, adminErrorCatalogue } from '@storelens/api';
import { ApiError } from '../errors';

/** An error of the admin catalogue, with `%s` filled and optional per-parameter sentences. */
export function adminError(
  code: AdminErrorCode,
  detail = '',
  params?: Record<string, string>,
): ApiError {
  const entry = adminErrorCatalogue[code];
  return new ApiError(code, entry.message.replace('%s', detail), entry.status, params);
}
