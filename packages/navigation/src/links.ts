import { DEFAULT_PAGE, getAdminLink, getAdminUrl } from './admin-url';
import { getHistory } from './history';
import { getNewPath } from './path';
import { parseQuery } from './query-string';

/** Where a link goes: another wp-admin screen, a route of this app, or another site. */
export type LinkType = 'wp-admin' | 'wc-admin' | 'external';

function adminPagePath(): string {
  return getAdminLink('admin.php');
}

/**
 * The href of a link of a kind: `wp-admin` paths get the admin base; `wc-admin` routes
 * (`/analytics/revenue?period=week`) become the admin page URL with a `path` param (an admin
 * href such as `admin.php?page=wc-admin&…` just gets the base); `external` stays as given.
 */
export function getLinkHref(href: string, type: LinkType): string {
  if (type === 'external') return href;
  if (type === 'wp-admin') return getAdminLink(href);
  const isRoute = href.startsWith('/') && !href.startsWith(adminPagePath());
  if (!isRoute) return getAdminLink(href);
  const at = href.indexOf('?');
  const route = at < 0 ? href : href.slice(0, at);
  const query = at < 0 ? {} : parseQuery(href.slice(at + 1));
  return getAdminLink(getNewPath(query, route, {}));
}

function currentOrigin(): string {
  return typeof window !== 'undefined' && window.location
    ? window.location.origin
    : 'http://localhost';
}

/**
 * The admin href of a URL when it opens this app's page (same origin, the admin page, its
 * `page` param), else undefined.
 */
export function getInAppHref(url: string, page: string = DEFAULT_PAGE): string | undefined {
  const origin = currentOrigin();
  let resolved: URL;
  try {
    resolved = new URL(url, `${origin}${getAdminUrl()}`);
  } catch {
    return undefined;
  }
  const adminPage = new URL(adminPagePath(), `${origin}/`);
  if (resolved.origin !== origin || resolved.pathname !== adminPage.pathname) return undefined;
  if (resolved.searchParams.get('page') !== page) return undefined;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** Goes to a URL: inside the app (history push) when it opens this app's page, else loads it. */
export function navigateTo({ url }: { url: string }): void {
  const inApp = getInAppHref(url);
  if (inApp !== undefined) {
    getHistory().push(inApp);
    return;
  }
  window.location.assign(url);
}

/** The parts of a click event the in-app decision reads (a DOM or React mouse event fits). */
export interface LinkClickEvent {
  /** Mouse button: 0 is the main (left) button. */
  readonly button: number;
  /** Modifier keys held during the click. */
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
  /** True when another handler already took the click. */
  readonly defaultPrevented: boolean;
  /** The link element, whose `target` may ask for another window. */
  readonly currentTarget?: EventTarget | { readonly target?: string } | null;
  /** Stops the browser's own navigation. */
  preventDefault(): void;
}

function opensElsewhere(target: LinkClickEvent['currentTarget']): boolean {
  if (target === null || target === undefined || !('target' in target)) return false;
  const value = target.target;
  return typeof value === 'string' && value !== '' && value !== '_self';
}

/**
 * True when a click on an in-app link should navigate inside the app: a plain main-button
 * click with no ctrl, meta, shift or alt key, not already handled, not aimed at another window.
 */
export function isInAppNavigationClick(event: LinkClickEvent): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.shiftKey &&
    !event.altKey &&
    !opensElsewhere(event.currentTarget)
  );
}

/**
 * Click handler for links: a `wc-admin` link clicked plainly is followed with a history push
 * (and the browser's navigation prevented); anything else is left to the browser. Returns
 * whether the app handled it.
 */
export function handleLinkClick(event: LinkClickEvent, href: string, type: LinkType): boolean {
  if (type !== 'wc-admin' || !isInAppNavigationClick(event)) return false;
  const inApp = getInAppHref(href);
  if (inApp === undefined) return false;
  event.preventDefault();
  getHistory().push(inApp);
  return true;
}
