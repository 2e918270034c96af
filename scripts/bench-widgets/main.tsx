/**
 * The widget bench page (built by bench.ts, driven in Chromium). It exposes
 * `window.storelensBench`; every figure is taken here with performance.now():
 * - commit: from the render call (or the header click) until React has committed the DOM and
 *   the browser has computed style and layout for it (forced with getBoundingClientRect);
 * - frame: from the same start until after the next animation frame, i.e. once the browser had
 *   its chance to paint.
 */
import '@storelens/components/tokens.css';
import {
  Chart,
  currentSort,
  sortAfterClick,
  sortRows,
  TableCard,
  type TableQuery,
  type TableRow,
  type TableSort,
} from '@storelens/components';
import { useLayoutEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { BENCH_TABLE_HEADERS, benchTableRows, hourlyComparisonRows } from './data';
import type { WidgetResult, WidgetSample } from './protocol';

/** The chart's plot width the figure is about. */
const PLOT_WIDTH = 1200;
const TABLE_ROW_COUNT = 100;
const COMMIT_TIMEOUT_MS = 5000;

const stage = document.getElementById('bench')!;
const chartData = hourlyComparisonRows(2025);
const tableRows = benchTableRows(TABLE_ROW_COUNT);

/** Resolves after the next animation frame has run and the frame had its chance to paint. */
function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    });
  });
}

/** A pause between runs, so garbage collection and idle work fall outside the measurements. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 40));

// ---- Chart -------------------------------------------------------------------------------

/** The host width giving a 1200 px plot (the chart's border and padding come on top). */
let chartHostWidth: number | undefined;

function mountChart(type: 'line' | 'bar', hostWidth: number) {
  const host = document.createElement('div');
  host.style.width = `${hostWidth}px`;
  stage.append(host);
  const root = createRoot(host);
  const started = performance.now();
  // The chart measures its width in a layout effect and draws the plot in the re-render that
  // follows; both happen inside this synchronous render.
  flushSync(() =>
    root.render(
      <Chart
        data={chartData}
        type={type}
        mode="time-comparison"
        interval="hour"
        allowedIntervals={['hour', 'day', 'week', 'month']}
        valueType="currency"
        title="Net sales"
      />,
    ),
  );
  host.getBoundingClientRect(); // forces style and layout of the committed DOM
  const committed = performance.now();
  // The plot is the widest SVG (the header's icons are SVGs too); it must hold the series.
  const svgs = [...host.querySelectorAll('svg')];
  const plotWidth = Math.max(0, ...svgs.map((svg) => Number(svg.getAttribute('width')) || 0));
  const plotPaths = svgs
    .filter((svg) => Number(svg.getAttribute('width')) === plotWidth)
    .reduce((sum, svg) => sum + svg.querySelectorAll('path').length, 0);
  if (plotWidth < 100 || plotPaths < 2) {
    throw new Error(`the ${type} chart did not draw its plot synchronously`);
  }
  const unmount = () => {
    root.unmount();
    host.remove();
  };
  return { started, committed, plotWidth, unmount };
}

/** Finds the host width at which the chart's plot is exactly PLOT_WIDTH wide. */
function calibrateChartHost(): number {
  if (chartHostWidth !== undefined) return chartHostWidth;
  let width = PLOT_WIDTH;
  const tried: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const probe = mountChart('line', width);
    probe.unmount();
    tried.push(`host ${width} px → plot ${probe.plotWidth} px`);
    if (probe.plotWidth === PLOT_WIDTH) {
      chartHostWidth = width;
      return width;
    }
    width += PLOT_WIDTH - probe.plotWidth;
  }
  throw new Error(`could not size the chart's plot to ${PLOT_WIDTH} px (${tried.join(', ')})`);
}

async function benchChart(type: 'line' | 'bar', warmup: number, runs: number) {
  const hostWidth = calibrateChartHost();
  const samples: WidgetSample[] = [];
  let plotWidth = 0;
  for (let run = 0; run < warmup + runs; run++) {
    const mounted = mountChart(type, hostWidth);
    await afterNextFrame();
    const framed = performance.now();
    if (run >= warmup) {
      samples.push({
        commitMs: mounted.committed - mounted.started,
        frameMs: framed - mounted.started,
      });
    }
    plotWidth = mounted.plotWidth;
    mounted.unmount();
    await settle();
  }
  const result: WidgetResult = {
    samples,
    facts: [
      `${chartData.length.toLocaleString('en-US')} rows × 2 series, plot ${plotWidth} px wide`,
    ],
  };
  return result;
}

