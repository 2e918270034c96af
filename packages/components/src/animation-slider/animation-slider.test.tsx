import { act, render, screen } from '@testing-library/react';
import { AnimationSlider } from './animation-slider';

const statuses = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('[data-status]')].map(
    (el) => `${el.textContent}:${el.dataset.status}`,
  );

describe('AnimationSlider', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the first content without animating', () => {
    const { container } = render(
      <AnimationSlider animationKey="a" animate="left">
        Page A
      </AnimationSlider>,
    );
    expect(statuses(container)).toEqual(['Page A:entered']);
  });

  it('slides through entering/exiting, entered/exited and unmounted in 200 ms', () => {
    const onExited = vi.fn();
    const { container, rerender } = render(
      <AnimationSlider animationKey="a" animate="left" onExited={onExited}>
        Page A
      </AnimationSlider>,
    );
    rerender(
      <AnimationSlider animationKey="b" animate="left" onExited={onExited}>
        Page B
      </AnimationSlider>,
    );
    expect(statuses(container)).toEqual(['Page A:exiting', 'Page B:entering']);
    expect(screen.getByText('Page A')).toHaveAttribute('aria-hidden', 'true');
    act(() => vi.advanceTimersByTime(199));
    expect(statuses(container)).toEqual(['Page A:exiting', 'Page B:entering']);
    act(() => vi.advanceTimersByTime(1));
    expect(statuses(container)).toEqual(['Page A:exited', 'Page B:entered']);
    act(() => vi.advanceTimersByTime(0));
    expect(statuses(container)).toEqual(['Page B:entered']);
    expect(onExited).toHaveBeenCalledWith('a');
  });

  it('skips the travel time when the user prefers reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const { container, rerender } = render(
      <AnimationSlider animationKey="a" animate="right">
        Page A
      </AnimationSlider>,
    );
    rerender(
      <AnimationSlider animationKey="b" animate="right">
        Page B
      </AnimationSlider>,
    );
    act(() => vi.advanceTimersByTime(0));
    act(() => vi.advanceTimersByTime(0));
    expect(statuses(container)).toEqual(['Page B:entered']);
  });

  it('updates the current content without animating when the key stays', () => {
    const { container, rerender } = render(
      <AnimationSlider animationKey="a" animate="left">
        Draft
      </AnimationSlider>,
    );
    rerender(
      <AnimationSlider animationKey="a" animate="left">
        Final
      </AnimationSlider>,
    );
    expect(statuses(container)).toEqual(['Final:entered']);
  });
});
