/*
 * Child process of the import restart test: opens the store named by the environment, starts
 * a historical import in small batches, and keeps running until the parent SIGKILLs it.
 */

import { startImport } from '../src/admin';
import { buildApp } from '../src/app';
import { openStore } from '../src/store';

const url = process.env.CHILD_DATABASE_URL!;
const schema = process.env.CHILD_SCHEMA || undefined;
const db = await openStore(url, schema ? { schema } : {});
const app = await buildApp(db, { webRoot: '/nonexistent' });
await app.ready();
const runner = app.jobRunner;
await startImport(db, runner, { skipExisting: false, reason: 'request', batchSize: 25 });
console.log('started');
setInterval(() => {}, 1000);
