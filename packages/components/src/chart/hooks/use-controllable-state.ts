import { useCallback, useRef, useState } from 'react';

/** Options of the value / defaultValue / onChange pattern. */
export interface ControllableStateOptions<T> {
  /** The controlled value; when defined the caller owns the state. */
  value?: T | undefined;
  /** The starting value when uncontrolled. */
  defaultValue: T;
  /** Called with every requested change, controlled or not. */
  onChange?: ((next: T) => void) | undefined;
}

/**
 * The shared controlled/uncontrolled pattern: controlled when `value` is defined (the setter
 * only reports through `onChange`), otherwise self-held, seeded by `defaultValue`.
 */
export function useControllableState<T>({
  value,
  defaultValue,
  onChange,
}: ControllableStateOptions<T>): [T, (next: T) => void] {
  const [own, setOwn] = useState<T>(defaultValue);
  const isControlled = value !== undefined;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const set = useCallback(
    (next: T) => {
      if (!isControlled) setOwn(next);
      onChangeRef.current?.(next);
    },
    [isControlled],
  );
  return [isControlled ? value : own, set];
}
