/**
 * A completed demo batch for the results page (npm run demo): a small roster screened for real
 * against the shipped sample lists (records, explanations and list versions are genuine), with
 * a few review decisions already made.
 */
import { sql } from 'drizzle-orm';
import { screenMany } from '#engine/screen';
import { reviewThresholdFor } from '#shared/review-threshold';
import type { Db } from '#server/db/client';
import { batchResults, usageRecords } from '#server/db/schema';
import { recordBatchEvent } from '#server/batches/events';
import { insertBatch, insertBatchRows } from '#server/batches/queries';
import { readRecords } from '#server/batches/processing-queries';
import { screenRows, type RowInput } from '#server/screening/row-screening';
import { versionIdsOf } from '#server/screening/screener';
import { findKeyedVersions, KeyedLookup, keyedScreener, screeningVersionOf } from '#server/screening/keyed';
import { usageFor } from '#server/batches/usage';
import { importMissingSamples } from '#server/lists/samples';
import { buildIndexFromDatabase, findActiveVersions } from '#server/screening/index-store';
import { asOnRoster, samplePeople, titleCase } from '#server/batches/demo-people';
import { writeStatusChange } from '#server/results/review-queries';

const TYPES = ['Exclusion Search by Individual Name', 'NPI Validation', 'SSDMF'];
const CLEAN_NAMES = [['Maribel', 'Okonkwo-Saint'], ['Theodore', 'Quillfeather'], ['Priyanka', 'Venkataraman'], ['Oswaldo', 'Birchwood']];

/** Seeds the batch for the given user of the client; answers its id. */
export async function seedDemoResults(db: Db, owner: { clientId: number; teamId: number | null; userId: number; username: string; name: string }, now: Date): Promise<number> {
  await importMissingSamples(db, now);
  const { index } = await buildIndexFromDatabase(db, await findActiveVersions(db), { shared: false });
  const excluded = await samplePeople(db, 'leie', 'lastName', 4);
  const providers = await samplePeople(db, 'nppes', 'npi', 6);
  const npis = providers.slice(0, 4).map((r) => r.npi);
  const [dead] = await samplePeople(db, 'dmf', 'ssn', 1);
  // The first eight rows carry NPIs NPPES registers to other people, two rows each (findings to
  // review); the last two are the providers themselves, under their own names (cleared).
  const own = providers.slice(4).map((r) => [titleCase(r.firstName), titleCase(r.lastName), r.npi]);
  const people = [...[...excluded.map((r, i) => [asOnRoster(r.firstName, i), titleCase(r.lastName)]), ...CLEAN_NAMES].map(([first, last], i) => [first, last, npis[i % Math.max(1, npis.length)] ?? '1234567893']), ...own];
  const rows: RowInput[] = people.map(([first, last, npi], i) => ({
    rowIndex: i,
    uniqueId: `EMP-${1001 + i}`,
    values: { 'First Name': first, 'Last Name': last, NPI: npi, SSN: i === 5 && dead?.ssn ? dead.ssn : `4015${String(51000 + i)}` },
  }));
  const header = ['Employee ID', 'First Name', 'Last Name', 'NPI', 'SSN', 'Department'];
  const day = 86_400_000;
  const batch = await insertBatch(db, {
    clientId: owner.clientId,
    teamId: owner.teamId,
    uploaderUserId: owner.userId,
    fileName: 'acme-staff-roster.csv',
    storedPath: 'uploads/demo-roster-not-stored.bin',
    sha256: '-',
    sizeBytes: 0,
    header,
    status: 'Completed',
    searchTypes: TYPES,
    columnMappings: { 'First Name': 'First Name', 'Last Name': 'Last Name', NPI: 'NPI', SSN: 'SSN' },
    uniqueIdIndex: 0,
    correlatedColumnIndexes: [5],
    recordCount: rows.length,
    rowsDone: rows.length,
    uploadedAt: new Date(now.getTime() - 2 * day),
    submittedAt: new Date(now.getTime() - 2 * day),
    startedAt: new Date(now.getTime() - 2 * day),
    processedAt: new Date(now.getTime() - 2 * day + 60_000),
    reviewThreshold: reviewThresholdFor({ reviewThreshold: null }),
  });
  for (const [kind, at, userId] of [['uploaded', batch.uploadedAt, owner.userId], ['submitted', batch.submittedAt!, owner.userId], ['completed', batch.processedAt!, null]] as const) {
    await recordBatchEvent(db, { batchId: batch.id, clientId: owner.clientId, kind, userId, at });
  }
  const departments = ['Nursing', 'Pharmacy', 'Billing', 'Radiology'];
  await insertBatchRows(db, rows.map((r, i) => ({ batchId: batch.id, rowIndex: r.rowIndex, values: r.values, uniqueId: r.uniqueId, additional: { Department: departments[i % departments.length] } })));
  // NPPES and the DMF are read by key, as batch chunks read them (ADR 060).
  const keyedVersions = await findKeyedVersions(db);
  const screener = keyedScreener(new KeyedLookup(db, keyedVersions), async (queries, options) => screenMany(index, queries, options));
  const drafts = await screenRows(screener, TYPES, rows, { threshold: reviewThresholdFor({ reviewThreshold: null }), dmfLoaded: keyedVersions.dmf !== null });
  const versions = versionIdsOf(screeningVersionOf(index.version, keyedVersions));
  const records = await readRecords(db, drafts.flatMap((d) => (d.source && d.sourceRecordId && versions.has(d.source) ? [{ versionId: versions.get(d.source)!, recordId: d.sourceRecordId }] : [])));
  const inserted = drafts.length
    ? await db
        .insert(batchResults)
        .values(drafts.map((d) => {
          const versionId = d.source ? (versions.get(d.source) ?? null) : null;
          return { ...d, batchId: batch.id, listVersionId: versionId, record: versionId && d.sourceRecordId ? (records.get(`${versionId}|${d.sourceRecordId}`) ?? null) : null, createdAt: batch.processedAt! };
        }))
        .returning({ id: batchResults.id, resultType: batchResults.resultType })
    : [];
  // The batch's searches are billed as the pipeline bills them, so the account page shows them.
  await db.insert(usageRecords).values(usageFor(batch, rows, batch.processedAt!)).onConflictDoNothing();
  await db.execute(sql`UPDATE batches SET hits = h.n, to_review = h.n FROM (SELECT count(*)::int AS n FROM batch_results WHERE batch_id = ${batch.id} AND review_status IN ('NONCLEARED', 'UNDER_REVIEW')) h WHERE id = ${batch.id}`);
  const matches = inserted.filter((r) => r.resultType === 'exclusions').map((r) => r.id);
  const decisions: [number | undefined, 'UNDER_REVIEW' | 'CLEARED' | 'HISTORICAL_MATCH', string][] = [
    [matches[0], 'UNDER_REVIEW', 'Asked HR for the date of birth on file.'],
    [matches[1], 'CLEARED', 'Different person: date of birth and address differ.'],
    [matches[2], 'HISTORICAL_MATCH', 'Confirmed with the employee; escalated to compliance.'],
  ];
  for (const [id, to, note] of decisions) {
    if (id === undefined) continue;
    await db.transaction((tx) =>
      writeStatusChange(tx as unknown as Db, {
        clientId: owner.clientId, batchId: batch.id, resultType: 'exclusions', targets: [{ id, from: 'NONCLEARED' }], to, note,
        user: { id: owner.userId, username: owner.username, name: owner.name }, ip: null, now: new Date(now.getTime() - day),
      }),
    );
  }
  return batch.id;
}
