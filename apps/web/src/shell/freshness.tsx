import { fetchRead, invalidateReports, READS, useStorelensDispatch } from '@storelens/data';
import { __, sprintf } from '@storelens/i18n';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useStore } from '../settings-context';

/** How often an open dashboard asks whether the reports' data changed. */
export const FRESHNESS_POLL_MS = 30_000;

/** When the figures on screen were last read, and whether the last check for newer ones failed. */
interface Freshness {
  updatedAt: Date;
  checkFailed: boolean;
}

const Context = createContext<Freshness>({ updatedAt: new Date(), checkFailed: false });

/**
 * Follows the server's data: every half minute (and when the tab comes back into view) it
 * asks when the reports' data last changed (`storelens/v1/data-changes`); when that moved on,
 * every report on screen is read again and the "Updated" time moves with it.
 */
export function FreshnessProvider({ children }: { children: ReactNode }) {
  const dispatch = useStorelensDispatch();
  const [state, setState] = useState<Freshness>(() => ({
    updatedAt: new Date(),
    checkFailed: false,
  }));
  const seen = useRef<string | null>(null);

  useEffect(() => {
    let stopped = false;
    const check = async () => {
      if (document.hidden) return;
      const entry = await dispatch(fetchRead(READS.dataChanges, {}, { force: true }));
      // Still loading: the check that started that read takes its answer.
      if (stopped || !entry || entry.status === 'loading') return;
      if (entry.status === 'error' || !entry.result) {
        // Said next to the time: the figures may be older than it looks.
        setState((s) => (s.checkFailed ? s : { ...s, checkFailed: true }));
        return;
      }
      const changed = entry.result.changed_gmt;
      const newer = seen.current !== null && changed > seen.current;
      if (seen.current === null || newer) seen.current = changed;
      if (newer) void dispatch(invalidateReports());
      setState((s) =>
        newer
          ? { updatedAt: new Date(), checkFailed: false }
          : s.checkFailed
            ? { ...s, checkFailed: false }
            : s,
      );
    };
    void check();
    const timer = setInterval(() => void check(), FRESHNESS_POLL_MS);
    const onVisible = () => {
      if (!document.hidden) void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [dispatch]);

  return <Context.Provider value={state}>{children}</Context.Provider>;
}

/** "Updated 10:42" in the store's zone, and a word when newer figures could not be checked. */
export function UpdatedAt() {
  const { updatedAt, checkFailed } = useContext(Context);
  const { settings } = useStore();
  let time: string;
  try {
    time = updatedAt.toLocaleTimeString(undefined, {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: settings.timezone,
    });
  } catch {
    time = updatedAt.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  }
  return (
    <p className="sl-updated" data-testid="updated-at">
      {sprintf(__('Updated %s'), time)}
      {checkFailed &&
        ` · ${__('newer figures could not be checked; they will be when the server answers')}`}
    </p>
  );
}
