/** A version's records read by id (`findVersionRecords`, ADR 107): one array parameter, any id text, one probe per id. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyListRecord } from '#shared/list-record';
import { createTestApp, type TestApp } from '#test/app';
import { findVersionRecords, versionRecordsSql } from './list-records';
import { rowsOf } from './rows';
import { listRecords, listVersions } from './schema';

let t: TestApp;
let versionId: number;
// Ids with an array literal's markup: quotes, backslashes, braces, commas, spaces, NULL's word.
const ODD_IDS = ['plain-1', 'with "quotes"', 'back\\slash', '{braced}', 'a,b', ' spaced ', 'NULL', ''];

beforeAll(async () => {
  t = await createTestApp();
  const [version] = await t.ctx.db
    .insert(listVersions)
    .values({ source: 'leie', status: 'active', mode: 'full', origin: 'import', fileNames: ['UPDATED.csv'], fileSha256: ['-'], fileSizes: [0], fetchedAt: new Date('2026-04-01T00:00:00Z') })
    .returning();
  versionId = version.id;
  await t.ctx.db.insert(listRecords).values(ODD_IDS.map((id) => ({ versionId, recordId: id, data: { ...emptyListRecord('leie', id, 'person'), lastName: `Last of ${id}` } })));
});
afterAll(() => t.close());

describe('findVersionRecords', () => {
  it('finds records whose ids hold an array literal’s markup, each once, and none for an id the version lacks', async () => {
    const found = await findVersionRecords(t.ctx.db, versionId, [...ODD_IDS, 'with "quotes"', 'absent']);
    expect(found.map((r) => r.recordId).sort()).toEqual([...ODD_IDS].sort());
    for (const r of found) expect(r.data).toMatchObject({ sourceRecordId: r.recordId, lastName: `Last of ${r.recordId}` });
  });

  it('finds nothing in a version that does not exist', async () => {
    expect(await findVersionRecords(t.ctx.db, versionId + 1000, ODD_IDS)).toEqual([]);
  });

  it('reads each id by one probe of the chain index, with no statistics gathered as after a load', async () => {
    // A chain of three versions of 20,000 records each: a plan that scanned the chain and filtered it would read them all.
    const versions: number[] = [];
    for (let v = 0; v < 3; v++) {
      const [version] = await t.ctx.db
        .insert(listVersions)
        .values({ source: 'sam', status: v === 2 ? 'active' : 'superseded', mode: 'full', origin: 'import', fileNames: ['x'], fileSha256: ['-'], fileSizes: [0], fetchedAt: new Date('2026-04-01T00:00:00Z') })
        .returning();
      versions.push(version.id);
      await t.ctx.db.execute(sql`INSERT INTO list_records (version_id, record_id, data) SELECT ${version.id}, 'r' || g, '{"source":"sam","sourceRecordId":"x","kind":"person"}' FROM generate_series(1, 20000) g`);
    }
    const ids = Array.from({ length: 1000 }, (_, i) => `r${i * 19 + 3}`);
    const plan = (await rowsOf<Record<string, string>>(t.ctx.db, sql`EXPLAIN ${versionRecordsSql(versions[1], ids)}`)).map((r) => Object.values(r)[0]).join('\n');
    expect(plan).toMatch(/Index Cond: .*record_id = k\.id/);
    expect(plan).not.toMatch(/Filter: .*record_id = ANY/);
    expect((await findVersionRecords(t.ctx.db, versions[1], ids)).length).toBe(1000);
  });
});
