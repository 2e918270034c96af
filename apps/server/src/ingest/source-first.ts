/*
 * source_first_day (migration 041): repeat buyers per source. Per dimension of the Sources
 * report, local day and value, the persons (customers over time: analytics/customer-time.ts)
 * whose first counted order falls on that day and carries that value (first touch), and how
 * many of them have a later counted order (two or more orders to date). Kept by the same
 * per-person difference as person_summary and cohort_totals: `CustomerTimeUpdate.start`
 * subtracts the persons' contributions as they stand before a write (their first order's
 * values read then), `finish` adds them as they stand after, so a changed attribution,
 * payment method, status, date, customer or e-mail moves the person; `rebuildCustomerTime`
 * fills it afresh. Under customer_time_state's settings, as those tables are.
 */
import { sourceDimensions, UNKNOWN_SOURCE } from '@storelens/api';
import { PATH_SEPARATOR, pathDimension, SOURCE_PATHS } from '../analytics/source-paths';
import { rollupValueSql } from '../analytics/sources';
import type { RawSql } from '../db/sql';

/** A counted order_stats row of a person, as customer-time.ts reads them. */
export interface FirstOrderRow {
  id: number;
  order: boolean;
  at: string;
}

/** A person's first counted order (earliest, then lowest id) and how many orders they have. */
export interface FirstOrder {
  id: number;
  at: string;
  orders: number;
}

/** The first counted order of a person's rows (undefined without an order). */
export function firstOrderOf(rows: readonly FirstOrderRow[]): FirstOrder | undefined {
  let first: FirstOrderRow | undefined;
  let orders = 0;
  for (const r of rows) {
    if (!r.order) continue;
    orders += 1;
    if (first === undefined || r.at < first.at || (r.at === first.at && r.id < first.id)) first = r;
  }
  return first && { id: first.id, at: first.at, orders };
}

/** The dimensions of source_first_day: the report's, and the drill-down paths (compound). */
const FIRST_DIMENSIONS: readonly string[] = [
  ...sourceDimensions,
  ...SOURCE_PATHS.map(pathDimension),
];

/** A dimension's value for an order without values (a compound one: unknown at each step). */
const unknownValue = (d: string) =>
  SOURCE_PATHS.find((p) => pathDimension(p) === d)
    ?.map(() => UNKNOWN_SOURCE)
    .join(PATH_SEPARATOR) ?? UNKNOWN_SOURCE;

/** The report's dimension values of orders (alias `os`), as sources.ts groups them. */
const VALUES_SQL = () =>
  `SELECT os.order_id AS id, ${FIRST_DIMENSIONS.map((d, i) => `${rollupValueSql(d)} AS v${i}`).join(', ')}
   FROM order_stats os
   LEFT JOIN order_attribution a ON a.order_id = os.order_id
   LEFT JOIN orders o ON o.id = os.order_id`;

/** Each order's value of every dimension (in `sourceDimensions` order). */
async function valuesOf(sql: RawSql, ids: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  for (const r of await sql.selectIn<Record<string, unknown>>(VALUES_SQL(), 'os.order_id', ids))
    out.set(
      Number(r.id),
      FIRST_DIMENSIONS.map((_, i) => String(r[`v${i}`])),
    );
  return out;
}

const KEYS = ['dimension', 'day', 'value'];

/** Changes to source_first_day: key (dimension, day, value joined by NUL) → [customers, repeat]. */
export class SourceFirstCells {
  private readonly cells = new Map<string, [number, number]>();

  /** Adds (1) or subtracts (-1) the persons' contributions, their first orders' values read now. */
  async add(sql: RawSql, sign: 1 | -1, firsts: Iterable<FirstOrder>): Promise<void> {
    const list = [...firsts];
    if (list.length === 0) return;
    const values = await valuesOf(
      sql,
      list.map((f) => f.id),
    );
    for (const f of list) {
      const day = f.at.slice(0, 10);
      const repeat = f.orders >= 2 ? 1 : 0;
      const v = values.get(f.id);
      FIRST_DIMENSIONS.forEach((d, i) => {
        const key = `${d}\0${day}\0${v?.[i] ?? unknownValue(d)}`;
        const had = this.cells.get(key);
        if (had) {
          had[0] += sign;
          had[1] += sign * repeat;
        } else this.cells.set(key, [sign, sign * repeat]);
      });
    }
  }

  /** Adds the changes to source_first_day and deletes the rows left without a customer. */
  async write(sql: RawSql): Promise<void> {
    const rows: unknown[][] = [];
    const emptied: string[][] = [];
    for (const [key, [customers, repeat]] of this.cells) {
      if (customers === 0 && repeat === 0) continue;
      const keys = key.split('\0');
      rows.push([...keys, customers, repeat]);
      if (customers < 0) emptied.push(keys);
    }
    this.cells.clear();
    await sql.addToRollup(
      'source_first_day',
      [...KEYS, 'customers', 'repeat_customers'],
      KEYS,
      rows,
      emptied,
      'customers = 0',
    );
  }
}
