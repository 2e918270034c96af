import assert from 'node:assert/strict';
import { test } from 'vitest';
import { BENCH_TABLE_HEADERS, benchTableRows, HOURS_IN_YEAR, hourlyComparisonRows } from './data';

test('a year of hourly comparison rows covers Jan 1 00:00 to Dec 31 23:00', () => {
  const rows = hourlyComparisonRows(2025);
  assert.equal(rows.length, HOURS_IN_YEAR);
  assert.equal(rows[0]?.date, '2025-01-01T00:00:00');
  assert.equal(rows[24]?.date, '2025-01-02T00:00:00');
  assert.equal(rows.at(-1)?.date, '2025-12-31T23:00:00');
  const secondary = rows[1000]?.secondary;
  assert.ok(typeof secondary === 'object');
  assert.equal(secondary.labelDate, `2024${rows[1000]?.date.slice(4)}`);
  assert.ok(
    rows.every((row) => typeof row.primary === 'object' && typeof row.secondary === 'object'),
  );
});

test('the hourly values vary, so the paths are not flat', () => {
  const values = new Set(
    hourlyComparisonRows(2025, 48).map((row) =>
      typeof row.primary === 'object' ? row.primary.value : Number.NaN,
    ),
  );
  assert.ok(values.size > 24);
});

test('table rows have one cell per header and sortable, varied values', () => {
  const rows = benchTableRows(100);
  assert.equal(rows.length, 100);
  assert.equal(BENCH_TABLE_HEADERS.length, 9);
  assert.ok(BENCH_TABLE_HEADERS.every((header) => header.isSortable));
  assert.ok(rows.every((row) => row.length === BENCH_TABLE_HEADERS.length));
  BENCH_TABLE_HEADERS.forEach((_, column) => {
    const distinct = new Set(rows.map((row) => row[column]?.value));
    assert.ok(distinct.size > 3, `column ${column} has too few distinct values`);
  });
});
