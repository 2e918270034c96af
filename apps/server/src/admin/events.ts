import type { Db } from '../db/database';

/** What a settings write changed. */
export interface SettingsChange {
  /** The store whose settings changed. */
  db: Db;
  /** Ids of settings whose stored value changed. */
  changed: string[];
  /** True when a change affects report numbers (excluded statuses, date type, zone, week start). */
  affectsReports: boolean;
  /** True when the lookup tables must be rebuilt (zone or excluded statuses). */
  needsRebuild: boolean;
}

const settingsListeners = new Set<(change: SettingsChange) => void>();
const resetListeners = new Set<() => void>();

/**
 * Registers a listener called after settings are saved with at least one changed value (the
 * report cache listens and invalidates when `affectsReports`). Returns the unsubscribe.
 */
export function onSettingsChanged(listener: (change: SettingsChange) => void): () => void {
  settingsListeners.add(listener);
  return () => settingsListeners.delete(listener);
}

/** Calls the settings listeners; a throwing listener does not stop the others. */
export function emitSettingsChanged(change: SettingsChange): void {
  for (const listener of settingsListeners) {
    try {
      listener(change);
    } catch (error) {
      console.error(error);
    }
  }
}

/** Registers a listener called when analytics data is deleted (import "delete"). */
export function onAnalyticsDataDeleted(listener: () => void): () => void {
  resetListeners.add(listener);
  return () => resetListeners.delete(listener);
}

/** Calls the delete listeners. */
export function emitAnalyticsDataDeleted(): void {
  for (const listener of resetListeners) {
    try {
      listener();
    } catch (error) {
      console.error(error);
    }
  }
}
