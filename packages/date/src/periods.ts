import { endOfWeek, startOfWeek, storeNow } from './clock';
import { type Dayjs, subtractUnits } from './dayjs';
import type { Compare, DateValue, Period, PeriodUnit } from './types';

/** Start of the `unit` containing `date`; weeks follow the store's week start. */
export function startOfUnit(date: Dayjs, unit: PeriodUnit): Dayjs {
  return unit === 'week' ? startOfWeek(date) : date.startOf(unit);
}

/** Last moment of the `unit` containing `date`; weeks follow the store's week start. */
export function endOfUnit(date: Dayjs, unit: PeriodUnit): Dayjs {
  return unit === 'week' ? endOfWeek(date) : date.endOf(unit);
}

/** `date` moved back by one `unit`; month, quarter and year clamp to the month's last day. */
function back(date: Dayjs, unit: PeriodUnit): Dayjs {
  return subtractUnits(date, 1, unit);
}

/**
 * The period so far ("to date"): from the start of the current `unit` to now in the store's
 * zone, and the same stretch of the previous unit (`previous_period`) or of the previous year
 * (`previous_year`; for weeks, the week that contained the same day a year ago).
 */
export function getCurrentPeriod(unit: PeriodUnit, compare: Compare): DateValue {
  const primaryEnd = storeNow();
  const primaryStart = startOfUnit(primaryEnd, unit);
  if (compare === 'previous_period') {
    return {
      primaryStart,
      primaryEnd,
      secondaryStart: back(primaryStart, unit),
      secondaryEnd: back(primaryEnd, unit),
    };
  }
  if (unit === 'week') {
    const secondaryStart = startOfWeek(primaryStart.subtract(1, 'year'));
    return {
      primaryStart,
      primaryEnd,
      secondaryStart,
      secondaryEnd: secondaryStart.add(primaryEnd.diff(primaryStart)),
    };
  }
  return {
    primaryStart,
    primaryEnd,
    secondaryStart: primaryStart.subtract(1, 'year'),
    secondaryEnd: primaryEnd.subtract(1, 'year'),
  };
}

/**
 * The whole previous `unit` (yesterday, last week, last month…) and the whole unit before it
 * (`previous_period`) or the same unit a year earlier (`previous_year`). Ends are the last
 * moment of their day, so month lengths and 29 February are respected.
 */
export function getLastPeriod(unit: PeriodUnit, compare: Compare): DateValue {
  const primaryStart = startOfUnit(back(startOfUnit(storeNow(), unit), unit), unit);
  const primaryEnd = endOfUnit(primaryStart, unit);
  let secondaryStart: Dayjs;
  if (compare === 'previous_period') {
    secondaryStart = startOfUnit(back(primaryStart, unit), unit);
  } else if (unit === 'week') {
    secondaryStart = startOfWeek(primaryStart.subtract(1, 'year'));
  } else {
    secondaryStart = primaryStart.subtract(1, 'year');
  }
  return {
    primaryStart,
    primaryEnd,
    secondaryStart,
    secondaryEnd: endOfUnit(secondaryStart, unit),
  };
}

/**
 * A custom range from the `after` day to the `before` day, compared with the same number of
 * days ending the day before `after` (`previous_period`) or the same days a year earlier.
 */
export function getCustomPeriod(after: Dayjs, before: Dayjs, compare: Compare): DateValue {
  const primaryStart = after.startOf('day');
  const primaryEnd = before.endOf('day');
  if (compare === 'previous_period') {
    const span = before.startOf('day').diff(primaryStart, 'day');
    const secondaryEnd = primaryStart.subtract(1, 'day').endOf('day');
    return {
      primaryStart,
      primaryEnd,
      secondaryStart: secondaryEnd.subtract(span, 'day').startOf('day'),
      secondaryEnd,
    };
  }
  return {
    primaryStart,
    primaryEnd,
    secondaryStart: primaryStart.subtract(1, 'year'),
    secondaryEnd: primaryEnd.subtract(1, 'year').endOf('day'),
  };
}

const PRESET_UNITS: Record<Exclude<Period, 'custom'>, ['current' | 'last', PeriodUnit]> = {
  today: ['current', 'day'],
  yesterday: ['last', 'day'],
  week: ['current', 'week'],
  last_week: ['last', 'week'],
  month: ['current', 'month'],
  last_month: ['last', 'month'],
  quarter: ['current', 'quarter'],
  last_quarter: ['last', 'quarter'],
  year: ['current', 'year'],
  last_year: ['last', 'year'],
};

/**
 * The primary and secondary ranges of a period; `after` and `before` are required for
 * `custom` (throws without them).
 */
export function getDateValue(
  period: Period,
  compare: Compare,
  after?: Dayjs | null,
  before?: Dayjs | null,
): DateValue {
  if (period === 'custom') {
    if (!after || !before) throw new Error('A custom period needs both after and before dates');
    return getCustomPeriod(after, before, compare);
  }
  const [kind, unit] = PRESET_UNITS[period];
  return kind === 'current' ? getCurrentPeriod(unit, compare) : getLastPeriod(unit, compare);
}
