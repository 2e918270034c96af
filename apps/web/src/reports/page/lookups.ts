import { useApiFetch } from '@storelens/components';
import type { ReportRow } from '@storelens/data';
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
 * asked for and not answered is a deleted record; a read that failed marks nothing, so a
 * later render asks again, and the page says the labels could not be loaded.
 */
export function useLookups(
  definitions: readonly LookupDefinition[] | undefined,
  rows: readonly ReportRow[],
): LookupsResult {
  const apiFetch = useApiFetch();
  const [lookups, setLookups] = useState<Lookups>(EMPTY);
  const [failed, setFailed] = useState(false);
  const wanted = (definitions ?? []).map((d) => ({
    definition: d,
    ids: d.ids ? [...new Set(d.ids(rows))].sort() : undefined,
  }));
  const key = JSON.stringify(wanted.map((w) => [w.definition.kind, w.ids ?? 'all']));
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the kinds and ids wanted
  useEffect(() => {
    const controller = new AbortController();
    for (const { definition, ids } of wanted) {
      if (ids && ids.length === 0) continue;
      const known = lookups[definition.kind];
      if (ids && known && ids.every((id) => known.has(id))) continue;
      if (!ids && known) continue;
      void (async () => {
        const records: Record<string, unknown>[] = [];
        const read = async (query: string): Promise<unknown[] | undefined> => {
          try {
            const list = await apiFetch(`/wc-analytics/${definition.path}?${query}`, {
              signal: controller.signal,
            });
            return Array.isArray(list) ? list : [];
          } catch {
            if (!controller.signal.aborted) setFailed(true);
            return undefined;
          }
        };
        for (let page = 1; page <= 20; page += 1) {
          const query = ids ? `include=${ids.join(',')}&per_page=100` : `per_page=100&page=${page}`;
          const list = await read(query);
          if (!list) return;
          records.push(...(list as Record<string, unknown>[]));
          if (ids || list.length < 100) break;
        }
        const answered = new Set(records.map((record) => String(record.id)));
        const missing = (ids ?? []).filter((id) => !answered.has(id));
        if (definition.missingQuery && missing.length > 0) {
          const list = await read(
            `include=${missing.join(',')}&per_page=100&${definition.missingQuery}`,
          );
          if (!list) return;
          records.push(...(list as Record<string, unknown>[]));
        }
        if (controller.signal.aborted) return;
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
    return () => controller.abort();
  }, [key, apiFetch]);
  return { lookups, failed };
}
