import { type AdminLocation, getHistory, subscribe } from '@storelens/navigation';
import { useSyncExternalStore } from 'react';

/** The current admin location; re-renders on every navigation (push, replace, back/forward). */
export function useAdminLocation(): AdminLocation {
  return useSyncExternalStore(
    (onChange) => subscribe(onChange),
    () => getHistory().location,
  );
}
