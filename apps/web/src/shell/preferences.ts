import { useUserPreference as useDataPreference } from '@storelens/data';

/**
 * Per-user preferences (`woocommerce_meta` keys, JSON per key) of the signed-in user, kept on
 * the server through `wp/v2/users/me` by @storelens/data. The screens read them here, so the
 * store they live in is decided in one place.
 */
export function useUserPreference<T>(key: string, fallback: T): [T, (value: T) => Promise<void>] {
  return useDataPreference(key, fallback);
}
