import { buildApp, DASHBOARD_PATH } from './app';
import { firstRun } from './auth/first-run';
import { ConfigError, readConfig } from './config';
import { ensureDemoStore, openStore, withStartupLock } from './store';

/** `npm start`: open (and migrate) the database, seed the demo store if empty, serve. */
async function main() {
  const config = readConfig();
  const db = await openStore(config.databaseUrl, { statementTimeoutMs: config.statementTimeoutMs });
  // Several processes started together: one generates the demo, the others find it there.
  await withStartupLock(db, () =>
    ensureDemoStore(db, (line) => console.log(line), config.demoOrders, config.demoWhenEmpty),
  );
  const app = await buildApp(db, config);
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const listenHost = host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host;
  const origin = config.publicUrl ?? `http://${listenHost}:${port}`;
  const first = await firstRun(db, origin, config.admin);
  if (first && 'created' in first)
    console.log(`Created the administrator ${first.created} (STORELENS_ADMIN_EMAIL).`);
  if (first && 'setupUrl' in first)
    console.log(
      `No account exists yet. Create the administrator (link valid 24 hours):\n  ${first.setupUrl}`,
    );
  console.log(`Storelens is running: ${origin}${DASHBOARD_PATH}`);
  console.log(`Database: ${config.databaseUrl.replace(/\/\/[^@/]*@/, '//…@')}`);

  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal}: finishing requests in flight and closing the database…`);
    await app.close(); // stops accepting, waits for in-flight requests
    await db.close();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
