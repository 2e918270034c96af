import { type AuthErrorCode, authErrorCatalogue } from '@storelens/api';
import { ApiError } from '../errors';

/** An authentication error of the catalogue, with `%s` filled. */
export function authError(code: AuthErrorCode, detail = '', params?: Record<string, string>) {
  const entry = authErrorCatalogue[code];
  return new ApiError(code, entry.message.replace('%s', detail), entry.status, params);
}
