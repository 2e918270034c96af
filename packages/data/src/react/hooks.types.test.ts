import type {
  CustomersListRow,
  DownloadFileRow,
  NoteBody as Note,
  OrdersListRow,
  ProductSearchRow,
  ReportRow,
  ReportStatsBody as ReportStats,
} from '@storelens/api';
import { describe, expectTypeOf, it } from 'vitest';
import type { ApiError } from '../client/api-error.ts';
import type { ApiClient, ApiResponse } from '../client/client.ts';
import type { useItems } from '../stores/items/hooks.ts';
import type { Item } from '../stores/items/slice.ts';
import type { useNotes } from '../stores/notes/hooks.ts';
import type { useOptions } from '../stores/options/hooks.ts';
import type { UpdateOptionsResult } from '../stores/options/slice.ts';
import type { usePlugins } from '../stores/plugins/hooks.ts';
import type { PluginState } from '../stores/plugins/messages.ts';
import { fetchRecommendedPlugins } from '../stores/plugins/slice.ts';
import { useReportItems, type useReportStats } from '../stores/reports/hooks.ts';
import type { useSettings } from '../stores/settings/hooks.ts';

// Type tests: these never run a hook, they pin the public types (checked by tsc).
describe('public hook types', () => {
  it('useOptions keys its values by the names asked for', () => {
    type R = ReturnType<typeof useOptions<'a' | 'b'>>;
    expectTypeOf<R['values']>().toEqualTypeOf<{ readonly a?: unknown; readonly b?: unknown }>();
    expectTypeOf<R['requestingErrors']>().toEqualTypeOf<{
      readonly a?: ApiError;
      readonly b?: ApiError;
    }>();
    expectTypeOf<R['updateOptions']>().returns.toEqualTypeOf<Promise<UpdateOptionsResult>>();
  });

  it('an options update result narrows on success', () => {
    const narrow = (r: UpdateOptionsResult) => {
      if (!r.success) expectTypeOf(r.code).toEqualTypeOf<string>();
    };
    expectTypeOf(narrow).toBeFunction();
  });

  it('report hooks', () => {
    type Items = ReturnType<typeof useReportItems>;
    expectTypeOf<Items['data']>().toEqualTypeOf<readonly ReportRow[]>();
    expectTypeOf<Items['error']>().toEqualTypeOf<ApiError | null>();
    expectTypeOf<Items['totalResults']>().toEqualTypeOf<number>();
    type Stats = ReturnType<typeof useReportStats>;
    expectTypeOf<Stats['data']>().toEqualTypeOf<ReportStats | null>();
    expectTypeOf<Stats['isEmpty']>().toEqualTypeOf<boolean>();
    expectTypeOf(useReportItems).parameters.toEqualTypeOf<
      [string, import('../client/query-string.ts').QueryArgs]
    >();
  });

  it('a list endpoint or item type named literally reads its rows by their schema', () => {
    expectTypeOf<ReturnType<typeof useReportItems<'orders'>>['data']>().toEqualTypeOf<
      readonly OrdersListRow[]
    >();
    expectTypeOf<ReturnType<typeof useReportItems<'downloads/files'>>['data']>().toEqualTypeOf<
      readonly DownloadFileRow[]
    >();
    expectTypeOf<ReturnType<typeof useReportItems<string>>['data']>().toEqualTypeOf<
      readonly ReportRow[]
    >();
    expectTypeOf<ReturnType<typeof useItems<'products'>>['items']>().toEqualTypeOf<
      readonly ProductSearchRow[]
    >();
    expectTypeOf<ReturnType<typeof useItems<'customers'>>['items']>().toEqualTypeOf<
      readonly CustomersListRow[]
    >();
    expectTypeOf<ReturnType<typeof useItems<string>>['items']>().toEqualTypeOf<readonly Item[]>();
  });

  it('settings, notes, items and plugins hooks', () => {
    type Settings = ReturnType<typeof useSettings>;
    expectTypeOf<Settings['persistSettings']>().toEqualTypeOf<() => Promise<boolean>>();
    expectTypeOf<Settings['settings']>().toEqualTypeOf<Readonly<Record<string, unknown>>>();
    expectTypeOf<ReturnType<typeof useNotes>['items']>().toEqualTypeOf<readonly Note[]>();
    expectTypeOf<ReturnType<typeof useItems>['items']>().toEqualTypeOf<readonly Item[]>();
    expectTypeOf<ReturnType<typeof useItems>['updateProductStock']>().returns.toEqualTypeOf<
      Promise<boolean>
    >();
    expectTypeOf<
      ReturnType<typeof usePlugins>['getPluginState']
    >().returns.toEqualTypeOf<PluginState>();
  });

  it('recommended plugins only accept payments; the client returns typed responses', () => {
    expectTypeOf(fetchRecommendedPlugins).parameter(0).toEqualTypeOf<'payments'>();
    expectTypeOf<ReturnType<ApiClient['get']>>().toEqualTypeOf<Promise<ApiResponse<unknown>>>();
  });
});
