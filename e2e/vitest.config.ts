import { defineConfig } from 'vitest/config';

/** Browser tests: playwright-core driving Debian's chromium against real servers. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    // The dashboard's production build, made once for every file (global-setup.ts).
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // Two files at a time: a file mostly waits on its server and its browser (one at a time
    // left the 2-core machine 70% idle). Each file has its own server, store and browser.
    maxWorkers: 2,
    // A page's answer to a click (a request, a re-render) can take seconds on a loaded CI
    // machine; vitest's 1 s default made polls fail there that pass on an idle one.
    expect: { poll: { timeout: 15_000 } },
  },
});
