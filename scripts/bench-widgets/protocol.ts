/** What the bench page measures and hands back to the runner (through `window.storelensBench`). */

/** One measured run: render start to committed DOM with layout, and to the next frame. */
export interface WidgetSample {
  /** From the start of the render (or the click) until React committed and layout was computed. */
  commitMs: number;
  /** From the same start until after the next animation frame (the browser had its chance to paint). */
  frameMs: number;
}

/** Samples of one benchmark plus facts checked after the runs, so a broken page is noticed. */
export interface WidgetResult {
  /** Measured runs (after warm-up). */
  samples: WidgetSample[];
  /** Human-readable facts about what was rendered, e.g. the plot width. */
  facts: string[];
}

/** The functions the bench page exposes to the runner. */
export interface WidgetBenchApi {
  /** Mounts the chart (type as given) `warmup + runs` times into fresh roots. */
  chart(type: 'line' | 'bar', warmup: number, runs: number): Promise<WidgetResult>;
  /** Clicks sortable headers of the 100-row table `warmup + runs` times. */
  table(warmup: number, runs: number): Promise<WidgetResult>;
}

declare global {
  interface Window {
    /** Set by the bench page once it is ready. */
    storelensBench?: WidgetBenchApi;
  }
}
