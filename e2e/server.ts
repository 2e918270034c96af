import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** Builds the dashboard once per run (skipped with STORELENS_E2E_PREBUILT=1). */
export function buildDashboard(): void {
  if (process.env.STORELENS_E2E_PREBUILT === '1') return;
  const r = spawnSync('npx', ['vite', 'build', 'apps/web', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('vite build failed');
}

/** A running Storelens server on a fresh SQLite demo store. */
export interface RunningServer {
  url: string;
  stop(): Promise<void>;
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
  return {
    url,
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