// ---- Table -------------------------------------------------------------------------------

/** Called from the table page's layout effect each time re-sorted rows commit. */
let onRowsCommitted: ((at: number) => void) | undefined;

function markRowsCommitted() {
  stage.getBoundingClientRect(); // forces style and layout of the committed rows
  onRowsCommitted?.(performance.now());
}

/** A report page holding data it already has: the sort lives in its query, rows sorted here. */
function TablePage({ rows }: { rows: readonly TableRow[] }) {
  const [query, setQuery] = useState<TableQuery>({});
  const { orderby, order } = currentSort(BENCH_TABLE_HEADERS, query);
  const sorted = useMemo(
    () => sortRows(rows, BENCH_TABLE_HEADERS, { orderby, order }),
    [rows, orderby, order],
  );
  useLayoutEffect(() => {
    if (sorted.length > 0) markRowsCommitted();
  }, [sorted]);
  return (
    <TableCard
      title="Products"
      headers={BENCH_TABLE_HEADERS}
      rows={sorted}
      totalRows={rows.length}
      rowsPerPage={rows.length}
      query={query}
      onQueryChange={(update) => setQuery((previous) => ({ ...previous, ...update }))}
    />
  );
}

function waitForRowsCommitted(): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the table did not commit re-sorted rows')),
      COMMIT_TIMEOUT_MS,
    );
    onRowsCommitted = (at) => {
      clearTimeout(timer);
      onRowsCommitted = undefined;
      resolve(at);
    };
  });
}

/** Checks what a user would see: the clicked column's aria-sort and the first row's cell. */
function checkSorted(host: HTMLElement, column: number, expected: TableSort) {
  const header = host.querySelectorAll('thead th')[column];
  const wanted = expected.order === 'asc' ? 'ascending' : 'descending';
  if (header?.getAttribute('aria-sort') !== wanted) {
    throw new Error(`column ${column} is not marked ${wanted} after the click`);
  }
  const first = sortRows(tableRows, BENCH_TABLE_HEADERS, expected)[0]?.[column]?.display;
  const shown = host.querySelector('tbody tr')?.children[column]?.textContent;
  if (shown !== String(first)) {
    throw new Error(`column ${column}: first row shows ${shown}, expected ${String(first)}`);
  }
}

async function benchTable(warmup: number, runs: number) {
  const host = document.createElement('div');
  host.style.width = `${PLOT_WIDTH}px`;
  stage.append(host);
  const root = createRoot(host);
  root.render(<TablePage rows={tableRows} />);
  await afterNextFrame();
  const buttons = [...host.querySelectorAll<HTMLButtonElement>('thead th button')];
  if (buttons.length !== BENCH_TABLE_HEADERS.length) {
    throw new Error(`expected ${BENCH_TABLE_HEADERS.length} sort buttons, found ${buttons.length}`);
  }
  let sort = currentSort(BENCH_TABLE_HEADERS, {});
  const samples: WidgetSample[] = [];
  for (let run = 0; run < warmup + runs; run++) {
    // Each column twice: a new column (descending), then the same one flipped (ascending).
    const column = Math.floor(run / 2) % buttons.length;
    sort = sortAfterClick(sort, BENCH_TABLE_HEADERS[column]!.key);
    const committed = waitForRowsCommitted();
    const started = performance.now();
    buttons[column]!.dispatchEvent(
      new MouseEvent('click', { bubbles: true, cancelable: true, view: window }),
    );
    const committedAt = await committed;
    await afterNextFrame();
    const framed = performance.now();
    checkSorted(host, column, sort);
    if (run >= warmup) {
      samples.push({ commitMs: committedAt - started, frameMs: framed - started });
    }
    await settle();
  }
  const cells = host.querySelectorAll('tbody tr').length;
  root.unmount();
  host.remove();
  const result: WidgetResult = {
    samples,
    facts: [`${cells} rows × ${BENCH_TABLE_HEADERS.length} columns, sorted in the page`],
  };
  return result;
}

window.storelensBench = { chart: benchChart, table: benchTable };
