import { describe, expect, it } from 'vitest';
import { customersOfEmails } from '../src/analytics/customer-time';
import { RawSql } from '../src/db/sql';
import { ItemVisitChanges } from '../src/ingest/item-visits';
import { freshStore } from './harness';

/**
 * SQLite plans without statistics (none are gathered), so a statement's plan is the same on
 * an empty store as on 10M orders: what is only slow at scale shows here as the plan itself.
 */
describe('plans of ingestion reads [sqlite]', () => {
  it("reads a batch's customers' lines from the customers, never from the products' index", async () => {
    const store = await freshStore('sqlite');
    try {
      const sql = new RawSql(store.db.kysely, 'sqlite', store.db.sqlite);
      const asked: { text: string; params: readonly unknown[] }[] = [];
      const query = sql.query.bind(sql);
      sql.query = ((text: string, params: readonly unknown[] = []) => {
        asked.push({ text, params });
        return query(text, params);
      }) as typeof sql.query;
      const customers = Array.from({ length: 100 }, (_, i) => i + 1);
      const products = Array.from({ length: 150 }, (_, i) => i + 1);
      await ItemVisitChanges.read(sql, customers, products, ['failed']);

      const lines = asked.filter((q) => q.text.includes('order_product_lookup'));
      expect(lines.length).toBe(1);
      for (const { text, params } of lines) {
        const steps = store.db
          .sqlite!.prepare(`EXPLAIN QUERY PLAN ${text}`)
          .all(...params)
          .map((row) => (row as { detail: string }).detail)
          .filter((detail) => /^(SEARCH|SCAN) (s|opl)\b/.test(detail));
        // At 10M orders a batch's products have most of the store's lines; its customers a
        // few hundred.
        expect(steps[0]).toMatch(/^SEARCH s USING (COVERING )?INDEX order_stats_customer/);
        expect(steps.join('\n')).not.toMatch(/order_product_lookup_(product|variation)/);
      }
    } finally {
      await store.drop();
    }
  });

  it("finds the customers of a batch's e-mails through the index of their lower case", async () => {
    const store = await freshStore('sqlite');
    try {
      const sql = new RawSql(store.db.kysely, 'sqlite', store.db.sqlite);
      const asked: { text: string; params: readonly unknown[] }[] = [];
      const query = sql.query.bind(sql);
      sql.query = ((text: string, params: readonly unknown[] = []) => {
        asked.push({ text, params });
        return query(text, params);
      }) as typeof sql.query;
      await customersOfEmails(sql, [1, 2], ['Ann@Example.com', 'bo@example.com']);

      const byEmail = asked.filter((q) => q.text.includes('LOWER(email)'));
      expect(byEmail.length).toBe(1);
      for (const { text, params } of byEmail) {
        const steps = store.db
          .sqlite!.prepare(`EXPLAIN QUERY PLAN ${text}`)
          .all(...params)
          .map((row) => (row as { detail: string }).detail);
        // Every connector customer batch (and new guest's order) asks it: a scan reads every
        // customer of the store.
        expect(steps.join('\n')).toMatch(
          /SEARCH customers USING (COVERING )?INDEX customers_email_lower/,
        );
        expect(steps.join('\n')).not.toMatch(/SCAN customers/);
      }
    } finally {
      await store.drop();
    }
  });
});
