import { __, _x, sprintf } from '@storelens/i18n';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { getMenuFocusIndex } from '../advanced-filters/menu-focus';
import { type ReportNavigate, useReportNavigate } from '../advanced-filters/report-navigate';
import type { ReportQuery } from '../advanced-filters/types';
import { usePopover } from '../primitives/use-popover';
import { VISUALLY_HIDDEN } from '../primitives/visually-hidden';
import { resolveAutocompleter, Search, useSearchLabels } from '../search';
import type { SearchOption } from '../search-select';
import {
  findFilterChain,
  getInitialNav,
  getPickerQuery,
  getSelectedValue,
  getVisibleFilters,
} from './picker';
import type { ReportFilter, ReportFilterConfig, SearchReportFilter } from './types';

/** Props of one report filter dropdown. */
export interface FilterPickerProps {
  /** The dropdown's config. */
  readonly config: ReportFilterConfig;
  /** The report query. */
  readonly query: ReportQuery;
  /** The report's in-app path, for the default navigation. */
  readonly path: string;
  /** Receives the complete next query; by default the app navigates to it. */
  readonly onNavigate?: ReportNavigate;
}

/** The id chosen for a search-type filter, when it is the selected filter. */
function chosenId(filter: ReportFilter | undefined, query: ReportQuery): string {
  if (filter?.component !== 'Search') return '';
  const id = query[filter.settings.param];
  return typeof id === 'string' ? (id.split(',')[0] ?? '') : '';
}

/** The control of each list item: its button, or the search input of a search-type filter. */
function itemControls(list: HTMLElement | null): HTMLElement[] {
  return [...(list?.querySelectorAll<HTMLElement>('[data-filter-value]') ?? [])].flatMap((item) => {
    const control = item.querySelector<HTMLElement>('[data-filter-item], [role="combobox"]');
    return control ? [control] : [];
  });
}

/** Where focus goes after the list changes level. */
type FocusRequest = { readonly kind: 'first' } | { readonly kind: 'value'; readonly value: string };

/**
 * A report filter dropdown ("Show: All orders"): a list of filters with nested levels (a back
 * button goes up), search-type filters that pick one record as a tag, and leaves that update
 * the query; the default value clears the param.
 */
