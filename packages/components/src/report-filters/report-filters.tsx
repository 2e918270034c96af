import { __ } from '@storelens/i18n';
import { flattenFilters } from '@storelens/navigation';
import type { ComponentType, ReactNode } from 'react';
import { AdvancedFilters } from '../advanced-filters/advanced-filters';
import type { ReportNavigate } from '../advanced-filters/report-navigate';
import { applyQueryUpdate } from '../advanced-filters/rows';
import type {
  AdvancedFiltersConfig,
  FilterCurrency,
  FilterInputComponents,
  ReportQuery,
} from '../advanced-filters/types';
import { CompareFilter } from '../compare-filter';
import { FilterPicker } from './filter-picker';
import type { CompareCardSettings, ReportFilterConfig } from './types';
import '../style/parts.css';
import './report-filters.css';
import { VISUALLY_HIDDEN } from '../primitives/visually-hidden';

/** The value of a report filter param that opens the advanced filter panel. */
export const ADVANCED_FILTER_VALUE = 'advanced';

/** Props the comparison card receives: the filter's settings plus the report location. */
export type CompareCardProps = CompareCardSettings & {
  /** The report query. */
  readonly query: ReportQuery;
  /** The report's in-app path. */
  readonly path: string;
  /** The caller's navigation, when given. */
  readonly onNavigate?: ReportNavigate;
};

/** The default comparison card: CompareFilter writing its param through the report navigation. */
export function CompareCard({ query, path, onNavigate, ...settings }: CompareCardProps) {
  return (
    <CompareFilter
      {...settings}
      query={query}
      path={path}
      onChange={
        onNavigate
          ? (value, param) => onNavigate(applyQueryUpdate(query, { [param]: value }))
          : undefined
      }
    />
  );
}

/** Replaceable pieces of ReportFilters. */
export interface ReportFiltersComponents {
  /** The comparison card shown for filters whose value starts with `compare`. */
  readonly CompareCard?: ComponentType<CompareCardProps>;
  /** Input components of the advanced filter panel, by kind. */
  readonly filterInputs?: Partial<FilterInputComponents>;
}

/** Props of the report filter bar. */
export interface ReportFiltersProps {
  /** The filter dropdowns. */
  readonly filters?: readonly ReportFilterConfig[];
  /** The advanced filter panel shown when a filter param equals `advanced`. */
  readonly advancedFilters?: AdvancedFiltersConfig;
  /** The report query. */
  readonly query: ReportQuery;
  /** The report's in-app path. */
  readonly path: string;
  /** Receives the complete next query; by default the app navigates to it. */
  readonly onNavigate?: ReportNavigate;
  /** The date range picker placed first in the bar (e.g. DateRangeFilterPicker). */
  readonly datePicker?: ReactNode;
  /** The store currency for the advanced panel's Currency inputs. */
  readonly currency?: FilterCurrency;
  /** Replaces pieces. */
  readonly components?: ReportFiltersComponents;
}

/**
 * The filters above a report: the date picker, one dropdown per filter config shown for the
 * query, and below them a card per dropdown whose value asks for one: the comparison card for
 * values starting with `compare`, the advanced filter panel for `advanced`.
 */
export function ReportFilters({
  filters = [],
  advancedFilters,
  query,
  path,
  onNavigate,
  datePicker,
  currency,
  components = {},
}: ReportFiltersProps) {
  const shown = filters.filter((config) => config.showFilters?.(query) ?? true);
  const { CompareCard: Card = CompareCard, filterInputs } = components;

  const card = (config: ReportFilterConfig) => {
    const value = query[config.param];
    if (typeof value !== 'string' || value === '') return null;
    if (value.startsWith('compare')) {
      const filter = flattenFilters(config.filters).find((item) => item.value === value);
      const settings = filter?.component === 'Search' ? undefined : filter?.settings;
      if (!settings) return null;
      return (
        <div key={config.param} className="sl-report-filters__card">
          <Card {...settings} query={query} path={path} {...(onNavigate ? { onNavigate } : {})} />
        </div>
      );
    }
    if (value === ADVANCED_FILTER_VALUE && advancedFilters) {
      return (
        <div key={config.param} className="sl-report-filters__card">
          <AdvancedFilters
            config={advancedFilters}
            query={query}
            path={path}
            {...(onNavigate ? { onNavigate } : {})}
            {...(currency ? { currency } : {})}
            {...(filterInputs ? { components: filterInputs } : {})}
          />
        </div>
      );
    }
    return null;
  };

  return (
    <div className="sl-report-filters">
      <fieldset className="sl-report-filters__bar">
        <legend className={VISUALLY_HIDDEN}>{__('Report filters')}</legend>
        {datePicker}
        {shown.map((config) => (
          <FilterPicker
            key={config.param}
            config={config}
            query={query}
            path={path}
            {...(onNavigate ? { onNavigate } : {})}
          />
        ))}
      </fieldset>
      {shown.map(card)}
    </div>
  );
}
