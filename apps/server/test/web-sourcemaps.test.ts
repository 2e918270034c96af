import { fileURLToPath } from 'node:url';
import { resolveConfig } from 'vite';
import { expect, it } from 'vitest';

/**
 * The server serves whatever the dashboard's build wrote (apps/web/dist): with source maps on,
 * every visitor could fetch the dashboard's whole source, comments included, from the `.map`
 * files. The production build writes none (`npm run dev` maps modules by itself).
 */
it('the production build of the dashboard writes no source maps', async () => {
  const configFile = fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url));
  const config = await resolveConfig({ configFile, logLevel: 'silent' }, 'build', 'production');
  expect(config.build.sourcemap).toBe(false);
});
