import { __, sprintf } from '@storelens/i18n';
import {
  type ComponentType,
  type KeyboardEvent,
  type ReactNode,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  type ControllableStateOptions,
  useControllableState,
} from '../primitives/use-controllable-state';
import { filterOptions } from './filter-options';
import { matchSegments } from './match-segments';
import { resultsMessage } from './results-message';
import { chooseOption, isChosen, removeOption } from './selection';
import type { SearchOption } from './types';
import { wrapIndex } from './wrap-index';
import '../style/parts.css';
import './search-select.css';
import { VISUALLY_HIDDEN } from '../primitives/visually-hidden';

/** Props of the piece that renders an option's content inside its list item. */
export interface OptionLabelProps<V = unknown> {
  /** The option to render. */
  option: SearchOption<V>;
  /** The current search text, for emphasising the match. */
  query: string;
}

/** Replaceable pieces of SearchSelect. */
export interface SearchSelectComponents<V = unknown> {
  /** Content of one list option (default: the label with the match emphasised). */
  OptionLabel: ComponentType<OptionLabelProps<V>>;
  /** Content of one tag (default: the label). */
  TagLabel: ComponentType<{ option: SearchOption<V> }>;
}

/** Single mode: at most one chosen option, shown as one tag. */
export interface SearchSelectSingleProps<V = unknown> {
  /** Single selection (the default mode). */
  multiple?: false;
  /** The chosen option (controlled); null for none. */
  value?: SearchOption<V> | null;
  /** The initially chosen option (uncontrolled). */
  defaultValue?: SearchOption<V> | null;
  /** Called with the new choice, or null when the tag is removed. */
  onChange?: (value: SearchOption<V> | null) => void;
}

/** Multiple mode: any number of chosen options, shown as tags. */
export interface SearchSelectMultipleProps<V = unknown> {
  /** Multiple selection with tags. */
  multiple: true;
  /** The chosen options (controlled). */
  value?: readonly SearchOption<V>[];
  /** The initially chosen options (uncontrolled). */
  defaultValue?: readonly SearchOption<V>[];
  /** Called with the whole new selection. */
  onChange?: (value: SearchOption<V>[]) => void;
}

/** Props shared by both modes. */
export interface SearchSelectCommonProps<V = unknown> {
  /** Accessible (and, unless hidden, visible) label of the input. */
  label: string;
  /** Hides the label visually; it stays the input's accessible name. */
  hideLabel?: boolean;
  /** Placeholder text of the input. */
  placeholder?: string;
  /** The options to search. */
  options: readonly SearchOption<V>[];
  /**
   * Which options a query shows. Default: label or keyword contains the query. Pass
   * `(options) => options` when the options already are the search's results.
   */
  filterOptions?: (options: readonly SearchOption<V>[], query: string) => SearchOption<V>[];
  /** Most options shown at once. */
  maxResults?: number;
  /** Called with the text whenever the user types. */
  onQueryChange?: (query: string) => void;
  /** True while the options for the current text are still being fetched (nothing announced). */
  loading?: boolean;
  /** Disables the input and the tags. */
  disabled?: boolean;
  /** Id of the input element. */
  id?: string;
  /** Extra class on the root element. */
  className?: string;
  /** Replaces rendering pieces. */
  components?: Partial<SearchSelectComponents<V>>;
}

/** Props of SearchSelect: the common props plus one of the two selection modes. */
export type SearchSelectProps<V = unknown> = SearchSelectCommonProps<V> &
  (SearchSelectSingleProps<V> | SearchSelectMultipleProps<V>);

/** The default option content: the label with the part matching the query in bold. */
export function DefaultOptionLabel<V>({ option, query }: OptionLabelProps<V>): ReactNode {
  return matchSegments(option.label, query).map((segment, index) =>
    segment.match ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reorder
      <strong key={index}>{segment.text}</strong>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reorder
      <span key={index}>{segment.text}</span>
    ),
  );
}

function DefaultTagLabel<V>({ option }: { option: SearchOption<V> }): ReactNode {
  return option.label;
}

/** Both modes as one array-valued controllable state. */
function selectionState<V>(
  props: SearchSelectSingleProps<V> | SearchSelectMultipleProps<V>,
): ControllableStateOptions<readonly SearchOption<V>[]> {
  if (props.multiple) {
    const { onChange } = props;
    return {
      value: props.value,
      defaultValue: props.defaultValue ?? [],
      onChange: onChange && ((next) => onChange([...next])),
    };
  }
  const { onChange } = props;
  return {
    value: props.value === undefined ? undefined : toArray(props.value),
    defaultValue: toArray(props.defaultValue),
    onChange: onChange && ((next) => onChange(next[0] ?? null)),
  };
}

function toArray<V>(value: SearchOption<V> | null | undefined): readonly SearchOption<V>[] {
  return value ? [value] : [];
}

