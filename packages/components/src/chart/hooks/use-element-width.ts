import { useLayoutEffect, useState } from 'react';

/**
 * The width of an element, kept up to date with a ResizeObserver. Undefined until the element
 * has been measured, which happens in a layout effect before the first paint, so callers can
 * skip heavy drawing until the real width is known. A zero width (jsdom, a hidden parent)
 * gives `fallback`; without ResizeObserver the first measurement stays.
 */
export function useElementWidth(element: HTMLElement | null, fallback: number): number | undefined {
  const [width, setWidth] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    if (!element) return;
    const measured = Math.round(element.getBoundingClientRect().width);
    setWidth(measured > 0 ? measured : fallback);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const next = entries[0]?.contentRect.width;
      if (next !== undefined && next > 0) setWidth(Math.round(next));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, fallback]);
  return width;
}
