// Per-user preferences (`woocommerce_meta` keys of `/wp/v2/users/me`) through @storelens/data;
// this module only adds whether the stored value is known yet.
import { useCurrentUser, useUserPreference as useStoredPreference } from '@storelens/data';

/**
 * A per-user preference kept on the server: `[value, save, loaded]`. `loaded` is false until the
 * signed-in user (and so the stored value) is known, so a table does not first draw the
 * default columns and then the user's.
 */
export function useUserPreference<T>(
  key: string,
  fallback: T,
): [T, (value: T) => Promise<void>, boolean] {
  const [value, save] = useStoredPreference(key, fallback);
  const { user, error } = useCurrentUser();
  return [value, save, user !== null || error !== null];
}