/**
 * A searchable select box with tags (ARIA combobox with a listbox). Typing searches and opens
 * the list when there are results; ↑/↓ move the highlight with wrap; Enter chooses; Tab
 * chooses and closes; Escape, ←, → or a click outside close; Backspace on empty text removes
 * the last tag; choosing a chosen option does nothing.
 */
export function SearchSelect<V = unknown>(props: SearchSelectProps<V>): ReactNode {
  const {
    label,
    hideLabel = false,
    placeholder,
    options,
    filterOptions: filter = filterOptions,
    maxResults,
    onQueryChange,
    loading = false,
    disabled = false,
    className,
    components,
  } = props;
  const OptionLabel = components?.OptionLabel ?? DefaultOptionLabel;
  const TagLabel = components?.TagLabel ?? DefaultTagLabel;
  const multiple = props.multiple === true;

  const [chosen, setChosen] = useControllableState<readonly SearchOption<V>[]>(
    selectionState(props),
  );

  const autoId = useId();
  const inputId = props.id ?? `${autoId}-input`;
  const listId = `${autoId}-list`;
  const optionId = (index: number) => `${autoId}-option-${index}`;
  const inputRef = useRef<HTMLInputElement>(null);

  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(-1);

  const shown = useMemo(() => {
    const matches = filter(options, query);
    return maxResults === undefined ? matches : matches.slice(0, maxResults);
  }, [filter, options, query, maxResults]);
  const expanded = open && !disabled && shown.length > 0;
  const active = expanded && highlight >= 0 && highlight < shown.length ? highlight : -1;

  const message =
    open && !loading && !disabled && (query.trim() !== '' || shown.length > 0)
      ? resultsMessage(shown.length)
      : '';

  const close = () => {
    setOpen(false);
    setHighlight(-1);
  };

  const choose = (option: SearchOption<V>) => {
    if (isChosen(chosen, option)) return;
    setChosen(chooseOption(chosen, option, multiple));
    setQuery('');
    onQueryChange?.('');
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setOpen(true);
        setHighlight(wrapIndex(open ? active : -1, step, shown.length));
        return;
      }
      case 'Enter': {
        const option = shown[active];
        if (option) {
          event.preventDefault();
          choose(option);
        }
        return;
      }
      case 'Tab': {
        const option = shown[active];
        if (option) choose(option);
        close();
        return;
      }
      case 'Escape':
        if (expanded) event.preventDefault();
        close();
        return;
      case 'ArrowLeft':
      case 'ArrowRight':
        close();
        return;
      case 'Backspace': {
        const last = chosen[chosen.length - 1];
        if (query === '' && last) setChosen(removeOption(chosen, last.key));
        return;
      }
      default:
        return;
    }
  };

  const rootClass = ['sl-search-select', disabled ? 'is-disabled' : '', className ?? '']
    .filter(Boolean)
    .join(' ');

  return (
    <div className={rootClass}>
      <label htmlFor={inputId} className={hideLabel ? VISUALLY_HIDDEN : 'sl-search-select__label'}>
        {label}
      </label>
      <div className={`sl-search-select__control${expanded ? ' is-expanded' : ''}`}>
        {chosen.length > 0 && (
          <ul className="sl-search-select__tags" aria-label={sprintf(__('%s: chosen'), label)}>
            {chosen.map((option) => (
              <li key={option.key} className="sl-tag sl-search-select__tag">
                <span className="sl-search-select__tag-label">
                  <TagLabel option={option} />
                </span>
                <button
                  type="button"
                  className="sl-tag__remove sl-search-select__tag-remove"
                  disabled={disabled}
                  aria-label={sprintf(__('Remove %s'), option.label)}
                  onClick={() => {
                    setChosen(removeOption(chosen, option.key));
                    inputRef.current?.focus();
                  }}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          ref={inputRef}
          id={inputId}
          className="sl-search-select__input"
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          aria-busy={loading || undefined}
          placeholder={placeholder}
          disabled={disabled}
          value={query}
          onChange={(event) => {
            const text = event.target.value;
            setQuery(text);
            onQueryChange?.(text);
            setOpen(true);
            setHighlight(text.trim() === '' ? -1 : 0);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
      </div>
      <div
        id={listId}
        role="listbox"
        aria-label={label}
        aria-multiselectable={multiple || undefined}
        className="sl-search-select__list"
        hidden={!expanded}
      >
        {expanded &&
          shown.map((option, index) => {
            const taken = isChosen(chosen, option);
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard path is the combobox input (aria-activedescendant)
              <div
                key={option.key}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={taken}
                className={[
                  'sl-search-select__option',
                  index === active ? 'is-highlighted' : '',
                  taken ? 'is-chosen' : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
                // Keep focus in the input: the option is chosen on click, not focused.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setHighlight(index)}
                onClick={() => choose(option)}
              >
                <OptionLabel option={option} query={query} />
              </div>
            );
          })}
      </div>
      <div className={VISUALLY_HIDDEN} role="status" aria-live="polite" aria-atomic="true">
        {message}
      </div>
    </div>
  );
}
