/**
 * The saved segments table (migration 038), merged into the store's Kysely schema by
 * declaration merging, so the rest of db/schema.ts stays as it is.
 */
declare module '../db/schema' {
  interface Database {
    saved_segments: SavedSegmentTable;
  }
}

/** A saved segment; `query` is JSON of its source report's parameters, already validated. */
export interface SavedSegmentTable {
  id: number;
  name: string;
  user_id: number;
  shared: number;
  source: string;
  query: string;
  created_gmt: string;
  updated_gmt: string;
}
