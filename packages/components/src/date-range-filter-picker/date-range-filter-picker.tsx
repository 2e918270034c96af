import { FloatingFocusManager } from '@floating-ui/react';
import {
  type Compare,
  type DateQuery,
  defaultDateRange as DEFAULT_RANGE,
  isCompare,
  type Period,
  periods,
  presetValues,
} from '@storelens/date';
import { __ } from '@storelens/i18n';
import { type KeyboardEvent, useEffect, useId, useReducer, useRef, useState } from 'react';
import { Calendar } from '../calendar/calendar';
import { textToIso } from '../date-input/date-text';
import { DateTextField } from '../date-input/date-text-field';
import { usePopover } from '../primitives/use-popover';
import { SegmentedSelection } from '../segmented-selection/segmented-selection';
import {
  canUpdate,
  type DateRangeUpdate,
  initialPickerState,
  type PickerTab,
  pickerReducer,
  rangeBounds,
  toUpdate,
} from './picker-state';
import { getToggleLabels } from './toggle-labels';
import { numberOfMonthsFor, useSmallMobile } from './use-small-mobile';
import './date-range-filter-picker.css';

/** Props of DateRangeFilterPicker. */
export interface DateRangeFilterPickerProps {
  /** The URL query object (period, compare, after, before are read). */
  query: DateQuery;
  /** Called by Update with the new date parameters; the page writes them to the URL. */
  onRangeSelect: (update: DateRangeUpdate) => void;
  /** Date range used when the query has none (default `period=month&compare=previous_year`). */
  defaultDateRange?: string | undefined;
  /** Extra class on the root. */
  className?: string | undefined;
}

/**
 * The report date-range dropdown: a toggle showing the primary range and the 'vs.' range, and
 * a popover with Presets and Custom tabs, the compare selector, Reset and Update.
 */
export function DateRangeFilterPicker({
  query,
  onRangeSelect,
  defaultDateRange = DEFAULT_RANGE,
  className,
}: DateRangeFilterPickerProps) {
  const [open, setOpen] = useState(false);
  const { refs, floatingStyles, context, getReferenceProps, getFloatingProps } = usePopover({
    open,
    onOpenChange: setOpen,
    role: 'dialog',
    toggleOnClick: true,
  });
  const labels = getToggleLabels(query, defaultDateRange);
  const titleId = useId();

  return (
    <div className={['sl-date-range-picker', className].filter(Boolean).join(' ')}>
      <span id={titleId} className="sl-date-range-picker__title">
        {__('Date range')}:
      </span>
      <button
        ref={refs.setReference}
        type="button"
        className="sl-date-range-picker__toggle"
        aria-describedby={titleId}
        {...getReferenceProps()}
      >
        <span className="sl-date-range-picker__primary">{labels.primary}</span>{' '}
        <span className="sl-date-range-picker__secondary">{labels.secondary}</span>
      </button>
      {open && (
        <FloatingFocusManager context={context} modal={false} initialFocus={-1}>
          <div
            ref={refs.setFloating}
            className="sl-date-range-picker__popover"
            role="dialog"
            style={floatingStyles}
            aria-label={__('Select date range and comparison')}
            {...getFloatingProps()}
          >
            <PickerContent
              query={query}
              defaultDateRange={defaultDateRange}
              onUpdate={(update) => {
                onRangeSelect(update);
                setOpen(false);
              }}
            />
          </div>
        </FloatingFocusManager>
      )}
    </div>
  );
}

interface PickerContentProps {
  query: DateQuery;
  defaultDateRange: string;
  onUpdate: (update: DateRangeUpdate) => void;
}

const TABS: PickerTab[] = ['presets', 'custom'];

