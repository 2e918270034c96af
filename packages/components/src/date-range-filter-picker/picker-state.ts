import {
  type Compare,
  type DateQuery,
  defaultDateRange as DEFAULT_RANGE,
  getDateParamsFromQuery,
  isoDateFormat,
  type Period,
} from '@storelens/date';
import { type DateBound, parseDateText, textToIso, toDateText } from '../date-input/date-text';
import { applyDayClick, type FocusedInput } from './range-click';

/** The tabs of the picker. */
export type PickerTab = 'presets' | 'custom';

/** What the picker sends when Update is pressed; the page writes it to the URL. */
export interface DateRangeUpdate {
  period: Period;
  compare: Compare;
  /** ISO day (YYYY-MM-DD) for custom, undefined for presets. */
  after: string | undefined;
  /** ISO day (YYYY-MM-DD) for custom, undefined for presets. */
  before: string | undefined;
}

/** The draft being edited in the open picker. */
export interface PickerState {
  tab: PickerTab;
  period: Period;
  compare: Compare;
  afterText: string;
  beforeText: string;
  focusedInput: FocusedInput;
  /** The field typed in last: only it shows a start-after-end error, not both. */
  lastEdited: FocusedInput;
}

/** Every change the picker's draft can go through. */
export type PickerAction =
  | { type: 'selectTab'; tab: PickerTab }
  | { type: 'selectPreset'; period: Period }
  | { type: 'selectCompare'; compare: Compare }
  | { type: 'typeStart'; text: string }
  | { type: 'typeEnd'; text: string }
  | { type: 'focusInput'; input: FocusedInput }
  | { type: 'pickDay'; day: string; minimumNights?: number }
  | { type: 'reset' };

/** The draft when the picker opens: the query's period, compare and custom days. */
export function initialPickerState(
  query: DateQuery,
  defaultDateRange: string = DEFAULT_RANGE,
): PickerState {
  const { period, compare, after, before } = getDateParamsFromQuery(query, defaultDateRange);
  return {
    tab: period === 'custom' ? 'custom' : 'presets',
    period,
    compare,
    afterText: after ? toDateText(after.format(isoDateFormat)) : '',
    beforeText: before ? toDateText(before.format(isoDateFormat)) : '',
    focusedInput: 'start',
    lastEdited: 'end',
  };
}

/** The date range picker's state transitions. */
export function pickerReducer(state: PickerState, action: PickerAction): PickerState {
  switch (action.type) {
    case 'selectTab':
      // A custom period has no preset to show: the Presets tab selects Today.
      return {
        ...state,
        tab: action.tab,
        period: action.tab === 'presets' && state.period === 'custom' ? 'today' : state.period,
      };
    case 'selectPreset':
      return { ...state, period: action.period };
    case 'selectCompare':
      return { ...state, compare: action.compare };
    case 'typeStart':
      return { ...state, afterText: action.text, lastEdited: 'start' };
    case 'typeEnd':
      return { ...state, beforeText: action.text, lastEdited: 'end' };
    case 'focusInput':
      return { ...state, focusedInput: action.input };
    case 'pickDay': {
      const range = { after: textToIso(state.afterText), before: textToIso(state.beforeText) };
      const next = applyDayClick(range, action.day, state.focusedInput, action.minimumNights ?? 0);
      return {
        ...state,
        afterText: toDateText(next.range.after),
        beforeText: toDateText(next.range.before),
        focusedInput: next.focusedInput,
      };
    }
    case 'reset':
      return { ...state, afterText: '', beforeText: '', focusedInput: 'start' };
  }
}

/** The range rule each field is checked against: the order rule only on the last-edited one. */
export function rangeBounds(state: PickerState): { start: DateBound; end: DateBound } {
  return {
    start: {
      type: 'start',
      end: state.lastEdited === 'start' ? textToIso(state.beforeText) : null,
    },
    end: { type: 'end', start: state.lastEdited === 'end' ? textToIso(state.afterText) : null },
  };
}

/** The custom range's days and errors, each field checked against its range rule. */
export function customRange(state: PickerState) {
  const bounds = rangeBounds(state);
  return {
    after: parseDateText(state.afterText, bounds.start),
    before: parseDateText(state.beforeText, bounds.end),
  };
}

/** Update is enabled for any preset, and for Custom only with compare, after and before set. */
export function canUpdate(state: PickerState): boolean {
  if (state.tab === 'presets') return state.period !== 'custom';
  const { after, before } = customRange(state);
  return Boolean(state.compare && after.date && before.date);
}

/** The update sent by Update: custom with ISO days, or a preset with after/before undefined. */
export function toUpdate(state: PickerState): DateRangeUpdate | null {
  if (!canUpdate(state)) return null;
  if (state.tab === 'presets') {
    return { period: state.period, compare: state.compare, after: undefined, before: undefined };
  }
  const { after, before } = customRange(state);
  return {
    period: 'custom',
    compare: state.compare,
    after: after.date ?? undefined,
    before: before.date ?? undefined,
  };
}
