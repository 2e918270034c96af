import type { IntervalKind } from '@storelens/api';
import type { Dayjs } from './dayjs';

/** A period preset of the date-range picker, or `custom`. */
export type Period =
  | 'today'
  | 'yesterday'
  | 'week'
  | 'last_week'
  | 'month'
  | 'last_month'
  | 'quarter'
  | 'last_quarter'
  | 'year'
  | 'last_year'
  | 'custom';

/** A comparison option: the range the primary one is compared with. */
export type Compare = 'previous_period' | 'previous_year';

/** A chart/report interval, finest first. */
export type Interval = IntervalKind;

/** A calendar unit a preset period is built on. */
export type PeriodUnit = 'day' | 'week' | 'month' | 'quarter' | 'year';

/** Chart types a report query can ask for. */
export type ChartType = 'line' | 'bar';

/** Anything the helpers accept as a date: ISO text, a `Date`, epoch milliseconds or dayjs. */
export type DateInput = string | number | Date | Dayjs;

/** The report query parameters the date helpers read; other parameters are ignored. */
export interface DateQuery {
  readonly period?: string | undefined;
  readonly compare?: string | undefined;
  readonly after?: string | undefined;
  readonly before?: string | undefined;
  readonly interval?: string | undefined;
  readonly type?: string | undefined;
  /** The chart's type toggle (`line` or `bar`). */
  readonly chartType?: string | undefined;
  readonly [key: string]: unknown;
}

/** A value with a translated label, as listed in pickers. */
export interface LabelledOption<V extends string> {
  readonly value: V;
  readonly label: string;
}

/** Primary and secondary (comparison) ranges of a period. */
export interface DateValue {
  primaryStart: Dayjs;
  primaryEnd: Dayjs;
  secondaryStart: Dayjs;
  secondaryEnd: Dayjs;
}

/** Date parameters read from a query, with defaults filled in. */
export interface DateParams {
  period: Period;
  compare: Compare;
  /** Start day of a custom range (store-local start of day), else null. */
  after: Dayjs | null;
  /** End day of a custom range (store-local start of day), else null. */
  before: Dayjs | null;
}

/** One range as shown by the picker: its label, its readable range and its ends. */
export interface DateRangeOption {
  label: string;
  range: string;
  after: Dayjs;
  before: Dayjs;
}

/** The primary range and the range it is compared with. */
export interface CurrentDates {
  primary: DateRangeOption;
  secondary: DateRangeOption;
}
