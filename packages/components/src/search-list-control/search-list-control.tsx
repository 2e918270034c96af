import { _n, sprintf } from '@storelens/i18n';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useControllableState } from '../primitives/use-controllable-state';
import type { SearchOption } from '../search-select/types';
import { defaultMessages, type SearchListMessages } from './messages';
import { filterPlaced, placeItems } from './tree';
import type { SearchListItem } from './types';
import '../style/parts.css';
import './search-list-control.css';
import { VISUALLY_HIDDEN } from '../primitives/visually-hidden';

/** Many items may be chosen (checkboxes). */
export interface SearchListMultipleProps {
  /** Multiple selection (the default). */
  multiple?: true;
  /** Chosen items (controlled). */
  value?: readonly SearchListItem[];
  /** Initially chosen items (uncontrolled). */
  defaultValue?: readonly SearchListItem[];
  /** Called with the whole new selection. */
  onChange?: (value: SearchListItem[]) => void;
}

/** One item may be chosen (radio buttons). */
export interface SearchListSingleProps {
  /** Single selection. */
  multiple: false;
  /** The chosen item (controlled); null for none. */
  value?: SearchListItem | null;
  /** The initially chosen item (uncontrolled). */
  defaultValue?: SearchListItem | null;
  /** Called with the new choice, or null when cleared. */
  onChange?: (value: SearchListItem | null) => void;
}

/** Props shared by both modes. */
export interface SearchListCommonProps {
  /** Label of the search box (also names the list). */
  label: string;
  /** The items to choose from. */
  items: readonly SearchListItem[];
  /** True while the items are loading: the list shows a busy state. */
  loading?: boolean;
  /** Replaces any of the texts. */
  messages?: Partial<SearchListMessages>;
  /** Extra class on the root element. */
  className?: string;
}

/** Props of SearchListControl. */
export type SearchListControlProps = SearchListCommonProps &
  (SearchListMultipleProps | SearchListSingleProps);

/** Converts an item to a SearchSelect-style option (for code that mixes both). */
export function searchListItemToOption(item: SearchListItem): SearchOption<SearchListItem> {
  return { key: String(item.id), label: item.name, value: item };
}

function selectionState(props: SearchListMultipleProps | SearchListSingleProps) {
  if (props.multiple === false) {
    const { onChange } = props;
    return {
      value: props.value === undefined ? undefined : props.value ? [props.value] : [],
      defaultValue: props.defaultValue ? [props.defaultValue] : [],
      onChange: onChange && ((next: readonly SearchListItem[]) => onChange(next[0] ?? null)),
    };
  }
  const { onChange } = props;
  return {
    value: props.value,
    defaultValue: props.defaultValue ?? [],
    onChange: onChange && ((next: readonly SearchListItem[]) => onChange([...next])),
  };
}

/**
 * A search box over a (possibly hierarchical) list of items chosen with checkboxes or radio
 * buttons, the chosen ones shown as removable tags with Clear all. Says 'No items found' for an
 * empty list, 'No results for …' for a fruitless search, and announces 'Search results
 * updated' when a search changes the results.
 */
export function SearchListControl(props: SearchListControlProps): ReactNode {
  const { label, items, loading = false, className } = props;
  const multiple = props.multiple !== false;
  const messages = { ...defaultMessages(), ...props.messages };
  const [chosen, setChosen] = useControllableState<readonly SearchListItem[]>(
    selectionState(props),
  );
  const [search, setSearch] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const id = useId();
  const placed = useMemo(() => placeItems(items), [items]);
  const shown = useMemo(() => filterPlaced(placed, search), [placed, search]);
  const chosenIds = new Set(chosen.map((item) => String(item.id)));
  const searching = search.trim() !== '';

  const toggle = (item: SearchListItem) => {
    const key = String(item.id);
    if (!multiple) {
      setChosen([item]);
      return;
    }
    setChosen(chosenIds.has(key) ? chosen.filter((c) => String(c.id) !== key) : [...chosen, item]);
  };

  let body: ReactNode;
  if (loading) {
    body = null;
  } else if (items.length === 0) {
    body = <p className="sl-search-list__empty">{messages.noItems}</p>;
  } else if (shown.length === 0) {
    body = <p className="sl-search-list__empty">{messages.noResults(search.trim())}</p>;
  } else {
    body = (
      <ul className="sl-search-list__items">
        {shown.map(({ item, depth, breadcrumbs }) => {
          const inputId = `${id}-item-${String(item.id)}`;
          const trail = searching && breadcrumbs.length > 0 ? breadcrumbs.join(' › ') : '';
          return (
            <li
              key={String(item.id)}
              className="sl-search-list__item"
              style={
                searching ? undefined : { paddingInlineStart: `calc(${depth} * var(--sl-space-4))` }
              }
            >
              <input
                id={inputId}
                type={multiple ? 'checkbox' : 'radio'}
                name={multiple ? undefined : `${id}-choice`}
                checked={chosenIds.has(String(item.id))}
                onChange={() => toggle(item)}
              />
              <label htmlFor={inputId} className="sl-search-list__item-label">
                {trail && (
                  <>
                    <span className="sl-search-list__breadcrumbs">{`${trail} ›`}</span>{' '}
                  </>
                )}
                <span>{item.name}</span>
              </label>
              {item.count !== undefined && (
                <span
                  className="sl-search-list__count"
                  title={sprintf(_n('%d item', '%d items', item.count), item.count)}
                >
                  {item.count}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className={['sl-surface sl-search-list', className ?? ''].filter(Boolean).join(' ')}>
      {chosen.length > 0 && (
        <div className="sl-search-list__selected">
          <div className="sl-search-list__selected-header">
            <strong id={`${id}-selected`}>{messages.selected(chosen.length)}</strong>
            <button type="button" className="sl-search-list__clear" onClick={() => setChosen([])}>
              {messages.clear}
            </button>
          </div>
          <ul className="sl-search-list__tags" aria-labelledby={`${id}-selected`}>
            {chosen.map((item) => (
              <li key={String(item.id)} className="sl-tag sl-search-list__tag">
                <span>{item.name}</span>
                <button
                  type="button"
                  className="sl-tag__remove sl-search-list__tag-remove"
                  aria-label={messages.remove(item.name)}
                  onClick={() => setChosen(chosen.filter((c) => c.id !== item.id))}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <label htmlFor={`${id}-search`} className="sl-search-list__label">
        {label}
      </label>
      <input
        id={`${id}-search`}
        className="sl-search-list__search"
        type="search"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setAnnouncement(event.target.value.trim() === '' ? '' : messages.updated);
        }}
      />
      <section
        className="sl-search-list__results"
        aria-label={label}
        aria-busy={loading || undefined}
      >
        {body}
      </section>
      <div className={VISUALLY_HIDDEN} role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </div>
  );
}
