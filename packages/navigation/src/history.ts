import {
  type Action,
  createBrowserHistory,
  createMemoryHistory,
  type History,
  type Location,
} from 'history';
import { DEFAULT_PAGE, getAdminLink } from './admin-url';

/** A location of the admin page, where `pathname` is the in-app route (the `path` param). */
export interface AdminLocation extends Location {
  /** The in-app route: the `path` query parameter, '/' when missing or empty. */
  readonly pathname: string;
  /** The real page's pathname, e.g. '/wp-admin/admin.php'. */
  readonly pagePathname: string;
}

/** A change of location, as subscribers receive it. */
export interface AdminUpdate {
  /** How the location changed (push, replace, pop). */
  readonly action: Action;
  /** The new location. */
  readonly location: AdminLocation;
}

/** The app's history: the `history` package's, seen through the admin page's `path` param. */
export interface AdminHistory {
  /** The current location (the same object until the location changes). */
  readonly location: AdminLocation;
  /** The last action. */
  readonly action: Action;
  /** Goes to an admin href (`admin.php?page=wc-admin&path=…`, relative to the admin base). */
  push(href: string, state?: unknown): void;
  /** Replaces the current entry with an admin href. */
  replace(href: string, state?: unknown): void;
  /** Moves through the history stack. */
  go(delta: number): void;
  /** Goes back one entry. */
  back(): void;
  /** Goes forward one entry. */
  forward(): void;
  /** Calls the listener on every location change; returns the unsubscribe function. */
  listen(listener: (update: AdminUpdate) => void): () => void;
  /** The href for an admin href as the browser would show it. */
  createHref(href: string): string;
}

/** The in-app route of a real location: its `path` param, or '/' when missing or empty. */
export function pathFromSearch(search: string): string {
  const path = new URLSearchParams(search).get('path');
  return path === null || path === '' ? '/' : path;
}

/** Wraps a `history` package history so that its location's pathname is the `path` param. */
export function createAdminHistory(base: History): AdminHistory {
  let seen: Location | undefined;
  let mapped: AdminLocation | undefined;
  const toAdmin = (location: Location): AdminLocation => {
    if (location === seen && mapped) return mapped;
    seen = location;
    mapped = {
      ...location,
      pagePathname: location.pathname,
      pathname: pathFromSearch(location.search),
    };
    return mapped;
  };
  return {
    get location() {
      return toAdmin(base.location);
    },
    get action() {
      return base.action;
    },
    push: (href, state) => base.push(getAdminLink(href), state),
    replace: (href, state) => base.replace(getAdminLink(href), state),
    go: (delta) => base.go(delta),
    back: () => base.back(),
    forward: () => base.forward(),
    listen: (listener) =>
      base.listen(({ action, location }) => listener({ action, location: toAdmin(location) })),
    createHref: (href) => base.createHref(getAdminLink(href)),
  };
}

let current: AdminHistory | undefined;

function createDefaultHistory(): AdminHistory {
  if (typeof window !== 'undefined' && typeof window.document !== 'undefined') {
    return createAdminHistory(createBrowserHistory({ window }));
  }
  return createAdminHistory(
    createMemoryHistory({ initialEntries: [getAdminLink(`admin.php?page=${DEFAULT_PAGE}`)] }),
  );
}

/** The app's one history (the browser's; an in-memory one where there is no window). */
export function getHistory(): AdminHistory {
  current ??= createDefaultHistory();
  return current;
}

/** Replaces the app's history (tests, embedding); without an argument the default comes back. */
export function setHistory(history?: AdminHistory): void {
  current = history;
}

/**
 * Calls the listener whenever the app navigates, without React; returns the unsubscribe
 * function. Pairs with `getHistory().location` for `useSyncExternalStore`.
 */
export function subscribe(listener: (update: AdminUpdate) => void): () => void {
  return getHistory().listen(listener);
}
