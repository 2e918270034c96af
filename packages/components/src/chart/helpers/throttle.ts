/** A throttled function and a way to drop its pending trailing call. */
export interface Throttled<A extends unknown[]> {
  /** Calls through at most once per wait; the last call in a window runs at its end. */
  (...args: A): void;
  /** Drops a pending trailing call. */
  cancel(): void;
}

/** Throttles `fn` to one call per `wait` ms: the first call runs at once, the last one trails. */
export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  wait: number,
): Throttled<A> {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const run = (args: A) => {
    last = Date.now();
    fn(...args);
  };
  const throttled = (...args: A) => {
    const remaining = wait - (Date.now() - last);
    if (remaining <= 0) {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      run(args);
      return;
    }
    pending = args;
    if (timer === undefined) {
      timer = setTimeout(() => {
        timer = undefined;
        if (pending) run(pending);
        pending = undefined;
      }, remaining);
    }
  };
  throttled.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return throttled;
}
