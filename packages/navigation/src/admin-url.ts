/** The admin base URL the app lives under; '/wp-admin/' unless the app sets another. */
let adminUrl = '/wp-admin/';

/** The page parameter value of this dashboard. */
export const DEFAULT_PAGE = 'wc-admin';

/** The admin base URL (always ending in '/'). */
export function getAdminUrl(): string {
  return adminUrl;
}

/** Sets the admin base URL (e.g. from the server's settings); a trailing '/' is added. */
export function setAdminUrl(url: string): void {
  adminUrl = url.endsWith('/') ? url : `${url}/`;
}

/** True for an absolute URL (`https:`, `mailto:`…) or a protocol-relative one (`//host`). */
export function isAbsoluteUrl(url: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//');
}

/**
 * A wp-admin link: a path relative to the admin base (`admin.php?page=x`) gets the base in
 * front; absolute URLs and paths starting with '/' are left as they are.
 */
export function getAdminLink(path: string): string {
  if (isAbsoluteUrl(path) || path.startsWith('/')) return path;
  return `${adminUrl}${path}`;
}
