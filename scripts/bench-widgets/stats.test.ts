import assert from 'node:assert/strict';
import { test } from 'vitest';
import { formatFigure, percentile, summarize } from './stats';

test('percentile uses the nearest rank', () => {
  const twenty = Array.from({ length: 20 }, (_, index) => index + 1);
  assert.equal(percentile(twenty, 50), 10);
  assert.equal(percentile(twenty, 95), 19);
  assert.equal(percentile(twenty, 100), 20);
  assert.equal(percentile([7], 50), 7);
  assert.ok(Number.isNaN(percentile([], 50)));
});

test('summarize sorts the samples without changing them', () => {
  const samples = [30, 10, 20, 50, 40];
  assert.deepEqual(summarize(samples), { p50: 30, p95: 50, runs: 5 });
  assert.deepEqual(samples, [30, 10, 20, 50, 40]);
});

test('formatFigure prints p50, p95 and the target', () => {
  assert.equal(
    formatFigure('table re-sort', { p50: 3.04, p95: 7.96, runs: 20 }, 16),
    'table re-sort: p50 3.0 ms, p95 8.0 ms (target < 16 ms)',
  );
  assert.equal(formatFigure('x', { p50: 1, p95: 2, runs: 2 }), 'x: p50 1.0 ms, p95 2.0 ms');
});
