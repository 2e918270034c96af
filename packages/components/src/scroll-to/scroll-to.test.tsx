import { act, render } from '@testing-library/react';
import { ScrollTo } from './scroll-to';

describe('ScrollTo', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('scrolls to its content 250 ms after mounting', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      top: 500,
    } as DOMRect);
    render(
      <ScrollTo offset="-50">
        <p>Target</p>
      </ScrollTo>,
    );
    act(() => vi.advanceTimersByTime(249));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scrollTo).toHaveBeenCalledWith({ top: 450, behavior: 'smooth' });
  });

  it('does not scroll when removed before the delay', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { unmount } = render(<ScrollTo>Target</ScrollTo>);
    unmount();
    act(() => vi.advanceTimersByTime(1000));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
