/** Results written as COPY lines store what the JSON statement stores, ids and their order included (ADR 093). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/client';
import { batchResults, listRecords, listVersions } from '#server/db/schema';
import { parseLeie } from '#lists/leie/parse';
import { copyText, resultCopyLine, shapeForCopy, type ResultRow } from '#server/screening/result-lines';
import { EMPTY_RECORD_JSON } from '#server/db/list-records';
import { copiedRecordField, insertCopyShaped, shapedResultStatements, withCopiedRecords } from './result-shaped-write';

const fixtures = fileURLToPath(new URL('../../lists', import.meta.url));
const createdAt = new Date('2026-04-02T09:00:00.123Z');

let database: Database;
let versionId: number;
let recordIds: string[];
beforeAll(async () => {
  // COPY lines are PGlite's way: an embedded database of its own, in both suites.
  database = await openDatabase({});
  await database.migrate();
  const [version] = await database.db
    .insert(listVersions)
    .values({ source: 'leie', status: 'active', mode: 'full', origin: 'import', fileNames: ['UPDATED.csv'], fileSha256: ['-'], fileSizes: [0], fetchedAt: createdAt })
    .returning();
  versionId = version.id;
  const rows = [];
  for await (const record of parseLeie([path.join(fixtures, 'leie/fixtures/UPDATED.csv')])) rows.push({ versionId, recordId: record.sourceRecordId, data: record });
  await database.db.insert(listRecords).values(rows).onConflictDoNothing();
  recordIds = rows.slice(0, 2).map((r) => r.recordId);
});
afterAll(() => database.close());

/** Results of every kind a chunk writes, with the values COPY's text format escapes. */
function rowsOf(): ResultRow[] {
  const base = { search_type: 'Exclusion Search by Individual Name', review_status: 'NONCLEARED', list_version_id: versionId, record: null, record_from: null };
  return [
    // Records copied by the database (one not in the version: NULL) between results given whole.
    { ...base, row_index: 0, result_type: 'exclusions', source: 'leie', source_record_id: recordIds[0], score: 0.91234567, explanation: { why: 'name' }, search_criteria_key: 'Ann Lee', record_from: versionId },
    { ...base, row_index: 0, result_type: 'npi', search_type: 'NPI Validation', source: 'nppes', source_record_id: '1234567893', score: null, explanation: { npi: 'ok', note: 'tab\there, back\\slash, "quoted", line\nbreak\r' }, review_status: 'CLEARED', search_criteria_key: 'Ann\tLee\\ | NPI\n1234567893', record: { name: 'Zoë \\ "Ŝ" 李', addr: 'a\tb' } },
    { ...base, row_index: 1, result_type: 'exclusions', source: 'leie', source_record_id: 'NOT-LISTED', score: 0.5, explanation: {}, search_criteria_key: 'Bo', record_from: versionId },
    { ...base, row_index: 1, result_type: 'ssdmf', search_type: 'SSDMF', source: null, source_record_id: null, score: Number.NaN, explanation: { ssn: 'not found' }, review_status: 'CLEARED', search_criteria_key: 'SSN ***-**-1234', list_version_id: null },
    { ...base, row_index: 2, result_type: 'exclusions', source: 'leie', source_record_id: recordIds[1], score: 1, explanation: { e: [1, 2.5, null, true] }, search_criteria_key: '\\N', record_from: versionId },
    { ...base, row_index: 2, result_type: 'npi', search_type: 'NPI Validation', source: 'nppes', source_record_id: '\\.', score: 1e-7, explanation: { s: '\\.' }, review_status: 'UNDER_REVIEW', search_criteria_key: '', record: { x: '\u2028' } },
  ];
}

const stored = async (batchId: number) => {
  const rows = await database.db.select().from(batchResults).where(eq(batchResults.batchId, batchId)).orderBy(asc(batchResults.id));
  const first = rows[0]?.id ?? 0;
  // Ids compared by their place: each batch's ids start where the sequence was.
  return rows.map(({ batchId: _b, ...r }) => ({ ...r, id: r.id - first }));
};

/** Writes `rows` as a chunk job on PGlite does: shaped on the threads in two slices, records read, one COPY. */
async function writeAsCopy(batchId: number, rows: ResultRow[]) {
  const slices = [shapeForCopy(rows.slice(0, 3)), shapeForCopy(rows.slice(3))];
  await insertCopyShaped(database.db, { batchId, createdAt, texts: await withCopiedRecords(database.db, slices), format: 'copy' });
}

describe('results written as COPY lines (ADR 093)', () => {
  it('store the rows the JSON statement stores: every value, records copied from the version, ids in the results’ order', async () => {
    const rows = rowsOf();
    for (const statement of shapedResultStatements({ batchId: 1, createdAt, texts: rows.map((r) => JSON.stringify(r)) })) await database.db.execute(statement);
    expect(shapeForCopy(rows).recordsToCopy).toEqual([
      [0, versionId, recordIds[0]],
      [2, versionId, 'NOT-LISTED'],
      [4, versionId, recordIds[1]],
    ]);
    await writeAsCopy(2, rows);
    const [byJson, byCopy] = [await stored(1), await stored(2)];
    expect(byCopy).toEqual(byJson);
    expect(byCopy.map((r) => r.id)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(byCopy[0].record).toMatchObject({ sourceRecordId: recordIds[0], middleName: null });
    expect(byCopy[2].record).toBeNull();
    expect(byCopy[1]).toMatchObject({ searchCriteriaKey: 'Ann\tLee\\ | NPI\n1234567893', record: { name: 'Zoë \\ "Ŝ" 李', addr: 'a\tb' }, score: null });
    expect(byCopy[3].score).toBeNull();
    expect(byCopy[4].searchCriteriaKey).toBe('\\N');
  });

  it('escape what COPY’s text format reads as markup, and nothing else', () => {
    expect(copyText('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    expect(copyText('plain, "quoted" | Zoë')).toBe('plain, "quoted" | Zoë');
    expect(copyText(null)).toBe('\\N');
    const line = resultCopyLine(rowsOf()[3]);
    expect(line.split('\t')).toHaveLength(11);
    expect(line.split('\t')[5]).toBe('\\N');
  });

  it('give a copied record whole: the empty record’s fields, the stored ones over them, each key once (json keeps the text as written)', () => {
    const field = copiedRecordField('{"source":"sam","sourceRecordId":"S1","kind":"entity","businessName":"A\\\\B","akas":["X"]}');
    const record = JSON.parse(field.replaceAll('\\\\', '\\'));
    expect(Object.keys(record)).toEqual(Object.keys(JSON.parse(EMPTY_RECORD_JSON)));
    expect(record).toMatchObject({ source: 'sam', sourceRecordId: 'S1', kind: 'entity', businessName: 'A\\B', akas: ['X'], firstName: null, dbas: [] });
    expect(copiedRecordField(null)).toBe('\\N');
  });

  it('read a record named again from what it held, not from the database', async () => {
    const rows = rowsOf();
    await writeAsCopy(3, rows);
    const before = await stored(3);
    await database.db.execute(sql`UPDATE list_records SET data = '{"source":"leie","sourceRecordId":"changed","kind":"person"}'`);
    await writeAsCopy(4, rows);
    expect((await stored(4)).map((r) => r.record)).toEqual(before.map((r) => r.record));
  });
});
