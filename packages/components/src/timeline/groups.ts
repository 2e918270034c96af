/** How timeline items are grouped. */
export type TimelineGroupBy = 'day' | 'week' | 'month';

/** Sort direction of a timeline. */
export type TimelineOrder = 'asc' | 'desc';

/** The start (local midnight) of the day, week or month holding `date`. */
export function groupStart(date: Date, groupBy: TimelineGroupBy, weekStartsOn = 0): Date {
  const day = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  if (groupBy === 'month') return new Date(date.getFullYear(), date.getMonth(), 1);
  if (groupBy === 'week') {
    const back = (day.getDay() - weekStartsOn + 7) % 7;
    return new Date(day.getFullYear(), day.getMonth(), day.getDate() - back);
  }
  return day;
}

/** A group of items sharing a day, week or month. */
export interface TimelineGroup<T> {
  /** Start of the group's period. */
  start: Date;
  /** Its items, in the timeline's order. */
  items: T[];
}

/** Groups items by period; groups and the items inside them are sorted (newest first by default). */
export function groupTimelineItems<T extends { date: Date }>(
  items: readonly T[],
  groupBy: TimelineGroupBy = 'day',
  order: TimelineOrder = 'desc',
  weekStartsOn = 0,
): TimelineGroup<T>[] {
  const direction = order === 'desc' ? -1 : 1;
  const sorted = items
    .filter((item) => !Number.isNaN(item.date.getTime()))
    .sort((a, b) => direction * (a.date.getTime() - b.date.getTime()));
  const groups = new Map<number, TimelineGroup<T>>();
  for (const item of sorted) {
    const start = groupStart(item.date, groupBy, weekStartsOn);
    const group = groups.get(start.getTime());
    if (group) group.items.push(item);
    else groups.set(start.getTime(), { start, items: [item] });
  }
  return [...groups.values()];
}
