import { useCallback, useMemo, useState } from 'react';
import type { SeriesKey } from '../helpers/series-keys';
import { keySetSignature } from '../helpers/series-keys';
import { getInitialVisibleKeys, toggleVisibleKey } from '../helpers/visibility';

/** Options for series visibility. */
export interface SeriesVisibilityOptions {
  /** Controlled visible keys. */
  visibleKeys?: readonly string[];
  /** Called with the new visible keys after a legend toggle. */
  onVisibleKeysChange?: (keys: readonly string[]) => void;
}

/**
 * Which series are visible: the first five at first, reset whenever the set of keys changes;
 * `toggle` follows the legend rules (at least one, at most five).
 */
export function useSeriesVisibility(
  seriesKeys: readonly SeriesKey[],
  { visibleKeys, onVisibleKeysChange }: SeriesVisibilityOptions = {},
): { visible: readonly string[]; toggle: (key: string) => void } {
  const orderedKeys = useMemo(() => seriesKeys.map((entry) => entry.key), [seriesKeys]);
  const signature = keySetSignature(seriesKeys);
  const [own, setOwn] = useState(() => ({
    signature,
    keys: getInitialVisibleKeys(orderedKeys) as readonly string[],
  }));
  let current = own;
  if (own.signature !== signature) {
    // The set of keys changed: start again from the first five (render-time reset).
    current = { signature, keys: getInitialVisibleKeys(orderedKeys) };
    setOwn(current);
  }
  const visible = visibleKeys ?? current.keys;
  const toggle = useCallback(
    (key: string) => {
      const next = toggleVisibleKey(key, visible, orderedKeys);
      if (next === visible) return;
      if (visibleKeys === undefined) setOwn({ signature, keys: next });
      onVisibleKeysChange?.(next);
    },
    [visible, orderedKeys, visibleKeys, onVisibleKeysChange, signature],
  );
  return { visible, toggle };
}
