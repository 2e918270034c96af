import { expect, it } from 'vitest';
import { logError } from '../src/connect/tables';
import { describeEachEngine } from './harness';

describeEachEngine('the connection error log', (ctx) => {
  it('keeps every one of many errors logged at once, each under its own id', async () => {
    const { db } = ctx();
    // Requests that fail together (a shop's outage) log together; on PostgreSQL two of them
    // read the same latest id, which once failed the insert (and the import step logging it).
    const messages = Array.from({ length: 30 }, (_, i) => `/wp-json/wc/v3/orders/${i}: HTTP 503`);
    await Promise.all(messages.map((m) => logError(db, 7, m, 'retried in 0.1 s (try 2)')));
    const rows = await db.kysely
      .selectFrom('connection_errors')
      .select(['id', 'message'])
      .where('connection_id', '=', 7)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.message).sort()).toEqual([...messages].sort());
    expect(new Set(rows.map((r) => Number(r.id))).size).toBe(messages.length);
  });

  it('keeps only the latest fifty of a connection', async () => {
    const { db } = ctx();
    for (let i = 0; i < 60; i++) await logError(db, 8, `error ${i}`, 'retried');
    const rows = await db.kysely
      .selectFrom('connection_errors')
      .select('message')
      .where('connection_id', '=', 8)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(50);
    expect(rows[0]!.message).toBe('error 10');
    expect(rows.at(-1)!.message).toBe('error 59');
  });
});
