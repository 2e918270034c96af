import { throttle } from './throttle';

describe('throttle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2024, 0, 1));
  });
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once and at most once more per window', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 300);
    throttled(1);
    expect(fn).toHaveBeenCalledTimes(1);
    throttled(2);
    throttled(3);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(299);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(fn).toHaveBeenLastCalledWith(3);
  });

  it('runs again immediately once the window has passed', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 300);
    throttled();
    vi.advanceTimersByTime(300);
    throttled();
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('drops the trailing call when cancelled', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 300);
    throttled();
    throttled();
    throttled.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
