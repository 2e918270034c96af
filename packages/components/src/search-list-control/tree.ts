import type { SearchListItem } from './types';

/** An item placed in the list: its depth and the names of its ancestors. */
export interface PlacedItem {
  /** The item. */
  item: SearchListItem;
  /** 0 for top level, 1 for a child… */
  depth: number;
  /** Ancestor names, outermost first (the item's own breadcrumbs when it has them). */
  breadcrumbs: readonly string[];
}

function isTopLevel(item: SearchListItem, ids: ReadonlySet<string>): boolean {
  return (
    item.parent === undefined ||
    item.parent === 0 ||
    item.parent === '' ||
    !ids.has(String(item.parent))
  );
}

/**
 * The items in display order, parents before their children (from `parent` ids, or from
 * `children` when given), each with its depth and ancestors. Cycles are cut.
 */
export function placeItems(items: readonly SearchListItem[]): PlacedItem[] {
  const ids = new Set(items.map((item) => String(item.id)));
  const byParent = new Map<string, SearchListItem[]>();
  for (const item of items) {
    if (isTopLevel(item, ids)) continue;
    const key = String(item.parent);
    byParent.set(key, [...(byParent.get(key) ?? []), item]);
  }
  const placed: PlacedItem[] = [];
  const visited = new Set<string>();
  const visit = (item: SearchListItem, depth: number, ancestors: readonly string[]) => {
    const key = String(item.id);
    if (visited.has(key)) return;
    visited.add(key);
    placed.push({ item, depth, breadcrumbs: item.breadcrumbs ?? ancestors });
    const children = [...(item.children ?? []), ...(byParent.get(key) ?? [])];
    for (const child of children) visit(child, depth + 1, [...ancestors, item.name]);
  };
  for (const item of items) if (isTopLevel(item, ids)) visit(item, 0, []);
  return placed;
}

/** The placed items whose name contains the search text (case-insensitive); all for blank text. */
export function filterPlaced(placed: readonly PlacedItem[], search: string): PlacedItem[] {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === '') return [...placed];
  return placed.filter(({ item }) => item.name.toLocaleLowerCase().includes(needle));
}
