import { useState } from 'react';
import { stableKey } from '../core/stable-key.ts';

/**
 * Returns `value`, keeping the first reference seen for as long as `stableKey(value)` does not
 * change, so a query object rebuilt on every render can be a hook dependency: effects and memos
 * that depend on the result re-run only when the query's content changes.
 */
export function useStableValue<T>(value: T): T {
  const key = stableKey(value);
  const [stable, setStable] = useState(() => ({ key, value }));
  if (stable.key !== key) {
    // Adjusting state during render (React re-renders before committing), so the next
    // render returns this same reference.
    setStable({ key, value });
    return value;
  }
  return stable.value;
}
