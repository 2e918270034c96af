/*
 * Child process of the change-notice test: ingests one order (CHILD_ORDER_ID, 10 March 2024,
 * completed) into the store named by the environment, as another server process would, and
 * exits.
 */
import { openDatabase } from '../src/db/database';
import { ingestOrders } from '../src/ingest/ingest';

const at = '2024-03-10 12:00:00';
const db = openDatabase(process.env.CHILD_DATABASE_URL!, { schema: process.env.CHILD_SCHEMA! });
await ingestOrders(db, [
  {
    id: Number(process.env.CHILD_ORDER_ID),
    status: 'completed',
    currency: 'USD',
    customerId: 0,
    dateCreatedGmt: at,
    datePaidGmt: at,
    dateCompletedGmt: at,
    billing: { country: 'US', state: '', email: '' },
    lines: [],
    shipping: 50_000,
    shippingTax: 0,
    coupons: [],
    taxes: [],
    refunds: [],
  },
]);
await db.close();
