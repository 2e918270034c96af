import { useCallback, useRef, useState } from 'react';

/** Arguments of useControllableState: the `value`/`defaultValue`/`onChange` trio. */
export interface ControllableStateOptions<T> {
  /** When defined the state is controlled and always equals it. */
  value: T | undefined;
  /** Initial state when uncontrolled. */
  defaultValue: T;
  /** Called with every change (controlled or not); not called when the value stays the same. */
  onChange?: ((next: T) => void) | undefined;
}

/**
 * The one controlled/uncontrolled pattern: with `value` the caller owns the state and we only
 * report changes; without it we keep our own state, starting at `defaultValue`. Setting the
 * value it already has (by `Object.is`) does nothing.
 */
export function useControllableState<T>({
  value,
  defaultValue,
  onChange,
}: ControllableStateOptions<T>): [T, (next: T) => void] {
  const [own, setOwn] = useState<T>(defaultValue);
  const controlled = value !== undefined;
  const current = controlled ? value : own;
  const currentRef = useRef(current);
  currentRef.current = current;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const set = useCallback(
    (next: T) => {
      if (Object.is(next, currentRef.current)) return;
      // Two calls in one event see each other's value, as the state would after a render.
      currentRef.current = next;
      if (!controlled) setOwn(next);
      onChangeRef.current?.(next);
    },
    [controlled],
  );
  return [current, set];
}
