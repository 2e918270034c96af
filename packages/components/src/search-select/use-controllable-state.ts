import { useCallback, useRef, useState } from 'react';

/** Arguments of useControllableState: the `value`/`defaultValue`/`onChange` trio. */
export interface ControllableStateOptions<T> {
  /** When defined the state is controlled and always equals it. */
  value: T | undefined;
  /** Initial state when uncontrolled. */
  defaultValue: T;
  /** Called with every requested change, controlled or not. */
  onChange?: ((next: T) => void) | undefined;
}

/**
 * The one controlled/uncontrolled pattern: with `value` the caller owns the state and we only
 * report changes; without it we keep our own state, starting at `defaultValue`.
 */
export function useControllableState<T>({
  value,
  defaultValue,
  onChange,
}: ControllableStateOptions<T>): [T, (next: T) => void] {
  const [own, setOwn] = useState<T>(defaultValue);
  const controlled = value !== undefined;
  const current = controlled ? value : own;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const set = useCallback(
    (next: T) => {
      if (!controlled) setOwn(next);
      onChangeRef.current?.(next);
    },
    [controlled],
  );
  return [current, set];
}
