import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expectShopTotals } from './connect-helpers';
import { buildTestApp, freshStore } from './harness';
import { WooSimulator } from './woo-simulator';

const cli = fileURLToPath(new URL('../src/connect/cli.ts', import.meta.url));

function run(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += String(d);
    });
    child.stderr.on('data', (d) => {
      output += String(d);
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
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
