import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit, component and server tests. Browser e2e has its own config in e2e/.

/**
 * The pure packages' and the components' files share their workers' module graph and jsdom
 * instead of starting each in a fresh one: setting those up cost four times the tests' own
 * time (the components and data, 133 s against 34 s on 2 cores). Their tests keep no state
 * between files (testing-library unmounts after each test; each date project keeps its own
 * workers, so its zone). The server's and the compat files stay isolated: they change
 * module-level settings (COPY on or off) and start servers.
 */
const SHARED_WORKERS = { isolate: false };

/**
 * The server's and compat tests' limit: their slowest (a bulk load checked against ordinary
 * ingestion, an import killed and resumed) take 20-34 s with four workers on 2 cores, so a
 * machine half as fast would pass 60 s.
 */
const SERVER_TEST_TIMEOUT_MS = 120_000;

const unit = (name: string, include: string[], env: Record<string, string> = {}) => ({
  test: { name, include, environment: 'node', globals: true, env, ...SHARED_WORKERS },
});

/**
 * The React tests' limit: their setup lets findBy… and waitFor wait up to 15 s
 * (packages/components/test/setup.ts), so a test waiting twice still ends within it.
 */
const JSDOM_TEST_TIMEOUT_MS = 30_000;

/** A project of React tests in jsdom (the data layer's, the components', the dashboard's). */
const jsdom = (name: string, include: string[]) => ({
  test: {
    name,
    include,
    environment: 'jsdom',
    globals: true,
    setupFiles: ['packages/components/test/setup.ts'],
    testTimeout: JSDOM_TEST_TIMEOUT_MS,
    ...SHARED_WORKERS,
  },
});

export default defineConfig({
  test: {
    // The server's files spend most of their time waiting on PostgreSQL, on the servers and
    // child processes they start, and on timers: with one worker per core (2) the machine sat
    // 45-60% idle through them. Four workers keep it busy; more would only queue for the
    // cores (and each worker's stores hold PostgreSQL connections).
    maxWorkers: 4,
    projects: [
      // The date suite runs in three zones: plain UTC, a DST zone, and a +05:45 offset.
      unit('date-utc', ['packages/date/src/**/*.test.ts'], { TZ: 'UTC' }),
      unit('date-new-york', ['packages/date/src/**/*.test.ts'], { TZ: 'America/New_York' }),
      unit('date-kathmandu', ['packages/date/src/**/*.test.ts'], { TZ: 'Asia/Kathmandu' }),
      unit('scripts', ['scripts/**/*.test.ts']),
      unit('helpers', ['packages/{i18n,navigation,number,currency,api,csv}/src/**/*.test.ts']),
      jsdom('data', ['packages/data/src/**/*.test.{ts,tsx}']),
      jsdom('components', ['packages/components/src/**/*.test.{ts,tsx}']),
      jsdom('web', ['apps/web/src/**/*.test.{ts,tsx}']),
      {
        // WooCommerce's published client (@woocommerce/data) against the real server.
        resolve: {
          alias: {
            '@woocommerce/settings': fileURLToPath(
              new URL('./compat/wc-settings.ts', import.meta.url),
            ),
          },
        },
        test: {
          name: 'compat',
          include: ['compat/**/*.test.ts'],
          environment: 'jsdom',
          globals: true,
          testTimeout: SERVER_TEST_TIMEOUT_MS,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globals: true,
          // Every test app's notifier ticks once on its real clock: starter alert rules would
          // add rules, events and inbox notes to suites that count them. The alerts suites
          // make them on purpose (notify/starters.ts).
          // The RFM days' keeper likewise sweeps after each ingested batch; its tests run it.
          env: { STORELENS_STARTER_ALERTS: 'off', STORELENS_RFM_SWEEPS: 'off' },
          testTimeout: SERVER_TEST_TIMEOUT_MS,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