export function FilterPicker({ config, query, path, onNavigate }: FilterPickerProps) {
  const navigate = useReportNavigate(path, onNavigate);
  const selectedValue = getSelectedValue(config, query);
  const chain = findFilterChain(config.filters, selectedValue);
  const selected = chain?.[chain.length - 1];
  const selectedId = chosenId(selected, query);

  const [open, setOpen] = useState(false);
  const [nav, setNav] = useState<string[]>([]);
  const [focus, setFocus] = useState<FocusRequest | undefined>();
  const panelId = useId();
  const labelId = useId();
  const toggleId = useId();
  const listRef = useRef<HTMLUListElement | null>(null);

  const { refs, floatingStyles, getReferenceProps, getFloatingProps, close } = usePopover({
    open,
    onOpenChange: setOpen,
  });

  useEffect(() => {
    if (!open || !focus) return;
    const items = itemControls(listRef.current);
    const target =
      focus.kind === 'value'
        ? items.find(
            (item) =>
              item.closest<HTMLElement>('[data-filter-value]')?.dataset.filterValue === focus.value,
          )
        : undefined;
    (target ?? items[0])?.focus();
    setFocus(undefined);
  }, [open, focus]);

  const openPanel = () => {
    setNav(getInitialNav(config.filters, selectedValue));
    setFocus({ kind: 'value', value: selectedValue });
    setOpen(true);
  };

  const update = (value: string, extra?: Readonly<Record<string, string>>) => {
    navigate(getPickerQuery(config, query, value, extra));
  };

  const choose = (filter: ReportFilter) => {
    if (filter.subFilters) {
      setNav((current) => [...current, filter.value]);
      setFocus({ kind: 'first' });
      return;
    }
    update(filter.value);
    close();
  };

  const back = () => {
    const parent = nav[nav.length - 1];
    setNav((current) => current.slice(0, -1));
    if (parent !== undefined) setFocus({ kind: 'value', value: parent });
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.getAttribute('role') === 'combobox') return;
    const items = itemControls(listRef.current);
    const current = items.indexOf(target);
    if (current < 0) return;
    const next = getMenuFocusIndex(event.key, current, items.length);
    if (next !== undefined) {
      event.preventDefault();
      items[next]?.focus();
    }
  };

  const visible = getVisibleFilters(config.filters, nav);
  const parentFilter =
    nav.length > 0 ? findFilterChain(config.filters, nav[nav.length - 1] ?? '') : undefined;
  const parentLabel = parentFilter?.[parentFilter.length - 1]?.label ?? '';

  return (
    <div className="sl-filter-picker">
      <span className="sl-filter-picker__label" id={labelId}>
        {config.label}
      </span>
      <button
        type="button"
        id={toggleId}
        className="sl-filter-picker__toggle"
        aria-labelledby={`${labelId} ${toggleId}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        {...getReferenceProps({
          ref: refs.setReference,
          onClick: () => (open ? setOpen(false) : openPanel()),
        })}
      >
        {selected ? (
          <SelectedLabel filter={selected} id={selectedId} query={query} />
        ) : (
          selectedValue
        )}
        <span aria-hidden="true" className="sl-filter-picker__caret">
          ▾
        </span>
      </button>
      {open && (
        <div
          id={panelId}
          role="dialog"
          aria-labelledby={labelId}
          className="sl-popup sl-filter-picker__panel"
          style={floatingStyles}
          {...getFloatingProps({ ref: refs.setFloating, onKeyDown: onListKeyDown })}
        >
          {nav.length > 0 && (
            <button
              type="button"
              className="sl-popup__item sl-filter-picker__back"
              aria-label={sprintf(__('Back to %s'), parentLabel)}
              onClick={back}
            >
              <span aria-hidden="true">‹ </span>
              {parentLabel}
            </button>
          )}
          <ul className="sl-filter-picker__list" ref={listRef}>
            {visible.map((filter) => (
              <li
                key={filter.value}
                className="sl-filter-picker__item"
                data-filter-value={filter.value}
              >
                {filter.component === 'Search' ? (
                  <SearchPick
                    filter={filter}
                    id={filter.value === selectedValue ? selectedId : ''}
                    query={query}
                    onPick={(id) => {
                      if (id) update(filter.value, { [filter.settings.param]: id });
                      else update(config.defaultValue ?? 'all');
                      close();
                    }}
                  />
                ) : (
                  <button
                    type="button"
                    data-filter-item
                    className="sl-popup__item sl-filter-picker__option"
                    aria-current={filter.value === selectedValue ? 'true' : undefined}
                    onClick={() => choose(filter)}
                  >
                    {filter.label}
                    {filter.subFilters && (
                      <>
                        <span className={VISUALLY_HIDDEN}>
                          {' '}
                          {_x('(more options)', 'filter group')}
                        </span>
                        <span aria-hidden="true" className="sl-filter-picker__chevron">
                          ›
                        </span>
                      </>
                    )}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** The toggle text: the selected filter, with the chosen record for a search-type filter. */
function SelectedLabel({
  filter,
  id,
  query,
}: {
  filter: ReportFilter;
  id: string;
  query: ReportQuery;
}) {
  if (filter.component !== 'Search' || !id) return <>{filter.label}</>;
  return <SearchSelectedLabel filter={filter} id={id} query={query} />;
}

/** "Single product: Beanie", the record's label fetched by id. */
function SearchSelectedLabel({
  filter,
  id,
}: {
  filter: SearchReportFilter;
  id: string;
  query: ReportQuery;
}) {
  const [autocompleter] = useState(() => resolveAutocompleter(filter.settings));
  const { options } = useSearchLabels(autocompleter, [id]);
  return (
    <>{sprintf(_x('%1$s: %2$s', 'filter: chosen record'), filter.label, options[0]?.label ?? id)}</>
  );
}

/** Props of the inline search of a search-type filter. */
interface SearchPickProps {
  readonly filter: SearchReportFilter;
  /** The chosen id, when this filter is selected. */
  readonly id: string;
  readonly query: ReportQuery;
  /** Called with the picked id, or '' when the tag is removed. */
  readonly onPick: (id: string) => void;
}

/** A search-type filter inside the list: one record, shown as a tag. */
function SearchPick({ filter, id, onPick }: SearchPickProps) {
  const { settings } = filter;
  const { param: _param, labels, ...search } = settings;
  const [autocompleter] = useState(() => resolveAutocompleter(search));
  const { options } = useSearchLabels(autocompleter, id ? [id] : []);
  const value: SearchOption | null = id ? (options[0] ?? { key: id, label: id }) : null;
  return (
    <div className="sl-filter-picker__search">
      <Search
        {...search}
        label={filter.label}
        placeholder={labels.placeholder}
        value={value}
        onChange={(next) => onPick(next?.key ?? '')}
      />
    </div>
  );
}
