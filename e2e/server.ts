import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/**
 * Builds the dashboard (skipped with STORELENS_E2E_PREBUILT=1); global-setup.ts calls it once
 * per run.
 */
export function buildDashboard(): void {
  if (process.env.STORELENS_E2E_PREBUILT === '1') return;
  // A production build, as `npm start` makes: vitest runs with NODE_ENV=test, which would
  // otherwise give React's and Redux's development builds.
  const r = spawnSync('npx', ['vite', 'build', 'apps/web', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build
    // (slower, larger, with StrictMode's doubled effects): the tests drive the real build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error('vite build failed');
}

/** The seeded accounts' roles (the server's role matrix: apps/server/src/auth/roles.ts). */
export type AccountRole = 'administrator' | 'shop_manager' | 'analyst';

/** E-mail and password of a seeded account. */
export interface Account {
  email: string;
  password: string;
}

/** The accounts every e2e server has: the administrator, a shop manager and an analyst. */
export const E2E_ACCOUNTS: Readonly<Record<AccountRole, Account>> = {
  administrator: { email: 'admin@e2e.test', password: 'e2e administrator password' },
  shop_manager: { email: 'manager@e2e.test', password: 'e2e shop manager password' },
  analyst: { email: 'analyst@e2e.test', password: 'e2e analyst password' },
};

/** A running Storelens server on a fresh SQLite demo store. */
export interface RunningServer {
  url: string;
  /** The seeded accounts, by role (openDashboard signs in with them). */
  accounts: Readonly<Record<AccountRole, Account>>;
  /** Everything the server printed so far (e.g. the first-run setup link). */
  output(): string;
  stop(): Promise<void>;
}

/** Signs in over the API: the session cookie and the REST nonce. */
export async function apiLogin(url: string, account: Account) {
  const res = await fetch(`${url}/wp-json/storelens/v1/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`login as ${account.email}: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  const { nonce } = (await res.json()) as { nonce: string };
  return { cookie, 'X-WP-Nonce': nonce };
}

/**
 * Seeds the shop manager and the analyst the way an administrator does: an invitation, then
 * its link sets the password (the administrator itself comes from STORELENS_ADMIN_*).
 */
async function seedAccounts(url: string): Promise<void> {
  const admin = await apiLogin(url, E2E_ACCOUNTS.administrator);
  for (const role of ['shop_manager', 'analyst'] as const) {
    const account = E2E_ACCOUNTS[role];
    const res = await fetch(`${url}/wp-json/wp/v2/users`, {
      method: 'POST',
      headers: { ...admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: account.email, role }),
    });
    if (!res.ok) throw new Error(`invite ${role}: ${res.status} ${await res.text()}`);
    const token = new URL(
      ((await res.json()) as { invite_url: string }).invite_url,
    ).searchParams.get('token');
    const accept = await fetch(`${url}/wp-json/storelens/v1/account-links/${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: role.replace('_', ' '), password: account.password }),
    });
    if (!accept.ok) throw new Error(`accept ${role}: ${accept.status} ${await accept.text()}`);
  }
}

/** Starts `apps/server/src/main.ts` as a real process on an ephemeral port. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), 'storelens-e2e-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: `file:${join(dir, 'store.sqlite')}`,
        PORT: '0',
        STORELENS_DEMO_ORDERS: '6000',
        STORELENS_ADMIN_EMAIL: E2E_ACCOUNTS.administrator.email,
        STORELENS_ADMIN_PASSWORD: E2E_ACCOUNTS.administrator.password,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Storelens is running: (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(new URL(match[1]!).origin);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  // A test that starts a server without the administrator (first run) seeds nothing.
  if (!('STORELENS_ADMIN_EMAIL' in env)) await seedAccounts(url);
  return {
    url,
    accounts: E2E_ACCOUNTS,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGINT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
