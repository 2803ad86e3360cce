/** Results written as binary COPY tuples store what the JSON statement stores, ids and their order included (ADR 093, ADR 100). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/client';
import { batchResults, listRecords, listVersions } from '#server/db/schema';
import { parseLeie } from '#lists/leie/parse';
import { shapeForCopy, type ResultRow } from '#server/screening/result-lines';
import { sliceTuples, tupleStart } from '#server/screening/copy-binary';
import { EMPTY_RECORD_JSON } from '#server/db/list-records';
import { copiedRecordField, insertCopyShaped, shapedResultStatements, withCopiedRecords } from './result-shaped-write';

const fixtures = fileURLToPath(new URL('../../lists', import.meta.url));
const createdAt = new Date('2026-04-02T09:00:00.123Z');

let database: Database;
let versionId: number;
let recordIds: string[];
beforeAll(async () => {
  // COPY tuples are PGlite's way: an embedded database of its own, in both suites.
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

/** Results of every kind a chunk writes, with the values COPY's text format escapes, non-ASCII text and numbers of every kind. */
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
  const tuples = await withCopiedRecords(database.db, slices);
  // In two COPYs, as a chunk's write takes them in slices of its results.
  await insertCopyShaped(database.db, batchId, createdAt, sliceTuples(tuples, 0, 4));
  await insertCopyShaped(database.db, batchId, createdAt, sliceTuples(tuples, 4, 10));
}

describe('results written as binary COPY tuples (ADR 093, ADR 100)', () => {
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

  it('are tuples of fields by length: a NULL is -1, a number not finite is NULL, jsonb has its version byte', () => {
    const { tuples } = shapeForCopy([rowsOf()[3]]);
    const view = new DataView(tuples.bytes.buffer, tuples.bytes.byteOffset, tuples.bytes.byteLength);
    const fields: (number | null)[] = [];
    for (let at = 0; at < tuples.ends[0]; ) {
      const n = view.getInt32(at);
      fields.push(n);
      at += 4 + Math.max(n, 0);
    }
    // row_index … list_version_id and the record (given, here none): 11 fields.
    expect(fields).toEqual([4, 'ssdmf'.length, 'SSDMF'.length, -1, -1, -1, 1 + JSON.stringify({ ssn: 'not found' }).length, 'CLEARED'.length, 'SSN ***-**-1234'.length, -1, -1]);
    expect(view.getInt32(4)).toBe(1);
    expect(tupleStart(tuples, 0)).toBe(0);
  });

  it('give a copied record whole: the empty record’s fields, the stored ones over them, each key once (json keeps the text as written)', () => {
    const field = copiedRecordField('{"source":"sam","sourceRecordId":"S1","kind":"entity","businessName":"A\\\\B","akas":["X"]}');
    const length = new DataView(field.buffer, field.byteOffset).getInt32(0);
    expect(length).toBe(field.length - 4);
    const record = JSON.parse(Buffer.from(field.subarray(4)).toString('utf8'));
    expect(Object.keys(record)).toEqual(Object.keys(JSON.parse(EMPTY_RECORD_JSON)));
    expect(record).toMatchObject({ source: 'sam', sourceRecordId: 'S1', kind: 'entity', businessName: 'A\\B', akas: ['X'], firstName: null, dbas: [] });
    expect([...copiedRecordField(null)]).toEqual([0xff, 0xff, 0xff, 0xff]);
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
