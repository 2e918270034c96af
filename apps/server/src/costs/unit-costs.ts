import type { CostSource } from '@storelens/api';
import type { RawSql } from '../db/sql';
import type { CostAt } from '../ingest/order-facts';

// The unit costs of products and variations over time, from both histories: the shop's
// (`product_costs`, recorded by the connector) and the ones entered in Storelens
// (`entered_costs`, the cost routes and the CSV upload). Ingestion takes a line's cost from
// here when the shop stored none on the line (ingest/order-facts.ts, `lineCosts`); the cost
// routes and the products lists say which one is in force. docs/metrics.md ("Profit") and
// docs/api.md ("Costs") give the rules.

/** The option that makes an entered cost win over the shop's (off by default). */
export const ENTERED_COSTS_WIN_OPTION = 'storelens_entered_costs_win';

/** One unit cost from a GMT date on; `cost` null when the product has none from then. */
export interface CostEntry {
  from: string;
  cost: number | null;
}

/** Both histories of some products and variations, each list oldest first. */
export interface CostHistories {
  shop: Map<number, CostEntry[]>;
  entered: Map<number, CostEntry[]>;
}

/** Whether entered costs win over the shop's (the option, false when unset). */
export async function enteredCostsWin(sql: RawSql): Promise<boolean> {
  const [row] = await sql.query<{ value: string }>('SELECT value FROM options WHERE name = ?', [
    ENTERED_COSTS_WIN_OPTION,
  ]);
  if (!row) return false;
  try {
    return JSON.parse(row.value) === true;
  } catch {
    return false;
  }
}

/** Reads both histories of `ids`. */
export async function readCostHistories(
  sql: RawSql,
  ids: readonly number[],
): Promise<CostHistories> {
  const out: CostHistories = { shop: new Map(), entered: new Map() };
  const unique = [...new Set(ids)];
  if (unique.length === 0) return out;
  for (const [table, into] of [
    ['product_costs', out.shop],
    ['entered_costs', out.entered],
  ] as const) {
    for (const r of await sql.selectIn<{
      product_id: number;
      effective_from_gmt: string;
      cost: number | string | null;
    }>(
      `SELECT product_id, effective_from_gmt, cost FROM ${table}`,
      'product_id',
      unique,
      'ORDER BY product_id, effective_from_gmt',
    )) {
      const id = Number(r.product_id);
      const list = into.get(id) ?? [];
      list.push({ from: r.effective_from_gmt, cost: r.cost === null ? null : Number(r.cost) });
      into.set(id, list);
    }
  }
  return out;
}

/** The entry of a history in force at `gmt`: `undefined` when none started by then. */
function inForce(list: readonly CostEntry[] | undefined, gmt: string): number | null | undefined {
  let found: number | null | undefined;
  for (const h of list ?? []) {
    if (h.from > gmt) break;
    found = h.cost;
  }
  return found;
}

/**
 * The unit cost of one product or variation (its own, no fallback) at `gmt`: the winning
 * history's cost when it has one then, else the other's; null when neither has a cost but one
 * says it has none from then; `undefined` when neither knows anything.
 */
export function ownCostAt(
  h: CostHistories,
  enteredWin: boolean,
  id: number,
  gmt: string,
): { cost: number | null | undefined; source: CostSource } {
  const shop = inForce(h.shop.get(id), gmt);
  const entered = inForce(h.entered.get(id), gmt);
  const order: [number | null | undefined, CostSource][] = enteredWin
    ? [
        [entered, 'entered'],
        [shop, 'shop'],
      ]
    : [
        [shop, 'shop'],
        [entered, 'entered'],
      ];
  for (const [cost, source] of order) if (typeof cost === 'number') return { cost, source };
  if (shop === null || entered === null) return { cost: null, source: 'none' };
  return { cost: undefined, source: 'none' };
}

/** The histories as ingestion's `CostAt` (ingest/order-facts.ts). */
export const costAtOf =
  (h: CostHistories, enteredWin: boolean): CostAt =>
  (id, gmt) =>
    ownCostAt(h, enteredWin, id, gmt).cost;

/**
 * The unit cost in force at `gmt` for a product, or a variation (`parentId` > 0) that falls
 * back to its product's when it knows none of its own, as a line takes it.
 */
export function costInForce(
  h: CostHistories,
  enteredWin: boolean,
  id: number,
  parentId: number,
  gmt: string,
): { cost: number | null; source: CostSource } {
  let own = ownCostAt(h, enteredWin, id, gmt);
  if (own.cost === undefined && parentId > 0) own = ownCostAt(h, enteredWin, parentId, gmt);
  return own.cost === undefined || own.cost === null
    ? { cost: null, source: 'none' }
    : { cost: own.cost, source: own.source };
}
