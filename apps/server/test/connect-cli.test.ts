import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expectShopTotals } from './connect-helpers';
import { buildTestApp, freshStore } from './harness';
import { spawnTsx } from './rebuild-helpers';
import { WooSimulator } from './woo-simulator';

const cli = fileURLToPath(new URL('../src/cli/connect.ts', import.meta.url));

async function run(args: string[], env: Record<string, string>) {
  const child = spawnTsx(cli, args, env);
  return { code: await child.exited, output: child.output() };
}

describe('npm run connect', () => {
  it('connects, prints progress, exits when the import is done; refuses a wrong key', async () => {
    const store = await freshStore('sqlite');
    const sim = await new WooSimulator({ seed: 21 }).start();
    sim.generate(150);
    const env = { DATABASE_URL: `file:${store.db.sqlite!.name}`, STORELENS_PUBLIC_URL: '' };
    try {
      const refused = await run(['--url', sim.url, '--key', 'ck_test', '--secret', 'nope'], env);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('storelens_connection_unauthorized');

      const { code, output } = await run(
        ['--url', sim.url, '--key', 'ck_test', '--secret', 'cs_test'],
        env,
      );
      expect(code, output).toBe(0);
      expect(output).toContain(
        'Connected to Simulated Shop (WooCommerce 9.4.2, USD, Europe/Paris).',
      );
      expect(output).toContain('No webhooks registered');
      expect(output).toMatch(/orders 150\/150/);
      expect(output).toContain('Import done.');
      const app = await buildTestApp(store.db);
      await expectShopTotals(app, sim);
      await app.close();
    } finally {
      await sim.close();
      await store.drop();
    }
  }, 120_000);
});
