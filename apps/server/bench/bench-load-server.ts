/*
 * The server half of the bench's load section (scripts/bench.ts): serves DATABASE_URL
 * (BENCH_SCHEMA on PostgreSQL) on a free port in a process of its own, so the load the
 * bench generates does not share its event loop, and prints `PORT <n>`.
 */
import { buildApp } from '../src/app';
import { openStore } from '../src/store';

const db = await openStore(process.env.DATABASE_URL!, {
  ...(process.env.BENCH_SCHEMA ? { schema: process.env.BENCH_SCHEMA } : {}),
});
const app = await buildApp(db, {
  webRoot: '/nonexistent',
  fairTurns: process.env.BENCH_FAIR_TURNS !== '0',
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(`PORT ${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', async () => {
  await app.close();
  await db.close();
  process.exit(0);
});
