import { loadSearchSets } from './analytics/search/load';
import { buildApp, DASHBOARD_PATH } from './app';
import { firstRun } from './auth/first-run';
import { ConfigError, readConfig } from './config';
import { openDatabase } from './db/database';
import { prepareStore, untilDatabaseAnswers } from './startup';

/**
 * `npm start`: listen at once, then open (and migrate) the database, seed the demo store if
 * empty, and serve. Until the store is ready every request answers 503
 * `storelens_database_unavailable` with Retry-After; a database that cannot be reached is
 * waited for (the process does not exit), and start-up finishes when it answers.
 */
async function main() {
  const config = readConfig();
  const log = (line: string) => console.log(line);
  // Opening connects to nothing yet (a pool, or a SQLite file): it cannot fail on a database
  // that is down.
  const db = openDatabase(config.databaseUrl, { statementTimeoutMs: config.statementTimeoutMs });
  let ready = false;
  let closing = false;
  const app = await buildApp(db, { ...config, starting: () => !ready });
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const listenHost = host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host;
  const origin = config.publicUrl ?? `http://${listenHost}:${port}`;
  log(`Listening on http://${listenHost}:${port}; preparing the store…`);
  console.log(`Database: ${config.databaseUrl.replace(/\/\/[^@/]*@/, '//…@')}`);

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

  const prepared = await untilDatabaseAnswers(
    async () => {
      await prepareStore(db, {
        log,
        demoOrders: config.demoOrders,
        demoWhenEmpty: config.demoWhenEmpty,
        worker: app.jobWorker,
      });
      return firstRun(db, origin, config.admin);
    },
    log,
    () => closing,
  );
  if (closing) return;
  // The pickers' search sets are read before the first request rather than by the first
  // search. A failure only leaves them to be read on demand, as before.
  const loading = performance.now();
  try {
    const rows = await loadSearchSets(db);
    log(
      `Picker indexes loaded in ${((performance.now() - loading) / 1000).toFixed(1)} s: ${rows.products} products, ${rows.variations} variations, ${rows.customers} customers.`,
    );
  } catch (error) {
    log(`Picker indexes not loaded (searches will load them): ${String(error)}`);
  }
  ready = true;
  // Jobs left running by the last stop go on now that the store is ready.
  await untilDatabaseAnswers(
    async () => app.jobRunner.resume(),
    log,
    () => closing,
  );
  if (prepared && 'created' in prepared)
    console.log(`Created the administrator ${prepared.created} (STORELENS_ADMIN_EMAIL).`);
  if (prepared && 'setupUrl' in prepared)
    console.log(
      `No account exists yet. Create the administrator (link valid 24 hours):\n  ${prepared.setupUrl}`,
    );
  console.log(`Storelens is running: ${origin}${DASHBOARD_PATH}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
