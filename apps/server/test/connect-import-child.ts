/*
 * Child process of the connector's restart test: opens the store named by the environment,
 * connects the simulated shop at CHILD_SHOP_URL (the import starts), and keeps running until
 * the parent SIGKILLs it.
 */

import { buildApp } from '../src/app';
import { internalHeaders } from '../src/auth/plugin';
import { openStore } from '../src/store';
import { FAST } from './connect-helpers';

const schema = process.env.CHILD_SCHEMA || undefined;
const db = await openStore(process.env.CHILD_DATABASE_URL!, schema ? { schema } : {});
const app = await buildApp(db, { webRoot: '/nonexistent', connect: { ...FAST, pagesPerStep: 1 } });
await app.ready();
const res = await app.inject({
  method: 'POST',
  url: '/wp-json/storelens/v1/connections',
  headers: internalHeaders(app),
  payload: { url: process.env.CHILD_SHOP_URL, consumer_key: 'ck_test', consumer_secret: 'cs_test' },
});
console.log(`connected ${res.statusCode} ${res.body.slice(0, 200)}`);
setInterval(() => {}, 1000);
