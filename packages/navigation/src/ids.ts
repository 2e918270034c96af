/**
 * The ids in comma-separated text: each part trimmed, kept only when it is a whole positive
 * number, duplicates dropped, first-seen order kept. `'3, 1,x,3,0,-2'` → `[3, 1]`.
 */
export function getIdsFromQuery(text: string | null | undefined = ''): number[] {
  const ids = new Set<number>();
  for (const part of (text ?? '').split(',')) {
    const trimmed = part.trim();
    if (!/^\+?\d+$/.test(trimmed)) continue;
    const id = Number(trimmed);
    if (Number.isSafeInteger(id) && id > 0) ids.add(id);
  }
  return [...ids];
}

/** The ids in comma-separated text as a Set (see getIdsFromQuery). */
export function getSetOfIdsFromQuery(text: string | null | undefined = ''): Set<number> {
  return new Set(getIdsFromQuery(text));
}
