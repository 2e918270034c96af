import { useCallback, useRef, useState } from 'react';

/** Props of the one controlled/uncontrolled pattern: `value`, `defaultValue`, `onChange`. */
export interface ControllableStateOptions<T> {
  /** The controlled value; when defined the caller owns the state. */
  value?: T | undefined;
  /** The starting value when uncontrolled. */
  defaultValue: T;
  /** Called with every requested change, controlled or not. */
  onChange?: ((next: T) => void) | undefined;
}

/**
 * Returns the current value and a setter. Controlled when `value` is defined (the setter only
 * reports through `onChange`), otherwise keeps its own state seeded by `defaultValue`.
 */
export function useControllableState<T>({
  value,
  defaultValue,
  onChange,
}: ControllableStateOptions<T>): [T, (next: T) => void] {
  const [inner, setInner] = useState<T>(defaultValue);
  const isControlled = value !== undefined;
  const current = isControlled ? value : inner;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const setValue = useCallback(
    (next: T) => {
      if (!isControlled) setInner(next);
      onChangeRef.current?.(next);
    },
    [isControlled],
  );
  return [current, setValue];
}
