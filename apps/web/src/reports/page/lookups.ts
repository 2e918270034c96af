import {
  analyticsListRead,
  fetchRead,
  type ReportRow,
  useStorelensDispatch,
} from '@storelens/data';
import { useEffect, useState } from 'react';
import type { LookupDefinition, LookupEntry } from './types';

type Lookups = Readonly<Record<string, ReadonlyMap<string, LookupEntry>>>;

const EMPTY: Lookups = {};

/** The labels loaded, and whether a read of them failed (its rows are then left unlabelled). */
export interface LookupsResult {
  readonly lookups: Lookups;
  readonly failed: boolean;
}

/**
 * Loads the records a table labels its rows with (category names for breadcrumbs, product
 * names of downloads): by `include` for the ids on the page, or the whole list (100 a page)
 * when the definition names no ids. Answers are kept per kind and id for the session. An id
 * asked for and not answered is a deleted record; a read that failed marks nothing, and the
 * page says the labels could not be loaded (the data layer keeps the failure until the page
 * is loaded again, as for its other reads).
 */
export function useLookups(
  definitions: readonly LookupDefinition[] | undefined,
  rows: readonly ReportRow[],
): LookupsResult {
  const dispatch = useStorelensDispatch();
  const [lookups, setLookups] = useState<Lookups>(EMPTY);
  const [failed, setFailed] = useState(false);
  const wanted = (definitions ?? []).map((d) => ({
    definition: d,
    ids: d.ids ? [...new Set(d.ids(rows))].sort() : undefined,
  }));
  const key = JSON.stringify(wanted.map((w) => [w.definition.kind, w.ids ?? 'all']));
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the kinds and ids wanted
  useEffect(() => {
    let cancelled = false;
    for (const { definition, ids } of wanted) {
      if (ids && ids.length === 0) continue;
      const known = lookups[definition.kind];
      if (ids && known && ids.every((id) => known.has(id))) continue;
      if (!ids && known) continue;
      const list = analyticsListRead(definition.path);
      void (async () => {
        const records: Readonly<Record<string, unknown>>[] = [];
        // Through the data layer's cache, which keeps a failure as the entry's error.
        const read = async (query: Record<string, string | number>) => {
          const entry = await dispatch(fetchRead(list, query));
          if (!entry || entry.error) {
            if (!cancelled) setFailed(true);
            return undefined;
          }
          return Array.isArray(entry.result) ? entry.result : [];
        };
        for (let page = 1; page <= 20; page += 1) {
          const answer = await read(
            ids ? { include: ids.join(','), per_page: 100 } : { per_page: 100, page },
          );
          if (!answer) return;
          records.push(...answer);
          if (ids || answer.length < 100) break;
        }
        const answered = new Set(records.map((record) => String(record.id)));
        const missing = (ids ?? []).filter((id) => !answered.has(id));
        if (definition.missingQuery && missing.length > 0) {
          const answer = await read({
            include: missing.join(','),
            per_page: 100,
            ...definition.missingQuery,
          });
          if (!answer) return;
          records.push(...answer);
        }
        if (cancelled) return;
        setFailed(false);
        setLookups((current) => {
          const map = new Map(current[definition.kind] ?? []);
          for (const record of records) map.set(String(record.id), definition.entry(record));
          // Ids asked for and not answered (deleted records) are remembered as unknown.
          for (const id of ids ?? []) if (!map.has(id)) map.set(id, { name: '' });
          return { ...current, [definition.kind]: map };
        });
      })();
    }
    return () => {
      cancelled = true;
    };
  }, [key, dispatch]);
  return { lookups, failed };
}
