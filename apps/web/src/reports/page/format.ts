const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A count or average as "1,234" or "1.83". */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/**
 * A store-local date or date-time from the API (`2026-01-05 14:33:43`, `2026-01-05T14:33:43`
 * or `2026-01-05`) as "Jan 5, 2026". The text is already in the store's zone, so it is read as
 * it stands, never shifted by the browser's zone; empty or unreadable values give "".
 */
export function formatStoreDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return '';
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}