/** The popover's content; mounted on open, so each opening starts from the query. */
function PickerContent({ query, defaultDateRange, onUpdate }: PickerContentProps) {
  const [state, dispatch] = useReducer(pickerReducer, undefined, () =>
    initialPickerState(query, defaultDateRange),
  );
  const numberOfMonths = numberOfMonthsFor(useSmallMobile());
  const id = useId();
  const startRef = useRef<HTMLInputElement | null>(null);
  const endRef = useRef<HTMLInputElement | null>(null);
  const tabRefs = useRef<Record<PickerTab, HTMLButtonElement | null>>({
    presets: null,
    custom: null,
  });
  const tabLabel = (tab: PickerTab) => (tab === 'presets' ? __('Presets') : __('Custom'));
  const update = toUpdate(state);

  // On open, focus goes to the selected tab (done here, synchronously, rather than on a frame).
  const initialTab = useRef(state.tab);
  useEffect(() => {
    tabRefs.current[initialTab.current]?.focus();
  }, []);
  const bounds = rangeBounds(state);

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.indexOf(state.tab);
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: TABS.length - 1 - index }[
      event.key
    ];
    if (step === undefined) return;
    event.preventDefault();
    const next = TABS[(index + step + TABS.length) % TABS.length] as PickerTab;
    dispatch({ type: 'selectTab', tab: next });
    tabRefs.current[next]?.focus();
  };

  const pickDay = (day: string) => {
    const wasStart = state.focusedInput === 'start';
    dispatch({ type: 'pickDay', day });
    if (wasStart) endRef.current?.focus();
  };

  const reset = () => {
    dispatch({ type: 'reset' });
    startRef.current?.focus();
  };

  return (
    <div className="sl-date-range-picker__content">
      <div role="tablist" aria-label={__('Date range type')} className="sl-date-range-picker__tabs">
        {TABS.map((tab) => (
          <button
            key={tab}
            ref={(node) => {
              tabRefs.current[tab] = node;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab}`}
            aria-selected={state.tab === tab}
            aria-controls={`${id}-panel-${tab}`}
            tabIndex={state.tab === tab ? 0 : -1}
            className="sl-date-range-picker__tab"
            onClick={() => dispatch({ type: 'selectTab', tab })}
            onKeyDown={onTabKeyDown}
          >
            {tabLabel(tab)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel-presets`}
        aria-labelledby={`${id}-tab-presets`}
        hidden={state.tab !== 'presets'}
        className="sl-date-range-picker__panel"
      >
        {state.tab === 'presets' && (
          <SegmentedSelection
            name={`${id}-period`}
            legend={__('Select a preset period')}
            options={presetValues.filter((preset) => preset.value !== 'custom')}
            value={state.period}
            onChange={(period) => dispatch({ type: 'selectPreset', period: period as Period })}
          />
        )}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel-custom`}
        aria-labelledby={`${id}-tab-custom`}
        hidden={state.tab !== 'custom'}
        className="sl-date-range-picker__panel"
      >
        {state.tab === 'custom' && (
          <>
            <div className="sl-date-range-picker__inputs">
              <DateTextField
                label={__('Start Date')}
                ref={startRef}
                value={state.afterText}
                bound={bounds.start}
                active={state.focusedInput === 'start'}
                onFocus={() => dispatch({ type: 'focusInput', input: 'start' })}
                onChange={(text) => dispatch({ type: 'typeStart', text })}
              />
              <DateTextField
                label={__('End Date')}
                ref={endRef}
                value={state.beforeText}
                bound={bounds.end}
                active={state.focusedInput === 'end'}
                onFocus={() => dispatch({ type: 'focusInput', input: 'end' })}
                onChange={(text) => dispatch({ type: 'typeEnd', text })}
              />
            </div>
            <Calendar
              mode="range"
              numberOfMonths={numberOfMonths}
              selected={{ after: textToIso(state.afterText), before: textToIso(state.beforeText) }}
              onSelect={pickDay}
            />
          </>
        )}
      </div>
      <div className="sl-date-range-picker__footer">
        <label className="sl-date-range-picker__compare">
          <span>{__('compare to')}</span>
          <select
            value={state.compare}
            onChange={(event) => {
              const compare: unknown = event.target.value;
              if (isCompare(compare))
                dispatch({ type: 'selectCompare', compare: compare as Compare });
            }}
          >
            {periods.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <div className="sl-date-range-picker__actions">
          {state.tab === 'custom' && (
            <button type="button" className="sl-date-range-picker__reset" onClick={reset}>
              {__('Reset')}
            </button>
          )}
          <button
            type="button"
            className="sl-date-range-picker__update"
            disabled={!canUpdate(state)}
            onClick={() => {
              if (update) onUpdate(update);
            }}
          >
            {__('Update')}
          </button>
        </div>
      </div>
    </div>
  );
}
