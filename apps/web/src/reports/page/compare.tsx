import type { TableCell } from '@storelens/components';
import type { ReportRow } from '@storelens/data';
import { __, sprintf } from '@storelens/i18n';
import type { Query } from '@storelens/navigation';
import { useId, useState } from 'react';
import type { TableCompare, TableDefinition } from './types';

/** The ids being compared in the URL, when the table's compare filter is on. */
export function comparedIds(settings: TableCompare | undefined, query: Query): string[] {
  if (!settings || query[settings.filterParam] !== settings.filterValue) return [];
  const ids = query[settings.idParam];
  return typeof ids === 'string' ? ids.split(',').filter((id) => /^\d+$/.test(id)) : [];
}

/** The checked rows of a table with compare checkboxes, seeded from the URL. */
export interface CompareSelection {
  readonly enabled: boolean;
  readonly selected: ReadonlySet<string>;
  toggle(id: string): void;
  setMany(ids: readonly string[], checked: boolean): void;
  /** The checkbox cell of a row. */
  cell(row: ReportRow, table: TableDefinition, cells: readonly TableCell[]): TableCell[];
}

/** The compare checkboxes' state: what the URL compares, then what the user checks. */
export function useCompareSelection(
  settings: TableCompare | undefined,
  query: Query,
): CompareSelection {
  const seed = comparedIds(settings, query).join(',');
  const [state, setState] = useState<{ seed: string; ids: ReadonlySet<string> }>(() => ({
    seed,
    ids: new Set(seed ? seed.split(',') : []),
  }));
  const current = state.seed === seed ? state.ids : new Set(seed ? seed.split(',') : []);
  const set = (ids: ReadonlySet<string>) => setState({ seed, ids });
  const toggle = (id: string) => {
    const next = new Set(current);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    set(next);
  };
  return {
    enabled: Boolean(settings),
    selected: current,
    toggle,
    setMany(ids, checked) {
      const next = new Set(current);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      set(next);
    },
    cell(row, table, cells) {
      const id = table.rowId?.(row) ?? '';
      const name = String(cells[0]?.value ?? id);
      return [
        {
          display: (
            <input
              type="checkbox"
              className="sl-report__compare-check"
              aria-label={sprintf(__('Compare %s'), name)}
              checked={current.has(id)}
              onChange={() => toggle(id)}
            />
          ),
          value: null,
        },
      ];
    },
  };
}

/** Props of the table's compare controls. */
interface CompareControlsProps {
  readonly compare: CompareSelection;
  readonly settings: TableCompare;
  /** Ids of the rows on this page (Select all). */
  readonly pageIds: readonly string[];
  readonly disabled: boolean;
  readonly onCompare: (ids: readonly string[]) => void;
}

/**
 * "Select all" for the page's rows and the Compare button with the count of checked rows; under
 * two checked rows the button is disabled and its help text says why.
 */
export function CompareControls({
  compare,
  settings,
  pageIds,
  disabled,
  onCompare,
}: CompareControlsProps) {
  const helpId = useId();
  const count = compare.selected.size;
  const allChecked = pageIds.length > 0 && pageIds.every((id) => compare.selected.has(id));
  const tooFew = count < 2;
  return (
    <div className="sl-report__compare">
      <label className="sl-report__select-all">
        <input
          type="checkbox"
          checked={allChecked}
          disabled={disabled}
          onChange={(event) => compare.setMany(pageIds, event.target.checked)}
        />
        {__('Select all')}
      </label>
      <button
        type="button"
        className="sl-button"
        disabled={disabled || tooFew}
        aria-describedby={tooFew ? helpId : undefined}
        onClick={() => onCompare([...compare.selected])}
      >
        {count > 0 ? sprintf(__('Compare (%d)'), count) : __('Compare')}
      </button>
      {tooFew && (
        <span id={helpId} className="sl-report__help">
          {settings.helpText}
        </span>
      )}
    </div>
  );
}
