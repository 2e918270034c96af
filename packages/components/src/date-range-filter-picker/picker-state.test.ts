import { setStoreTimezone } from '@storelens/date';
import {
  canUpdate,
  customRange,
  initialPickerState,
  type PickerAction,
  type PickerState,
  pickerReducer,
  toUpdate,
} from './picker-state';
import { getToggleLabels } from './toggle-labels';
import { numberOfMonthsFor } from './use-small-mobile';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2024-01-16T03:00:00Z')); // store today: Jan 15, 2024
  setStoreTimezone('America/New_York');
});
afterEach(() => {
  vi.useRealTimers();
  setStoreTimezone('UTC');
});

const run = (state: PickerState, ...actions: PickerAction[]) =>
  actions.reduce(pickerReducer, state);
const customQuery = {
  period: 'custom',
  compare: 'previous_period',
  after: '2024-01-02',
  before: '2024-01-09',
};

describe('initialPickerState', () => {
  it('opens presets on a preset query, with empty custom days', () => {
    expect(initialPickerState({ period: 'last_week', compare: 'previous_period' })).toEqual({
      tab: 'presets',
      period: 'last_week',
      compare: 'previous_period',
      afterText: '',
      beforeText: '',
      focusedInput: 'start',
      lastEdited: 'end',
    });
  });

  it('defaults to month vs previous year', () => {
    expect(initialPickerState({})).toMatchObject({ period: 'month', compare: 'previous_year' });
  });

  it('opens the custom tab on a custom query with its days shown as MM/DD/YYYY', () => {
    expect(initialPickerState(customQuery)).toMatchObject({
      tab: 'custom',
      afterText: '01/02/2024',
      beforeText: '01/09/2024',
    });
  });
});

describe('pickerReducer', () => {
  it('choosing Presets while the period is custom sets Today', () => {
    const state = run(initialPickerState(customQuery), { type: 'selectTab', tab: 'presets' });
    expect([state.tab, state.period]).toEqual(['presets', 'today']);
  });

  it('choosing Presets keeps a preset period', () => {
    const state = run(
      initialPickerState({ period: 'year' }),
      { type: 'selectTab', tab: 'custom' },
      { type: 'selectTab', tab: 'presets' },
    );
    expect(state.period).toBe('year');
  });

  it('reset clears both days and focuses the start', () => {
    const state = run(
      initialPickerState(customQuery),
      { type: 'focusInput', input: 'end' },
      { type: 'reset' },
    );
    expect(state).toMatchObject({ afterText: '', beforeText: '', focusedInput: 'start' });
  });

  it('picking a start moves to the end; picking the end completes the range', () => {
    const state = run(
      { ...initialPickerState({}), tab: 'custom' },
      { type: 'pickDay', day: '2024-01-03' },
    );
    expect(state).toMatchObject({ afterText: '01/03/2024', beforeText: '', focusedInput: 'end' });
    expect(run(state, { type: 'pickDay', day: '2024-01-08' })).toMatchObject({
      afterText: '01/03/2024',
      beforeText: '01/08/2024',
    });
  });

  it('an end before the start resets per the focused field', () => {
    const start = initialPickerState(customQuery); // 01/02 – 01/09, start focused
    // Start focused, picked after the end: the end is cleared.
    expect(run(start, { type: 'pickDay', day: '2024-01-12' })).toMatchObject({
      afterText: '01/12/2024',
      beforeText: '',
    });
    // End focused, picked before the start: it becomes the start and the end is cleared.
    expect(
      run(start, { type: 'focusInput', input: 'end' }, { type: 'pickDay', day: '2024-01-01' }),
    ).toMatchObject({ afterText: '01/01/2024', beforeText: '' });
  });
});

describe('Update', () => {
  it('is always enabled for presets and sends after/before undefined', () => {
    const state = run(
      initialPickerState(customQuery),
      { type: 'selectTab', tab: 'presets' },
      {
        type: 'selectPreset',
        period: 'last_month',
      },
    );
    expect(canUpdate(state)).toBe(true);
    expect(toUpdate(state)).toEqual({
      period: 'last_month',
      compare: 'previous_period',
      after: undefined,
      before: undefined,
    });
  });

  it('is enabled for custom only with both days valid, and sends ISO days', () => {
    const empty = { ...initialPickerState({}), tab: 'custom' as const };
    expect(canUpdate(empty)).toBe(false);
    const onlyStart = run(empty, { type: 'typeStart', text: '01/02/2024' });
    expect(canUpdate(onlyStart)).toBe(false);
    const both = run(onlyStart, { type: 'typeEnd', text: '2024-01-09' });
    expect(canUpdate(both)).toBe(true);
    expect(toUpdate(both)).toEqual({
      period: 'custom',
      compare: 'previous_year',
      after: '2024-01-02',
      before: '2024-01-09',
    });
  });

  it('is disabled while a day has an error', () => {
    const base = { ...initialPickerState({}), tab: 'custom' as const };
    const reversed = run(
      base,
      { type: 'typeStart', text: '01/09/2024' },
      { type: 'typeEnd', text: '01/02/2024' },
    );
    expect(customRange(reversed).before.error).toBe('Start date must be before end date');
    // Only the field typed in last carries the order error.
    expect(customRange(reversed).after.error).toBeNull();
    const startLast = run(reversed, { type: 'typeStart', text: '01/10/2024' });
    expect(customRange(startLast).after.error).toBe('Start date must be before end date');
    expect(customRange(startLast).before.error).toBeNull();
    expect(canUpdate(startLast)).toBe(false);
    expect(canUpdate(reversed)).toBe(false);
    const future = run(
      base,
      { type: 'typeStart', text: '01/02/2024' },
      { type: 'typeEnd', text: '01/16/2024' },
    );
    expect(canUpdate(future)).toBe(false);
    expect(toUpdate(future)).toBeNull();
  });
});

describe('toggle labels and months', () => {
  it('shows the primary range and the vs. secondary range', () => {
    expect(getToggleLabels({})).toEqual({
      primary: 'Month to date (Jan 1 - 15, 2024)',
      secondary: 'vs. Previous year (Jan 1 - 15, 2023)',
    });
    expect(getToggleLabels(customQuery)).toEqual({
      primary: 'Custom (Jan 2 - 9, 2024)',
      secondary: 'vs. Previous period (Dec 25, 2023 - Jan 1, 2024)',
    });
  });

  it('shows 2 months unless on a small mobile', () => {
    expect(numberOfMonthsFor(false)).toBe(2);
    expect(numberOfMonthsFor(true)).toBe(1);
  });
});
