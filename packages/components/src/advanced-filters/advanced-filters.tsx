import { __, _x } from '@storelens/i18n';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { AddFilterMenu } from './add-filter-menu';
import { FilterRowView } from './filter-row';
import { defaultFilterInputs } from './inputs';
import { renderTemplate } from './render-template';
import { type ReportNavigate, useReportNavigate } from './report-navigate';
import {
  applyQueryUpdate,
  changeRowRule,
  createRow,
  getAvailableFilterKeys,
  getFilterUpdate,
  getMatchFromQuery,
  getRowsFromQuery,
  isFilterEnabled,
} from './rows';
import type {
  AdvancedFiltersConfig,
  FilterCurrency,
  FilterInputComponents,
  FilterRow,
  MatchMode,
  ReportQuery,
} from './types';
import '../style/parts.css';
import './advanced-filters.css';

/** The currency used when the caller gives none: US dollars, symbol on the left. */
export const DEFAULT_FILTER_CURRENCY: FilterCurrency = { symbol: '$', symbolPosition: 'left' };

/** Props of the advanced filter panel. */
export interface AdvancedFiltersProps {
  /** Title and filters. */
  readonly config: AdvancedFiltersConfig;
  /** The report query (the URL is the source of truth; the panel resets when it changes). */
  readonly query: ReportQuery;
  /** The report's in-app path, for the default navigation. */
  readonly path: string;
  /** Receives the complete next query; by default the app navigates to it on `path`. */
  readonly onNavigate?: ReportNavigate;
  /** The store currency for Currency inputs. */
  readonly currency?: FilterCurrency;
  /** Replaces the input component of some kinds. */
  readonly components?: Partial<FilterInputComponents>;
}

/** Where focus goes after the rows change. */
type FocusTarget = { readonly kind: 'row'; readonly id: string } | { readonly kind: 'add' };

interface PanelState {
  readonly signature: string;
  readonly rows: readonly FilterRow[];
  readonly match: MatchMode;
}

/**
 * The advanced filter panel: All/Any in the title, one row per active filter, an Add a Filter
 * menu, a Filter button and Clear all filters. Filter navigates with `key_rule` params and
 * `match` (left out when all); removing the last filter navigates to the report without filters.
 */
export function AdvancedFilters({
  config,
  query,
  path,
  onNavigate,
  currency = DEFAULT_FILTER_CURRENCY,
  components,
}: AdvancedFiltersProps) {
  const navigate = useReportNavigate(path, onNavigate);
  const titleId = useId();
  const idPrefix = useId();
  const nextId = useRef(0);
  const makeId = () => {
    nextId.current += 1;
    return `${idPrefix}-${nextId.current}`;
  };
  const inputs = useMemo(() => ({ ...defaultFilterInputs, ...components }), [components]);

  // What the query applies; when it changes (navigation), the panel starts again from it.
  const signature = JSON.stringify([
    getFilterUpdate(
      getRowsFromQuery(query, config, () => ''),
      getMatchFromQuery(query),
      {},
      config,
    ),
  ]);
  const [state, setState] = useState<PanelState>(() => ({
    signature,
    rows: getRowsFromQuery(query, config, makeId),
    match: getMatchFromQuery(query),
  }));
  if (state.signature !== signature) {
    setState({
      signature,
      rows: getRowsFromQuery(query, config, makeId),
      match: getMatchFromQuery(query),
    });
  }
  const { rows, match } = state;

  const listRef = useRef<HTMLUListElement>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  // Focus moves to a new row's first control, or to Add a Filter after a removal.
  const [focusTarget, setFocusTarget] = useState<FocusTarget | undefined>();
  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget.kind === 'add') {
      addButtonRef.current?.focus();
    } else {
      const row = listRef.current?.querySelector(`[data-row-id="${CSS.escape(focusTarget.id)}"]`);
      row?.querySelector<HTMLElement>('select, input, button')?.focus();
    }
    setFocusTarget(undefined);
  }, [focusTarget]);

  const setRows = (update: (rows: readonly FilterRow[]) => readonly FilterRow[]) =>
    setState((current) => ({ ...current, rows: update(current.rows) }));

  const navigateWithout = () => {
    navigate(applyQueryUpdate(query, getFilterUpdate([], 'all', query, config)));
  };

  const addFilter = (key: string) => {
    const filter = config.filters[key];
    if (!filter) return;
    const row = createRow(key, filter, makeId());
    setRows((current) => [...current, row]);
    setFocusTarget({ kind: 'row', id: row.id });
  };

  const removeFilter = (id: string) => {
    const remaining = rows.filter((row) => row.id !== id);
    setRows(() => remaining);
    if (remaining.length === 0) navigateWithout();
    setFocusTarget({ kind: 'add' });
  };

  const clearAll = () => {
    setState((current) => ({ ...current, rows: [], match: 'all' }));
    navigateWithout();
  };

  const applyFilters = () => {
    navigate(applyQueryUpdate(query, getFilterUpdate(rows, match, query, config)));
  };

  const available = getAvailableFilterKeys(config, rows).flatMap((key) => {
    const filter = config.filters[key];
    return filter ? [{ key, label: filter.labels.add }] : [];
  });

  const matchSelect = (
    <select
      className="sl-control sl-advanced-filters__control sl-advanced-filters__match"
      aria-label={__('Match all or any filters')}
      value={match}
      onChange={(event) => {
        const value: MatchMode = event.target.value === 'any' ? 'any' : 'all';
        setState((current) => ({ ...current, match: value }));
      }}
    >
      <option value="all">{_x('All', 'match all filters')}</option>
      <option value="any">{_x('Any', 'match any filter')}</option>
    </select>
  );

  return (
    <section className="sl-surface sl-filter-card sl-advanced-filters" aria-labelledby={titleId}>
      <h2 className="sl-filter-card__title sl-advanced-filters__title" id={titleId}>
        {renderTemplate(config.title, { slots: { select: matchSelect } })}
      </h2>
      {rows.length > 0 && (
        <ul className="sl-advanced-filters__list" ref={listRef}>
          {rows.map((row) => {
            const filter = config.filters[row.key];
            if (!filter) return null;
            return (
              <FilterRowView
                key={row.id}
                row={row}
                filter={filter}
                components={inputs}
                query={query}
                currency={currency}
                onRuleChange={(rule) =>
                  setRows((current) =>
                    current.map((item) =>
                      item.id === row.id ? changeRowRule(item, rule, filter) : item,
                    ),
                  )
                }
                onValueChange={(value) =>
                  setRows((current) =>
                    current.map((item) => (item.id === row.id ? { ...item, value } : item)),
                  )
                }
                onRemove={() => removeFilter(row.id)}
              />
            );
          })}
        </ul>
      )}
      {available.length > 0 && (
        <AddFilterMenu items={available} onSelect={addFilter} buttonRef={addButtonRef} />
      )}
      <div className="sl-advanced-filters__controls">
        <button
          type="button"
          className="sl-advanced-filters__filter"
          disabled={!isFilterEnabled(rows, match, query, config)}
          onClick={applyFilters}
        >
          {__('Filter')}
        </button>
        {rows.length > 0 && (
          <button type="button" className="sl-advanced-filters__clear" onClick={clearAll}>
            {__('Clear all filters')}
          </button>
        )}
      </div>
    </section>
  );
}
