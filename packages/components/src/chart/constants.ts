/** The most series that may be visible at once. */
export const MAX_VISIBLE_SERIES = 5;

/** Number of colours in the chart palette (--sl-chart-1 … --sl-chart-5). */
export const PALETTE_SIZE = 5;

/** Plot margins around the axes, in px. */
export const CHART_MARGIN = { top: 0, right: 30, bottom: 50, left: 80 } as const;

/** Width used until the container has been measured. */
export const DEFAULT_CHART_WIDTH = 600;

/** Height used when the viewport is unknown. */
export const DEFAULT_CHART_HEIGHT = 200;

/** Width the side legend takes. */
export const SIDE_LEGEND_WIDTH = 320;

/** Minimum gap between tooltip refreshes on scroll. */
export const TOOLTIP_SCROLL_THROTTLE_MS = 300;

/** Default d3-time-format parser for row dates. */
export const DEFAULT_DATE_PARSER = '%Y-%m-%dT%H:%M:%S';

/** Above this many dates one roving data point is rendered instead of one per date. */
export const MAX_FOCUSABLE_POINTS = 400;

/** Above this many dates per series, line charts draw no dots except on the active date. */
export const MAX_LINE_DOTS = 60;

/** Viewport breakpoints in px (mobile below medium, large from large, wide from wide). */
export const BREAKPOINTS = { medium: 782, large: 960, wide: 1280 } as const;

/** Second-line x labels (month, year) closer than this many px to the previous one are left out. */
export const MIN_SECOND_LINE_GAP = 80;
