import fc from 'fast-check';
import { groupStart, groupTimelineItems } from './groups';

const at = (y: number, m: number, d: number, h = 12) => ({ date: new Date(y, m - 1, d, h) });

describe('groupStart', () => {
  it('finds the day, the week (from the week start) and the month', () => {
    const wed = new Date(2026, 0, 7, 15, 30); // Wednesday
    expect(groupStart(wed, 'day')).toEqual(new Date(2026, 0, 7));
    expect(groupStart(wed, 'week', 0)).toEqual(new Date(2026, 0, 4));
    expect(groupStart(wed, 'week', 1)).toEqual(new Date(2026, 0, 5));
    expect(groupStart(wed, 'month')).toEqual(new Date(2026, 0, 1));
  });
});

describe('groupTimelineItems', () => {
  const items = [at(2026, 1, 5, 9), at(2026, 2, 1), at(2026, 1, 5, 17), at(2026, 1, 20)];

  it('groups by day, newest first, items newest first inside', () => {
    const groups = groupTimelineItems(items);
    expect(groups.map((g) => g.start)).toEqual([
      new Date(2026, 1, 1),
      new Date(2026, 0, 20),
      new Date(2026, 0, 5),
    ]);
    expect(groups[2]?.items.map((i) => i.date.getHours())).toEqual([17, 9]);
  });

  it('groups by month and can sort oldest first', () => {
    const groups = groupTimelineItems(items, 'month', 'asc');
    expect(groups.map((g) => [g.start.getMonth(), g.items.length])).toEqual([
      [0, 3],
      [1, 1],
    ]);
  });

  it('puts every item in exactly one group whose period holds it', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.date({ min: new Date(2020, 0, 1), max: new Date(2030, 0, 1), noInvalidDate: true }),
        ),
        fc.constantFrom('day' as const, 'week' as const, 'month' as const),
        (dates, groupBy) => {
          const groups = groupTimelineItems(
            dates.map((date) => ({ date })),
            groupBy,
          );
          expect(groups.flatMap((g) => g.items)).toHaveLength(dates.length);
          for (const group of groups) {
            for (const item of group.items) {
              expect(groupStart(item.date, groupBy)).toEqual(group.start);
            }
          }
          for (let i = 1; i < groups.length; i++) {
            expect(groups[i - 1]!.start.getTime()).toBeGreaterThan(groups[i]!.start.getTime());
          }
        },
      ),
    );
  });
});
