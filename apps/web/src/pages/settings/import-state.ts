import type { ImportStatus, ImportTotals } from '@storelens/data';
import { __, sprintf } from '@storelens/i18n';

/** Where the historical import stands. */
export type ImportPhase =
  | 'nothing'
  | 'ready'
  | 'initializing'
  | 'customers'
  | 'orders'
  | 'finalizing'
  | 'finished'
  | 'error';

/**
 * The phase from the server's status and the totals of the chosen period. `reimport` is set
 * once the user chose "Re-import Data" after a finished import (the form is shown again).
 */
export function importPhase(input: {
  status: ImportStatus | null;
  totals: ImportTotals | null;
  failed: boolean;
  reimport: boolean;
}): ImportPhase {
  const { status, totals, failed, reimport } = input;
  if (failed) return 'error';
  if (status?.is_importing) {
    const { customers, orders } = status;
    if (customers.total === 0 && orders.total === 0) return 'initializing';
    if (customers.imported < customers.total) return 'customers';
    if (orders.imported < orders.total) return 'orders';
    return 'finalizing';
  }
  const nothing = !totals || (totals.customers === 0 && totals.orders === 0);
  const done =
    status !== null &&
    status.orders.total > 0 &&
    status.orders.imported >= status.orders.total &&
    status.customers.imported >= status.customers.total;
  if (done && !reimport) return 'finished';
  return nothing ? 'nothing' : 'ready';
}

/** Whether an import is running in this phase. */
export function isRunning(phase: ImportPhase): boolean {
  return (
    phase === 'initializing' ||
    phase === 'customers' ||
    phase === 'orders' ||
    phase === 'finalizing'
  );
}

/** The status label the section shows for a phase. */
export function phaseLabel(phase: ImportPhase, importedFrom: string | -1 | undefined): string {
  switch (phase) {
    case 'nothing':
      return __('Nothing To Import');
    case 'ready':
      return __('Ready To Import');
    case 'initializing':
      return __('Initializing');
    case 'customers':
      return __('Importing Customers');
    case 'orders':
      return __('Importing Orders');
    case 'finalizing':
      return __('Finalizing');
    case 'finished':
      return importedFrom === -1 || importedFrom === undefined
        ? __('All historical data imported')
        : sprintf(__('Historical data from %s onward imported'), importedFrom.slice(0, 10));
    case 'error':
      return '';
  }
}

/** One progress reading: when, and how many records (customers + orders) were done. */
export interface ProgressSample {
  at: number;
  done: number;
}

/**
 * Seconds left, from the rate between the first and last readings of this run, or null when
 * it cannot be told yet (fewer than two readings, or no progress between them).
 */
export function secondsLeft(samples: readonly ProgressSample[], total: number): number | null {
  if (samples.length < 2) return null;
  const first = samples[0]!;
  const last = samples[samples.length - 1]!;
  const rate = (last.done - first.done) / ((last.at - first.at) / 1000);
  if (!(rate > 0) || !Number.isFinite(rate)) return null;
  return Math.max(0, Math.ceil((total - last.done) / rate));
}

/** "About N minutes left" style text for an estimate in seconds. */
export function estimateText(seconds: number | null): string {
  if (seconds === null) return __('Estimating the time left…');
  if (seconds < 60) return __('Less than a minute left');
  const minutes = Math.round(seconds / 60);
  return minutes === 1 ? __('About 1 minute left') : sprintf(__('About %d minutes left'), minutes);
}

/** The `days` to send for a period choice: none for all, N for the last N days, or the whole
 * days from a custom start date (YYYY-MM-DD, in the store's calendar) to `today`. */
export function importDays(
  choice: string,
  customDate: string,
  today: string,
): number | undefined | null {
  if (choice === 'all') return undefined;
  if (choice !== 'custom') {
    const n = Number(choice);
    return Number.isInteger(n) && n > 0 ? n : null;
  }
  const start = Date.parse(`${customDate}T00:00:00Z`);
  const end = Date.parse(`${today}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(customDate) || Number.isNaN(start)) return null;
  if (start > end) return null;
  return Math.round((end - start) / 86_400_000);
}
