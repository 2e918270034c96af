/**
 * Ids made by the process rather than the database: epoch microseconds (WooCommerce's
 * "microtime" ids, as jobs' are), so they sort by creation and need no sequence on either
 * engine.
 *
 * Within one process they strictly increase: several rows written in the same millisecond
 * (one delivery per channel of a message) take the next microseconds, where a random low
 * part could repeat. The random start of each process's low part keeps two processes
 * writing in the same millisecond apart in all but one case in a thousand; the tables that
 * take these ids have them as their primary key, so such a clash is refused, not merged.
 */
let last = 0;

export function newRowId(nowMs: number = Date.now()): number {
  const fresh = nowMs * 1000 + PROCESS_OFFSET;
  last = fresh > last ? fresh : last + 1;
  return last;
}

const PROCESS_OFFSET = Math.floor(Math.random() * 1000);
