import { defineConfig } from 'vitest/config';

/** Browser tests: playwright-core driving Debian's chromium against real servers. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
