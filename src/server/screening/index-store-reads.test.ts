/** How pages sized by time grow (ADR 077, ADR 086's follow-up). */
import { describe, expect, it } from 'vitest';
import { nextTimedPage } from './index-store-reads';

describe('pages sized by time', () => {
  it('grow at most twofold after a fast read, shrink at once after a slow one, within their bounds', () => {
    // 1,000 rows in 1 ms would pace 20,000 rows to 20 ms: the next page is 2,000, then 4,000.
    expect(nextTimedPage(1_000, 1_000, 1, 20, 20_000)).toBe(2_000);
    expect(nextTimedPage(2_000, 2_000, 1, 20, 20_000)).toBe(4_000);
    expect(nextTimedPage(16_000, 16_000, 1, 20, 20_000)).toBe(20_000);
    // 4,000 rows in 400 ms: 200 rows (the smallest), never fewer.
    expect(nextTimedPage(4_000, 4_000, 400, 20, 20_000)).toBe(200);
    expect(nextTimedPage(200, 200, 1_000, 20, 20_000)).toBe(200);
    // On pace: the same size.
    expect(nextTimedPage(1_000, 1_000, 20, 20, 20_000)).toBe(1_000);
  });
});

describe('a keyset page of a version’s records (ADR 086 follow-up)', () => {
  it('is read along the chain index, not by a scan and a sort, even with no statistics gathered', async () => {
    const { createTestApp } = await import('#test/app');
    const { sql } = await import('drizzle-orm');
    const { activePageQuery, onChainIndex } = await import('./index-store-reads');
    const t = await createTestApp();
    try {
      // A freshly loaded list: no ANALYZE has run (PGlite runs no autovacuum).
      const [{ id }] = ((await t.ctx.db.execute(sql`INSERT INTO list_versions (source, status, mode, origin, file_names, file_sha256, file_sizes, fetched_at, records_kept)
        VALUES ('sam', 'active', 'full', 'import', ARRAY['x.csv'], ARRAY['-'], ARRAY[0], now(), true) RETURNING id`)) as unknown as { rows: { id: number }[] }).rows;
      await t.ctx.db.execute(sql`INSERT INTO list_records (version_id, record_id, data) SELECT ${id}, 'sam-' || lpad(g::text, 6, '0'), '{"source":"sam"}' FROM generate_series(1, 50000) g`);
      const version = { id, recordsFrom: null };
      const plan: string = await onChainIndex(t.ctx.db, async (tx) => {
        const res = (await tx.execute(sql`EXPLAIN ${activePageQuery(tx, version, 'sam-025000', 500)}`)) as unknown as { rows: Record<string, unknown>[] };
        return res.rows.map((r) => String(Object.values(r)[0])).join('\n');
      });
      expect(plan).toMatch(/Index Scan using list_records_chain_record/);
      expect(plan).not.toMatch(/Sort|Bitmap|Seq Scan/);
      // And the page is the next 500 records in order.
      const page = await onChainIndex(t.ctx.db, (tx) => activePageQuery(tx, version, 'sam-025000', 500));
      expect(page.map((r) => r.recordId)).toEqual(Array.from({ length: 500 }, (_, i) => `sam-${String(25_001 + i).padStart(6, '0')}`));
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe('a read sized by time (ADR 091)', () => {
  it('lets a timer due meanwhile run before its next page, when its reader resumes from a thread’s message', async () => {
    const { createTestApp } = await import('#test/app');
    const { sql } = await import('drizzle-orm');
    const { MessageChannel } = await import('node:worker_threads');
    const { pageReads, readActiveRecordPages } = await import('./index-store-reads');
    const t = await createTestApp();
    const channel = new MessageChannel();
    try {
      const [{ id }] = ((await t.ctx.db.execute(sql`INSERT INTO list_versions (source, status, mode, origin, file_names, file_sha256, file_sizes, fetched_at, records_kept)
        VALUES ('sam', 'active', 'full', 'import', ARRAY['x.csv'], ARRAY['-'], ARRAY[0], now(), true) RETURNING id`)) as unknown as { rows: { id: number }[] }).rows;
      await t.ctx.db.execute(sql`INSERT INTO list_records (version_id, record_id, data) SELECT ${id}, 'sam-' || lpad(g::text, 6, '0'), '{"source":"sam"}' FROM generate_series(1, 3000) g`);
      // The other port answers each page, as the index thread does: the reader goes on from that message (the loop's poll phase).
      channel.port2.on('message', () => channel.port2.postMessage('added'));
      const readsWhenTimersRan: number[] = [];
      const readsWhenSet: number[] = [];
      let pages = 0;
      for await (const page of readActiveRecordPages(t.ctx.db, [{ id, source: 'sam' }], 200, 20)) {
        pages += 1;
        // A search due 1 ms after this page was read...
        readsWhenSet.push(pageReads.count);
        setTimeout(() => readsWhenTimersRan.push(pageReads.count), 1);
        channel.port1.postMessage(page.texts.length);
        await new Promise((resolve) => channel.port1.once('message', resolve));
        const until = performance.now() + 2;
        while (performance.now() < until);
        // ...is answered before the next page is read.
      }
      expect(pages).toBeGreaterThanOrEqual(3);
      expect(readsWhenTimersRan.slice(0, pages - 1)).toEqual(readsWhenSet.slice(0, pages - 1));
    } finally {
      channel.port1.close();
      channel.port2.close();
      await t.close();
    }
  }, 60_000);
});
