import type { CostHistoryBody, CostImportResponse, CostSettingsBody } from '@storelens/api';
import { toApiError } from '../../client/api-error.ts';
import { NAMESPACES } from '../../core/paths.ts';
import type { AppThunk } from '../../core/thunk.ts';
import { reportItemsResource } from '../reports/slice.ts';

/**
 * Unit costs entered in Storelens (`storelens/v1/products/{id}/costs`, `costs/import`;
 * docs/api.md, "Costs"). A change starts the server's recompute of the affected orders, whose
 * new figures reach the reports as any other data change does; the product and variation
 * lists, which show the cost in force, are read again at once.
 */

/** A unit cost to enter: an amount (a number or its decimal text) from a store-local day. */
export interface CostEntry {
  readonly cost: number | string;
  /** `YYYY-MM-DD` in the store's time zone, not after today. */
  readonly from: string;
}

const costsPath = (id: number) => `${NAMESPACES.storelens}/products/${id}/costs`;
const importPath = `${NAMESPACES.storelens}/costs/import`;
const settingsPath = `${NAMESPACES.storelens}/costs/settings`;

/** Marks the lists that show a product's cost in force as stale, so they are read again. */
function costListsChanged(dispatch: (action: unknown) => unknown) {
  for (const scope of ['products', 'variations'])
    dispatch(reportItemsResource.actions.invalidated({ scope }));
}

/**
 * Enters a product's or variation's unit cost from a day (replacing one entered for that
 * day); answers its cost history. A refusal is thrown as an `ApiError` (its `params` name the
 * field: `cost`, `from`).
 */
export function enterProductCost(id: number, entry: CostEntry): AppThunk<CostHistoryBody> {
  return async (dispatch, _getState, { client }) => {
    try {
      const answer = await client.post<CostHistoryBody>(costsPath(id), {
        cost: entry.cost,
        from: entry.from,
      });
      costListsChanged(dispatch);
      return answer.data;
    } catch (thrown) {
      throw toApiError(thrown);
    }
  };
}

/**
 * Sends a costs CSV (its text): with `dryRun`, what each line would change, nothing written;
 * without, every line written at once. A bad line refuses the whole file with an `ApiError`
 * whose `params.csv` names the line and column.
 */
export function importCosts(csv: string, dryRun: boolean): AppThunk<CostImportResponse> {
  return async (dispatch, _getState, { client }) => {
    try {
      const answer = await client.post<CostImportResponse>(importPath, { csv, dry_run: dryRun });
      if (!dryRun) costListsChanged(dispatch);
      return answer.data;
    } catch (thrown) {
      throw toApiError(thrown);
    }
  };
}

/** Reads whether costs entered in Storelens win over the shop's own (off by default). */
export function fetchCostSettings(): AppThunk<CostSettingsBody> {
  return async (_dispatch, _getState, { client }) => {
    try {
      return (await client.get<CostSettingsBody>(settingsPath)).data;
    } catch (thrown) {
      throw toApiError(thrown);
    }
  };
}

/**
 * Turns entered costs winning over the shop's on or off; the orders whose cost changes are
 * counted again (`recompute`).
 */
export function saveCostSettings(enteredCostsWin: boolean): AppThunk<CostSettingsBody> {
  return async (dispatch, _getState, { client }) => {
    try {
      const answer = await client.put<CostSettingsBody>(settingsPath, {
        entered_costs_win: enteredCostsWin,
      });
      costListsChanged(dispatch);
      return answer.data;
    } catch (thrown) {
      throw toApiError(thrown);
    }
  };
}
