import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Unit, component and server tests. Browser e2e has its own config in e2e/. */
const unit = (name: string, include: string[], env: Record<string, string> = {}) => ({
  test: { name, include, environment: 'node', globals: true, env },
});

export default defineConfig({
  test: {
    projects: [
      // The date suite runs in three zones: plain UTC, a DST zone, and a +05:45 offset.
      unit('date-utc', ['packages/date/src/**/*.test.ts'], { TZ: 'UTC' }),
      unit('date-new-york', ['packages/date/src/**/*.test.ts'], { TZ: 'America/New_York' }),
      unit('date-kathmandu', ['packages/date/src/**/*.test.ts'], { TZ: 'Asia/Kathmandu' }),
      unit('scripts', ['scripts/**/*.test.ts']),
      unit('helpers', ['packages/{i18n,navigation,number,currency,api}/src/**/*.test.ts']),
      {
        test: {
          name: 'data',
          include: ['packages/data/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          globals: true,
        },
      },
      {
        test: {
          name: 'components',
          include: ['packages/components/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          globals: true,
          setupFiles: ['packages/components/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          globals: true,
          setupFiles: ['packages/components/test/setup.ts'],
        },
      },
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
          testTimeout: 60_000,
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
