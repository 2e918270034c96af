import { type ReactNode, useEffect, useRef } from 'react';
import { useMediaQuery } from '../summary-numbers/use-media-query';
import { SCROLL_DELAY, scrollTarget } from './scroll';

/** Props of {@link ScrollTo}. */
export interface ScrollToProps {
  /** The content scrolled into view. */
  children: ReactNode;
  /** Pixels added to the target (negative leaves room above, e.g. for a fixed header). */
  offset?: number | string;
  /** Wait before scrolling, in milliseconds; defaults to 250. */
  delay?: number;
}

/** Scrolls the page to its content shortly after it mounts (smoothly unless motion is reduced). */
export function ScrollTo({ children, offset = 0, delay = SCROLL_DELAY }: ScrollToProps) {
  const ref = useRef<HTMLDivElement | null>(null);
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)');
  const settings = useRef({ offset, reduced });
  settings.current = { offset, reduced };

  useEffect(() => {
    const timer = setTimeout(() => {
      const element = ref.current;
      if (!element) return;
      const { offset: extra, reduced: instant } = settings.current;
      window.scrollTo({
        top: scrollTarget(element.getBoundingClientRect().top, window.scrollY, extra),
        behavior: instant ? 'auto' : 'smooth',
      });
    }, delay);
    return () => clearTimeout(timer);
  }, [delay]);

  return <div ref={ref}>{children}</div>;
}
