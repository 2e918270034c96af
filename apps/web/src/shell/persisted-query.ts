import { getPersistedQuery, type Query } from '@storelens/navigation';
import { useSyncExternalStore } from 'react';

/**
 * The report parameters (period, compare, dates, interval, type) the menu links carry:
 * taken from the last report page visited, cleared after the analytics
 * settings are saved so that the new default date range takes effect.
 */
let current: Record<string, string> = {};
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Records the persisted part of a report page's query. */
export function rememberPersistedQuery(query: Query): void {
  const next = Object.fromEntries(
    Object.entries(getPersistedQuery(query)).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
  if (JSON.stringify(next) === JSON.stringify(current)) return;
  current = next;
  emit();
}

/** Forgets the persisted parameters. */
export function clearPersistedQuery(): void {
  if (Object.keys(current).length === 0) return;
  current = {};
  emit();
}

/** The persisted parameters menu links carry now. */
export function usePersistedQuery(): Record<string, string> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
