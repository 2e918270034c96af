import { useSyncExternalStore } from 'react';

/** Viewports narrower than this are small mobiles (one calendar month). */
export const SMALL_MOBILE_QUERY = '(max-width: 599px)';

/** Months the range calendar shows: 2 unless the viewport is a small mobile. */
export function numberOfMonthsFor(isSmallMobile: boolean): 1 | 2 {
  return isSmallMobile ? 1 : 2;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const list = window.matchMedia(SMALL_MOBILE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function snapshot(): boolean {
  return (
    typeof window !== 'undefined' &&
    !!window.matchMedia &&
    window.matchMedia(SMALL_MOBILE_QUERY).matches
  );
}

/** True while the viewport is a small mobile; follows resizes. */
export function useSmallMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
