import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countVisits, type VisitLine } from './item-visits';

const day = (n: number) =>
  `2024-${String(1 + Math.floor(n / 28)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`;

const line = fc
  .record({
    customer: fc.integer({ min: 1, max: 6 }),
    product: fc.integer({ min: 1, max: 3 }),
    variation: fc.integer({ min: 0, max: 2 }),
    created: fc.integer({ min: 0, max: 83 }),
    paid: fc.option(fc.integer({ min: 0, max: 83 }), { nil: null }),
    hour: fc.integer({ min: 0, max: 23 }),
  })
  .map(
    (l): VisitLine => ({
      customer_id: l.customer,
      product_id: l.product,
      variation_id: l.variation,
      date_created: `${day(l.created)} ${String(l.hour).padStart(2, '0')}:00:00`,
      date_paid: l.paid === null ? null : `${day(l.paid)} 08:30:00`,
      date_completed: null,
    }),
  );

describe('item visits', () => {
  it("count an item's distinct customers over any span of days", () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 60 }),
        fc.integer({ min: 0, max: 83 }),
        fc.integer({ min: 0, max: 83 }),
        (lines, a, b) => {
          const [first, last] = [day(Math.min(a, b)), day(Math.max(a, b))];
          const visits = countVisits(lines);
          for (const [type, column] of [
            ['product', 'product_id'],
            ['variation', 'variation_id'],
          ] as const) {
            for (const [kind, dateColumn] of [
              ['created', 'date_created'],
              ['paid', 'date_paid'],
            ] as const) {
              for (const id of [1, 2, 3]) {
                const customers = new Set(
                  lines
                    .filter((l) => {
                      const date = l[dateColumn]?.slice(0, 10);
                      return Number(l[column]) === id && date && date >= first && date <= last;
                    })
                    .map((l) => l.customer_id),
                );
                let counted = 0;
                for (const [key, n] of visits) {
                  const [t, i, k, d, prev] = key.split('|');
                  if (t !== type || Number(i) !== id || k !== kind) continue;
                  if (d! >= first && d! <= last && prev! < first) counted += n;
                }
                expect(counted, `${type} ${id} ${kind} ${first}..${last}`).toBe(customers.size);
              }
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('count a day once per customer, and no line of variation 0 or without the date', () => {
    const visits = countVisits([
      {
        customer_id: 1,
        product_id: 5,
        variation_id: 0,
        date_created: '2024-01-02 09:00:00',
        date_paid: null,
        date_completed: null,
      },
      {
        customer_id: 1,
        product_id: 5,
        variation_id: 0,
        date_created: '2024-01-02 18:00:00',
        date_paid: null,
        date_completed: null,
      },
      {
        customer_id: 1,
        product_id: 5,
        variation_id: 0,
        date_created: '2024-01-09 10:00:00',
        date_paid: null,
        date_completed: null,
      },
    ]);
    expect([...visits]).toEqual([
      ['product|5|created|2024-01-02|', 1],
      ['product|5|created|2024-01-09|2024-01-02', 1],
    ]);
  });
});
