import { __ } from '@storelens/i18n';
import { getQuery, type Query, updateQueryString } from '@storelens/navigation';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { SearchConfig } from '../search/resolve-autocompleter';
import { Search } from '../search/search';
import type { SearchOption } from '../search-select/types';
import { canCompare, compareQueryValue } from './compare-value';
import '../style/parts.css';
import './compare-filter.css';

/** The caller's texts of CompareFilter. */
export interface CompareFilterLabels {
  /** Card title, e.g. 'Compare Products'. */
  title: string;
  /** Help shown in the tooltip of the disabled Update button, e.g. 'Check at least two products below to compare'. */
  helpText: string;
  /** Accessible label of the search box (default 'Search'). */
  search?: string;
  /** Placeholder of the search box. */
  placeholder?: string;
  /** Update button text (default 'Compare'). */
  update?: string;
}

/** Props of CompareFilter, plus the search type (`type`, and its settings) of its search box. */
export type CompareFilterProps = {
  /** The query parameter holding the compared keys, e.g. 'products'. */
  param: string;
  /** The texts. */
  labels: CompareFilterLabels;
  /** Options (with labels) for the keys in the query value, e.g. fetched with `include`. */
  getLabels: (value: string, query: Query) => Promise<SearchOption[]>;
  /** The current query (default: the URL's). */
  query?: Query;
  /** The report route the query is written to (default: the current one). */
  path?: string;
  /**
   * Writes the param: the keys comma-joined, or undefined to remove it. Default: navigate
   * with the param updated (updateQueryString).
   */
  onChange?: (value: string | undefined, param: string) => void;
} & SearchConfig;

/**
 * The compare-items card: a title, a search box of items, an Update button (disabled with a
 * help tooltip while fewer than 2 are chosen) and Clear all. Update writes the chosen keys
 * comma-joined into the param; Clear all, an emptied selection or a new param name remove it.
 */
export function CompareFilter(props: CompareFilterProps): ReactNode {
  const { param, labels, getLabels, path, onChange } = props;
  const query = props.query ?? getQuery();
  const raw = query[param];
  const value = typeof raw === 'string' && raw !== '' ? raw : undefined;
  const [chosen, setChosen] = useState<SearchOption[]>([]);
  const [showHelp, setShowHelp] = useState(false);
  const id = useId();

  const write = (next: string | undefined) => {
    if (onChange) onChange(next, param);
    else updateQueryString({ [param]: next }, path, query);
  };

  // Labels for the keys already in the query; nothing chosen when the param is gone.
  const latest = useRef({ getLabels, query });
  latest.current = { getLabels, query };
  useEffect(() => {
    if (value === undefined) {
      setChosen([]);
      return;
    }
    let current = true;
    latest.current.getLabels(value, latest.current.query).then(
      (options) => {
        if (current) setChosen(options);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [value]);

  // A new param name starts over: nothing chosen and the param cleared.
  const previousParam = useRef(param);
  const writeRef = useRef(write);
  writeRef.current = write;
  useEffect(() => {
    if (previousParam.current === param) return;
    previousParam.current = param;
    setChosen([]);
    writeRef.current(undefined);
  }, [param]);

  const ready = canCompare(chosen);
  const searchConfig = searchConfigOf(props);

  return (
    <section
      className="sl-surface sl-filter-card sl-compare-filter"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="sl-filter-card__title sl-compare-filter__title">
        {labels.title}
      </h2>
      <div className="sl-compare-filter__body">
        <Search
          {...searchConfig}
          label={labels.search ?? __('Search')}
          hideLabel
          placeholder={labels.placeholder}
          multiple
          value={chosen}
          onChange={(next) => {
            setChosen(next);
            if (next.length === 0) write(undefined);
          }}
        />
        <div className="sl-compare-filter__actions">
          <span className="sl-compare-filter__update-wrap">
            <button
              type="button"
              className="sl-compare-filter__update"
              aria-disabled={!ready}
              aria-describedby={ready ? undefined : `${id}-help`}
              onClick={() => {
                if (ready) write(compareQueryValue(chosen));
              }}
              onMouseEnter={() => setShowHelp(true)}
              onMouseLeave={() => setShowHelp(false)}
              onFocus={() => setShowHelp(true)}
              onBlur={() => setShowHelp(false)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setShowHelp(false);
              }}
            >
              {labels.update ?? __('Compare')}
            </button>
            {!ready && (
              <span
                id={`${id}-help`}
                role="tooltip"
                className="sl-compare-filter__help"
                hidden={!showHelp}
              >
                {labels.helpText}
              </span>
            )}
          </span>
          <button
            type="button"
            className="sl-compare-filter__clear"
            onClick={() => {
              setChosen([]);
              write(undefined);
            }}
          >
            {__('Clear all')}
          </button>
        </div>
      </div>
    </section>
  );
}

/** Only the search config fields of the props, as Search takes them. */
function searchConfigOf(props: CompareFilterProps): SearchConfig {
  const {
    param: _p,
    labels: _l,
    getLabels: _g,
    query: _q,
    path: _path,
    onChange: _o,
    ...config
  } = props;
  return config;
}
