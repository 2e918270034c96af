/**
 * `@woocommerce/settings` is not a published package: inside WordPress it is the page's
 * `window.wcSettings` global, which WooCommerce's build maps the import to. The published
 * `@woocommerce/navigation` imports it, so the compatibility suite maps it here (vitest.config.ts)
 * to the same global, which compat/client.ts fills as the dashboard page would.
 */

interface WcSettings {
  adminUrl: string;
  [key: string]: unknown;
}

function settings(): WcSettings {
  return (globalThis as unknown as { wcSettings?: WcSettings }).wcSettings ?? { adminUrl: '' };
}

/** An admin page's address (`admin.php?page=wc-admin`) under the site's admin URL. */
export function getAdminLink(path: string): string {
  return `${settings().adminUrl}${path}`;
}

/** A value of the page's settings, or the fallback. */
export function getSetting<T>(name: string, fallback?: T): T | undefined {
  const value = settings()[name];
  return value === undefined ? fallback : (value as T);
}
