/** One series' reading at a date: the value, an optional label and the real date it stands for. */
export interface ChartPoint {
  /** The plotted number. */
  value: number;
  /** The series' display label (the legend uses the first row's label). */
  label?: string;
  /** The date this value really belongs to (time-comparison secondary series), as text. */
  labelDate?: string;
  /** The last date the value covers when it stands for more than one (a 29 February added
   * to the 28th of a comparison year), as text. */
  labelDateEnd?: string;
}

/** One chart data row: a date and one entry per series key. */
export type ChartDataRow = { date: string } & { [seriesKey: string]: ChartPoint | string };

/** Chart modes: compare items against each other, or a period against another period. */
export type ChartMode = 'item-comparison' | 'time-comparison';

/** Chart types. */
export type ChartType = 'line' | 'bar';

/** Report intervals, smallest first. */
export type ChartInterval = 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';

/** Where the legend sits relative to the plot. */
export type LegendPosition = 'top' | 'side' | 'bottom';

/** How values are formatted: plain numbers, averages or money. */
export type ChartValueType = 'average' | 'currency' | 'number';

/** A series key entry: the key, its label, its total and its legend state. */
export interface SeriesEntry {
  /** The key used in the data rows. */
  key: string;
  /** The label shown in the legend and tooltip. */
  label: string;
  /** The series' total: its `legendTotals` entry, else the sum of its values. */
  total: number;
  /** Whether the series is drawn. */
  visible: boolean;
  /** Whether the series is highlighted (true for all when nothing is highlighted). */
  focus: boolean;
  /** Index into the chart palette (0–4). */
  colorIndex: number;
}

/** The store currency, as far as the chart needs it (a subset of the currency settings). */
export interface ChartCurrency {
  /** The currency symbol, e.g. '$' or '€'. */
  symbol: string;
  /** Where the symbol goes; 'left' by default. */
  symbolPosition?: 'left' | 'right' | 'left_space' | 'right_space';
  /** Decimal separator; '.' by default. */
  decimalSeparator?: string;
  /** Thousands separator; ',' by default. */
  thousandSeparator?: string;
}

/** d3-time-format specifiers used for one interval's axis and tooltip labels. */
export interface ChartDateFormats {
  /** The tooltip heading. */
  tooltipLabelFormat: string;
  /** The first line of an x-axis label. */
  xFormat: string;
  /** The second line of an x-axis label, shown when it changes from the previous tick. */
  x2Format: string;
}
