/**
 * ADR 114: samples an earlier version loaded are retired (kept, audited, out of the index) and a
 * search then names the lists it could not search; a stale copy whose last update failed is
 * searched with a warning in words.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { NameSearchResultSchema } from '#shared/interactive-search';
import { auditLog, listChecks, listVersions } from '#server/db/schema';
import { createIndexStore } from '#server/screening/index-store';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { activateVersion, leieRecords } from '#test/results-setup';
import { nameUrl } from '#test/search-app';
import { importList } from './import';
import { retireSamples, SAMPLES_DIR } from './samples';

const NOW = new Date('2026-12-02T10:00:00Z');
const DAY = 86_400_000;
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function searchBailey(app: TestApp) {
  const res = await new Agent(app.app, '203.0.113.60').get(nameUrl({ firstName: 'Donald', lastName: 'Bailey' }));
  expect(res.statusCode, res.body).toBe(200);
  return NameSearchResultSchema.parse(res.json());
}

describe('retiring the samples of an earlier version', () => {
  it('retires every active sample once, audited per source; the index holds none of them and the search says what it did not search', async () => {
    t = await createTestApp();
    t.setNow(NOW);
    // The samples of two lists, as an earlier `serve` loaded them (all of them take long).
    for (const source of ['leie', 'sam']) {
      const dir = path.join(SAMPLES_DIR, source);
      await importList(t.ctx.db, { source, files: readdirSync(dir).sort().map((f) => path.join(dir, f)), origin: 'sample', now: NOW });
    }
    const retired = await retireSamples(t.ctx.db);
    expect(retired).toEqual(['leie', 'sam']);
    expect(await retireSamples(t.ctx.db)).toEqual([]);

    const versions = await t.ctx.db.select().from(listVersions).where(eq(listVersions.origin, 'sample'));
    expect(versions.length).toBe(retired.length);
    expect(versions.every((v) => v.status === 'retired' && v.recordsKept)).toBe(true);
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'list.sample_retired'));
    expect(audit.map((a) => a.target).sort()).toEqual([...retired].sort());

    t.ctx.screening = await createIndexStore(t.ctx.db, { shared: false });
    const result = await searchBailey(t);
    expect(result.hits).toEqual([]);
    expect(result.lists).toEqual([]);
    expect(result.notSearched).toContainEqual({ source: 'leie', title: 'OIG List of Excluded Individuals/Entities (LEIE)', reason: 'not loaded yet' });
  }, 120_000);
});

describe('a stale copy', () => {
  it('is searched, with a warning in words, when it is older than its cadence and its last update failed', async () => {
    t = await createTestApp();
    t.setNow(new Date(NOW.getTime() - 60 * DAY));
    await activateVersion(t, 'leie', await leieRecords(), '2026-10-01');
    t.setNow(NOW);
    await t.ctx.db.insert(listChecks).values({ source: 'leie', outcome: 'failed', checkedAt: new Date(NOW.getTime() - 2 * DAY - 3600_000), error: 'HTTP 503' });
    t.ctx.screening = await createIndexStore(t.ctx.db, { shared: false });
    const result = await searchBailey(t);
    const leie = result.lists.find((l) => l.source === 'leie');
    expect(leie).toMatchObject({ synthetic: false, warning: "last update failed 2 days ago, data older than its publisher's cadence" });
    expect(result.notSearched.map((l) => l.source)).not.toContain('leie');
    expect(result.notSearched.map((l) => l.source)).toContain('sam');
    const [version] = await t.ctx.db.select().from(listVersions).where(and(eq(listVersions.source, 'leie'), eq(listVersions.status, 'active')));
    expect(leie!.version).toBe(version.id);
  });
});
