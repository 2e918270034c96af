import type { Query } from '@storelens/navigation';
import { formatNumber, formatStoreDate } from './format';
import type { LookupEntry, RowContext } from './types';

/** A row context for definition tests: dollars, en-US numbers, given lookups. */
export function testContext(
  query: Query = {},
  lookups: Record<string, ReadonlyMap<string, LookupEntry>> = {},
  shopUrl?: string,
): RowContext {
  return {
    query,
    formatAmount: (n) =>
      `${n < 0 ? '-' : ''}$${Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    formatNumber,
    formatDate: formatStoreDate,
    defaultDateRange: 'period=month&compare=previous_year',
    manageStock: true,
    lookups,
    shopUrl,
  };
}
