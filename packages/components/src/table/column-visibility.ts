import type { TableHeader } from './types';

/** The part of Web Storage the column menu needs (injectable for tests and other stores). */
export type ColumnStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The storage key remembering one report's column choices. */
export function columnStorageKey(reportId: string): string {
  return `storelens:table-columns:${reportId}`;
}

/** Columns hidden by default: those flagged `hiddenByDefault` (never required ones). */
export function defaultHiddenColumns(headers: readonly TableHeader[]): Set<string> {
  return new Set(headers.filter((h) => h.hiddenByDefault && !h.required).map((h) => h.key));
}

/**
 * Reads the remembered choices (`{ key: shown }`) and applies them over the defaults; unknown
 * keys, required columns and unreadable storage are ignored.
 */
export function readHiddenColumns(
  storage: ColumnStorage | undefined,
  reportId: string | undefined,
  headers: readonly TableHeader[],
): Set<string> {
  const hidden = defaultHiddenColumns(headers);
  if (!storage || reportId === undefined) return hidden;
  let saved: unknown;
  try {
    saved = JSON.parse(storage.getItem(columnStorageKey(reportId)) ?? 'null');
  } catch {
    return hidden;
  }
  if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) return hidden;
  for (const header of headers) {
    const shown: unknown = (saved as Record<string, unknown>)[header.key];
    if (header.required || typeof shown !== 'boolean') continue;
    if (shown) hidden.delete(header.key);
    else hidden.add(header.key);
  }
  return hidden;
}

/** Remembers which columns are shown; storage failures (quota, privacy mode) are ignored. */
export function writeHiddenColumns(
  storage: ColumnStorage | undefined,
  reportId: string | undefined,
  headers: readonly TableHeader[],
  hidden: ReadonlySet<string>,
): void {
  if (!storage || reportId === undefined) return;
  const choices = Object.fromEntries(headers.map((h) => [h.key, !hidden.has(h.key)]));
  try {
    storage.setItem(columnStorageKey(reportId), JSON.stringify(choices));
  } catch {
    // Not remembering is better than breaking the table.
  }
}

/** Toggles a column's visibility; required columns always stay shown. */
export function toggleHidden(
  hidden: ReadonlySet<string>,
  header: TableHeader,
): ReadonlySet<string> {
  const next = new Set(hidden);
  if (header.required || next.has(header.key)) next.delete(header.key);
  else next.add(header.key);
  return next;
}

/** The browser's localStorage when it is reachable, else undefined. */
export function browserStorage(): ColumnStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
