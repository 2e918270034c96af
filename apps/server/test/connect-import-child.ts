/*
 * Child process of the connector's restart test: opens the store named by the environment,
 * connects the simulated shop at CHILD_SHOP_URL (the import starts), and keeps running until
 * the parent SIGKILLs it.
 */

import { buildApp } from '../src/app';
import { connect, parseConnectInput } from '../src/connect/service';
import { openStore } from '../src/store';
import { FAST } from './connect-helpers';

const schema = process.env.CHILD_SCHEMA || undefined;
const db = await openStore(process.env.CHILD_DATABASE_URL!, schema ? { schema } : {});
const options = { ...FAST, pagesPerStep: 1 };
const app = await buildApp(db, { webRoot: '/nonexistent', connect: options });
await app.ready();
// What the connections route calls (its job runner is the app's).
const c = await connect(
  db,
  app.jobRunner,
  parseConnectInput({
    url: process.env.CHILD_SHOP_URL,
    consumer_key: 'ck_test',
    consumer_secret: 'cs_test',
  }),
  options,
);
console.log(`connected ${c.id}`);
setInterval(() => {}, 1000);
