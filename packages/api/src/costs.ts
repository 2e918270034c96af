import { type Static, Type } from 'typebox';
import { AdminBool, AdminContext, Closed, literalUnion, orNull, PositiveId } from './admin-common';

/*
 * Unit costs entered in Storelens (docs/api.md, "Costs"): per product or variation, a history
 * of unit costs with the store-local day each takes effect from, beside the shop's own
 * (WooCommerce's cost of goods, or the Cost of Goods extension's). Money is a JSON number in
 * the store currency; a day is `YYYY-MM-DD` in the store's time zone.
 */

/** Where a unit cost comes from: the shop, Storelens, or none is known. */
export const costSources = ['shop', 'entered', 'none'] as const;
/** Where a unit cost comes from. */
export type CostSource = (typeof costSources)[number];

/** `{id}` of `storelens/v1/products/{id}/costs`: a product or a variation. */
export const CostProductParams = Type.Object({ id: PositiveId });

/** `{id}` and `{from}` of `DELETE storelens/v1/products/{id}/costs/{from}`. */
export const CostEntryParams = Type.Object({
  id: PositiveId,
  /** The day the entered cost takes effect from, `YYYY-MM-DD`. */
  from: Type.String({ maxLength: 40 }),
});

/** `GET storelens/v1/products/{id}/costs` and `DELETE …/costs/{from}`. */
export const CostQuery = Type.Object({ context: AdminContext }, { additionalProperties: false });

/**
 * `POST storelens/v1/products/{id}/costs`: a unit cost (a non-negative amount, as a number or
 * a decimal text such as `"12.50"`) from a store-local day (`YYYY-MM-DD`, not after today).
 * An entered cost of the same product and day is replaced.
 */
export const CostCreateBody = Type.Object(
  {
    cost: Type.Union([Type.Number(), Type.String({ maxLength: 40 })]),
    from: Type.String({ maxLength: 40 }),
    context: AdminContext,
  },
  { additionalProperties: false },
);

/** One unit cost of a product's history. */
export const CostHistoryEntry = Closed({
  /** `shop`: recorded from the shop; `entered`: entered in Storelens. */
  source: literalUnion(['shop', 'entered'] as const),
  /** The store-local day it takes effect from (`YYYY-MM-DD`; the shop's first: `1970-01-01`). */
  from: Type.String(),
  /** The same instant in GMT, `YYYY-MM-DDTHH:MM:SS`. */
  from_gmt: Type.String(),
  /** The unit cost; null when the product has none from then. */
  cost: orNull(Type.Number()),
  /** When it was entered (GMT, `YYYY-MM-DDTHH:MM:SS`); null for the shop's. */
  created_gmt: orNull(Type.String()),
  /** The user who entered it; null for the shop's. */
  created_by: orNull(Type.Integer()),
});
/** One unit cost of a product's history. */
export type CostHistoryEntry = Static<typeof CostHistoryEntry>;

/** The recompute job a change started (see `CostRecomputeStatus`). */
const startedJob = Closed({ id: Type.String(), orders: Type.Integer() });

/**
 * A product's or variation's costs: the unit cost in force today and where it comes from
 * (`cost_source`; a variation without one of its own takes its product's), whether entered
 * costs win over the shop's, and the history of both, oldest first. After a change, the job
 * that recomputes the affected orders (`recompute`, null when no order is affected).
 */
export const CostHistoryBody = Closed({
  product_id: Type.Integer(),
  parent_id: Type.Integer(),
  name: Type.String(),
  sku: Type.String(),
  cost: orNull(Type.Number()),
  cost_source: literalUnion(costSources),
  entered_costs_win: Type.Boolean(),
  history: Type.Array(CostHistoryEntry),
  recompute: Type.Optional(orNull(startedJob)),
});
/** A product's or variation's costs. */
export type CostHistoryBody = Static<typeof CostHistoryBody>;

/** `GET`/`PUT storelens/v1/costs/settings`. */
export const CostSettingsBody = Closed({
  /** True: a cost entered in Storelens wins over the shop's own; false (default): the shop's wins. */
  entered_costs_win: Type.Boolean(),
  recompute: Type.Optional(orNull(startedJob)),
});
/** The cost settings. */
export type CostSettingsBody = Static<typeof CostSettingsBody>;

/** `PUT storelens/v1/costs/settings`. */
export const CostSettingsUpdateBody = Type.Object(
  { entered_costs_win: AdminBool, context: AdminContext },
  { additionalProperties: false },
);

/**
 * `POST storelens/v1/costs/import`: CSV text (header row naming `sku` or `id`, `cost` and
 * `from`; comma-separated, optionally quoted, `\n` or `\r\n` line ends) as a JSON `csv`
 * string; `dry_run` (body or query) answers what would change without changing anything.
 */
export const CostImportBody = Type.Object(
  {
    csv: Type.String({ maxLength: 4 * 1024 * 1024 }),
    dry_run: Type.Optional(AdminBool),
    context: AdminContext,
  },
  { additionalProperties: false },
);
/** The query of `POST storelens/v1/costs/import`. */
export const CostImportQuery = Type.Object(
  { dry_run: Type.Optional(AdminBool), context: AdminContext },
  { additionalProperties: false },
);

/** One line of an import: what it changes. */
export const CostImportLine = Closed({
  /** The CSV line (1 is the header). */
  line: Type.Integer(),
  product_id: Type.Integer(),
  name: Type.String(),
  sku: Type.String(),
  from: Type.String(),
  /** The entered cost of that product and day before (null: none was entered for that day). */
  old_cost: orNull(Type.Number()),
  new_cost: Type.Number(),
  /** The unit cost in force on that day before the import, whichever its source, and after. */
  cost_before: orNull(Type.Number()),
  cost_after: orNull(Type.Number()),
  /** False when the line enters what is already entered (nothing changes). */
  changes: Type.Boolean(),
});
/** One line of an import. */
export type CostImportLine = Static<typeof CostImportLine>;

/** The answer of `POST storelens/v1/costs/import`. */
export const CostImportResponse = Closed({
  dry_run: Type.Boolean(),
  /** Lines read, and how many change an entered cost. */
  lines: Type.Integer(),
  changed: Type.Integer(),
  rows: Type.Array(CostImportLine),
  recompute: orNull(startedJob),
});
/** The answer of a cost import. */
export type CostImportResponse = Static<typeof CostImportResponse>;

/** `GET storelens/v1/costs/recompute`: the latest recompute of orders after a cost change. */
export const CostRecomputeStatus = Closed({
  /** The job's id; null when none ever ran. */
  id: orNull(Type.String()),
  status: literalUnion(['none', 'queued', 'running', 'done', 'failed', 'cancelled'] as const),
  orders: Closed({ done: Type.Integer(), total: Type.Integer() }),
  /** Recompute jobs not finished yet (each change starts one). */
  pending: Type.Integer(),
  last_error: Type.Optional(Type.String()),
});
/** The recompute status. */
export type CostRecomputeStatus = Static<typeof CostRecomputeStatus>;
