import type { ChartDataRow, TableHeader, TableRow } from '@storelens/components';

/** Hours in a 365-day year: the chart benchmark's point count. */
export const HOURS_IN_YEAR = 8760;

const pad = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM-DDTHH:00:00' of an hour offset from Jan 1 of `year`, with no time zone involved. */
export function hourStamp(year: number, hour: number): string {
  const date = new Date(Date.UTC(year, 0, 1, hour));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:00:00`;
}

/** A deterministic, hour-of-day shaped value with some noise, so lines are not straight. */
function hourlyValue(hour: number, seed: number): number {
  const daily = Math.sin(((hour % 24) / 24) * 2 * Math.PI - Math.PI / 2) + 1;
  const noise = ((hour * 7919 + seed * 104729) % 1000) / 1000;
  return Math.round((20 + 60 * daily + 25 * noise + seed * 5) * 100) / 100;
}

/**
 * Time-comparison rows, one per hour of `year`: a primary series and a secondary series whose
 * `labelDate` is the same hour a year earlier.
 */
export function hourlyComparisonRows(year: number, hours = HOURS_IN_YEAR): ChartDataRow[] {
  const rows: ChartDataRow[] = [];
  for (let hour = 0; hour < hours; hour++) {
    const date = hourStamp(year, hour);
    rows.push({
      date,
      primary: { value: hourlyValue(hour, 1), label: String(year) },
      secondary: {
        value: hourlyValue(hour, 2),
        label: String(year - 1),
        labelDate: `${year - 1}${date.slice(4)}`,
      },
    });
  }
  return rows;
}

/** Nine columns of a products-like report, all sortable. */
export const BENCH_TABLE_HEADERS: readonly TableHeader[] = [
  { key: 'product', label: 'Product', isSortable: true, isLeftAligned: true, required: true },
  { key: 'sku', label: 'SKU', isSortable: true },
  { key: 'items_sold', label: 'Items sold', isSortable: true, isNumeric: true, defaultSort: true },
  { key: 'net_revenue', label: 'Net sales', isSortable: true, isNumeric: true },
  { key: 'orders_count', label: 'Orders', isSortable: true, isNumeric: true },
  { key: 'category', label: 'Category', isSortable: true },
  { key: 'variations', label: 'Variations', isSortable: true, isNumeric: true },
  { key: 'status', label: 'Status', isSortable: true },
  { key: 'stock', label: 'Stock', isSortable: true, isNumeric: true },
];

const CATEGORIES = ['Accessories', 'Clothing', 'Decor', 'Hoodies', 'Music', 'Tshirts'];
const STATUSES = ['In stock', 'Low stock', 'Out of stock', 'On backorder'];

/** `count` rows for {@link BENCH_TABLE_HEADERS}, raw values for sorting and text for display. */
export function benchTableRows(count: number): TableRow[] {
  const rows: TableRow[] = [];
  for (let index = 0; index < count; index++) {
    const sold = (index * 7919) % 997;
    const revenue = Math.round(((index * 104729) % 100_003) * 1.37) / 100;
    const orders = (index * 31) % 211;
    const variations = index % 9;
    const stock = (index * 53) % 400;
    const category = CATEGORIES[index % CATEGORIES.length]!;
    const status = STATUSES[(index * 3) % STATUSES.length]!;
    const product = `Product ${pad((index * 37) % count)}-${index}`;
    const sku = `SL-${(index * 7717) % 10_000}`;
    rows.push([
      { display: product, value: product },
      { display: sku, value: sku },
      { display: sold.toLocaleString('en-US'), value: sold },
      { display: `$${revenue.toFixed(2)}`, value: revenue },
      { display: orders.toLocaleString('en-US'), value: orders },
      { display: category, value: category },
      { display: String(variations), value: variations },
      { display: status, value: status },
      { display: stock.toLocaleString('en-US'), value: stock },
    ]);
  }
  return rows;
}
