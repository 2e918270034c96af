import { isIP } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_COLUMNS_WITH_ACTIVITY } from '../db/schema';
import { zone } from '../timezone';
import { type Customer, CustomerBook } from './customers';
import { Random } from './random';

const column = (name: string) => CUSTOMER_COLUMNS_WITH_ACTIVITY.indexOf(name as never);

describe('CustomerBook', () => {
  it('gives back every customer as it was drawn, and its row says the same', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.integer({ min: 21, max: 3000 }),
        (seed, n) => {
          const book = new CustomerBook(new Random(seed), zone('Europe/Paris'));
          const drawn: Customer[] = [];
          for (let i = 0; i < n; i++) drawn.push(book.add(Date.UTC(2025, 0, 1) + i * 60_000));
          expect(book.count).toBe(n);
          const rows = book.takeRows();
          expect(rows).toHaveLength(n);
          expect(book.takeRows()).toEqual([]);
          for (const [i, c] of drawn.entries()) {
            expect(c.id).toBe(i + 1);
            const row = rows[i]!;
            expect(row[column('id')]).toBe(c.id);
            expect(row[column('email')]).toBe(c.email);
            expect(row[column('country')]).toBe(c.country);
            expect(row[column('state')]).toBe(c.state);
            expect(c.email).toMatch(new RegExp(`^[a-z-]+\\.[a-z-]+${c.id}@example\\.[a-z]{2}$`));
            for (const ip of c.ips) expect(isIP(ip), ip).not.toBe(0);
          }
          // Picked again later (the columns grew several times meanwhile), a customer is the same.
          const seen = new Map(drawn.map((c) => [c.id, c]));
          for (let k = 0; k < 200; k++) {
            const again = book.pickLoyal();
            expect(again).toEqual(seen.get(again.id));
          }
        },
      ),
      { numRuns: 20 },
    );
  });

  it('picks returning customers among the more loyal', () => {
    const book = new CustomerBook(new Random(11), zone('UTC'));
    for (let i = 0; i < 5000; i++) book.add(Date.UTC(2025, 0, 1));
    const picks = new Map<number, number>();
    for (let k = 0; k < 50_000; k++) {
      const id = book.pickLoyal().id;
      picks.set(id, (picks.get(id) ?? 0) + 1);
    }
    // The best of three draws: the busiest tenth of customers place well over a tenth of the
    // returning orders, and some customers never come back.
    const counts = [...picks.values()].sort((a, b) => b - a);
    const top = counts.slice(0, 500).reduce((a, b) => a + b, 0);
    expect(top / 50_000).toBeGreaterThan(0.2);
    expect(picks.size).toBeLessThan(5000);
  });
});
