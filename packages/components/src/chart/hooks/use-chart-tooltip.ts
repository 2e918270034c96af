import { useCallback, useEffect, useState } from 'react';
import { TOOLTIP_SCROLL_THROTTLE_MS } from '../constants';
import { throttle } from '../helpers/throttle';

/** What opened the tooltip: the pointer over the plot, or keyboard focus on a data point. */
export type TooltipSource = 'pointer' | 'keyboard';

/** Tooltip state: closed, or open at a date index. */
export type TooltipState = { open: false } | { open: true; index: number; source: TooltipSource };

/** The tooltip state and its commands. */
export interface ChartTooltip {
  /** Current state. */
  state: TooltipState;
  /** Opens (or moves) the tooltip at a date index. */
  show: (index: number, source: TooltipSource) => void;
  /** Closes the tooltip. */
  hide: () => void;
}

/** Holds the tooltip state and hides the tooltip when the page scrolls (throttled 300 ms). */
export function useChartTooltip(): ChartTooltip {
  const [state, setState] = useState<TooltipState>({ open: false });
  const show = useCallback((index: number, source: TooltipSource) => {
    setState((previous) =>
      previous.open && previous.index === index && previous.source === source
        ? previous
        : { open: true, index, source },
    );
  }, []);
  const hide = useCallback(() => {
    setState((previous) => (previous.open ? { open: false } : previous));
  }, []);
  const isOpen = state.open;
  useEffect(() => {
    if (!isOpen) return;
    const onScroll = throttle(hide, TOOLTIP_SCROLL_THROTTLE_MS);
    window.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => {
      onScroll.cancel();
      window.removeEventListener('scroll', onScroll, { capture: true });
    };
  }, [isOpen, hide]);
  return { state, show, hide };
}
