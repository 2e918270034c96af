import type { SessionUser } from '@storelens/api';
import { type ApiClient, useStorelensDispatch } from '@storelens/data';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * The browser's session: the REST nonce and user the page was served with (boot settings),
 * and whether the server has since answered 401 (an expired or closed session). One module, so
 * the client, the login gate and the header agree.
 */
interface SessionState {
  user: SessionUser | null;
  nonce: string | undefined;
  expired: boolean;
}

let state: SessionState = { user: null, nonce: undefined, expired: false };
const listeners = new Set<() => void>();

function update(next: Partial<SessionState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** Called once at boot with what the page was served with. */
export function startSession(auth: { user: SessionUser; nonce: string } | undefined) {
  update({ user: auth?.user ?? null, nonce: auth?.nonce, expired: false });
}

/** The nonce to send as X-WP-Nonce (read by the client at each request). */
export const currentNonce = () => state.nonce;

/** A 401 from any request: the session is gone; the gate shows the login page in place. */
export function sessionExpired() {
  if (state.user && !state.expired) update({ expired: true });
}

/** The session state, re-rendering on change. */
export function useSession(): SessionState {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => state,
  );
}

/**
 * Runs a call with the store's REST client (the one with the nonce and the 401 handling).
 * The client lives in the data store's thunk services, so a thunk reaches it.
 */
export function useApi() {
  const dispatch = useStorelensDispatch();
  return useCallback(
    <T>(call: (client: ApiClient) => Promise<T>): Promise<T> =>
      dispatch(async (_d, _s, { client }) => call(client)),
    [dispatch],
  );
}

/**
 * Reloads the page at the same URL: the server renders it again with the new session's
 * settings and nonce (or, signed out, the login page), and the user lands where they were.
 */
export function reloadHere() {
  window.location.reload();
}

/**
 * After logging in: reload when the Storelens server rendered the page (it then carries the
 * store's settings); under `npm run dev` Vite serves the page, which never carries a session,
 * so the login answer's nonce is used in place.
 */
export function signedIn(login: { user: SessionUser; nonce: string }) {
  if (document.getElementById('storelens-settings')) reloadHere();
  else startSession(login);
}

/**
 * Where the pages outside the normal routes (setup, invitation, password reset) lead: Home,
 * whose first step is connecting the shop (a role without Home is taken on to the Overview).
 */
export const DASHBOARD_HOME = '/wp-admin/admin.php?page=wc-admin';
