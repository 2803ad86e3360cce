/**
 * Helpers for the results and review tests: small active lists (the LEIE fixture, a few NPPES
 * and Death Master File records) and real batches screened on the queue.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { luhnCheckDigit } from '#shared/identifiers';
import { emptyListRecord, type ListRecord } from '#shared/list-record';
import { parseLeie } from '#lists/leie/parse';
import { batches, listRecords, listVersions } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { createIndexStore } from '#server/screening/index-store';
import type { Agent, TestApp } from './app';
import { upload } from './batches';

const fixtures = fileURLToPath(new URL('../src/lists', import.meta.url));

/** A valid NPI from nine digits. */
export const npiOf = (nine: string): string => nine + luhnCheckDigit(`80840${nine}`);
export const NPI_ACTIVE = npiOf('123456789');
/** Zed Nobody's own NPI (each row of the review batch has its own: a shared NPI is a finding). */
export const NPI_ZED = npiOf('223456789');
/** Patel's and Okafor's NPIs in the LEIE fixture: deactivated in NPPES, and not in NPPES. */
export const NPI_DEACTIVATED = '1000000012';
export const NPI_UNKNOWN = '1000000020';
export const SSN_DEAD = '401556789';

/** Writes an active version of a source from records (superseding the one before). */
export async function activateVersion(t: TestApp, source: string, records: ListRecord[], asOf: string): Promise<number> {
  const db = t.ctx.db;
  await db.update(listVersions).set({ status: 'superseded' }).where(eq(listVersions.source, source));
  const [version] = await db
    .insert(listVersions)
    .values({ source, status: 'active', mode: 'full', origin: 'import', fileNames: [`${source}.csv`], fileSha256: ['-'], fileSizes: [0], fetchedAt: t.ctx.now(), asOf, activatedAt: t.ctx.now() })
    .returning();
  await db.insert(listRecords).values(records.map((r) => ({ versionId: version.id, recordId: r.sourceRecordId, data: r })));
  return version.id;
}

export async function leieRecords(change?: (r: ListRecord) => ListRecord): Promise<ListRecord[]> {
  const out: ListRecord[] = [];
  for await (const record of parseLeie([path.join(fixtures, 'leie/fixtures/UPDATED.csv')])) out.push(change ? change(record) : record);
  return out;
}

export function nppes(npi: string, first: string, last: string, deactivated?: string): ListRecord {
  return { ...emptyListRecord('nppes', npi, 'person'), firstName: first, lastName: last, npi, extra: { entityType: '1', ...(deactivated ? { deactivationDate: deactivated } : {}) } };
}

/** LEIE, NPPES and DMF versions, and the index built from them. */
export async function seedLists(t: TestApp): Promise<{ leie: number }> {
  const leie = await activateVersion(t, 'leie', await leieRecords(), '2026-03-01');
  await activateVersion(t, 'nppes', [nppes(NPI_ACTIVE, 'Kathleen', 'Brennan'), nppes(NPI_DEACTIVATED, 'Anil', 'Patel', '2020-01-01'), nppes(NPI_ZED, 'Zed', 'Nobody')], '2026-03-02');
  const dead = { ...emptyListRecord('dmf', SSN_DEAD, 'person'), firstName: 'LUZ', lastName: 'RAMIREZ', ssn: SSN_DEAD, dateOfBirth: '1988-01-12', dateOfDeath: '2025-05-05' };
  await activateVersion(t, 'dmf', [dead], '2026-03-03');
  await activateVersion(t, 'optout', [{ ...emptyListRecord('optout', NPI_ACTIVE, 'person'), firstName: 'KATHLEEN', lastName: 'BRENNAN', npi: NPI_ACTIVE }], '2026-03-04');
  await refreshIndex(t);
  return { leie };
}

export async function refreshIndex(t: TestApp): Promise<void> {
  t.ctx.screening ??= await createIndexStore(t.ctx.db, { shared: false });
  await t.ctx.screening.refreshIfChanged();
}

/**
 * Rows: E1 Kathleen Brennan (LEIE hit, NPI active, SSN on the DMF), E2 Anil Patel (LEIE hit,
 * NPI deactivated), E3 Daniel Okafor (LEIE hit, NPI unknown), E4 Zed Nobody (no hit).
 */
export const REVIEW_CSV =
  'Emp ID,First,Last,NPI,SSN,Dept\n' +
  `E1,Kathleen,Brennan,${NPI_ACTIVE},${SSN_DEAD},=SUM(A1)\n` +
  `E2,Anil,Patel,${NPI_DEACTIVATED},987654321,Pharmacy\n` +
  `E3,Daniel,Okafor,${NPI_UNKNOWN},987654322,Clinic\n` +
  `E4,Zed,Nobody,${NPI_ZED},987654323,Front desk\n`;

export const REVIEW_MAPPING = {
  columnMappings: { First: 'First Name', Last: 'Last Name', NPI: 'NPI', SSN: 'SSN' },
  searchTypes: ['Exclusion Search by Individual Name', 'NPI Validation', 'SSDMF'],
  correlatedColumnIndexes: [5],
  uniqueIdIndex: 0,
};

/** Uploads, maps, screens on the queue; answers the completed batch id. */
export async function screenedBatch(agent: Agent, queue: JobQueue, t: TestApp, csv = REVIEW_CSV, mapping: Record<string, unknown> = REVIEW_MAPPING, fileName = 'staff.csv'): Promise<number> {
  const up = await upload(agent, csv, fileName);
  expect(up.statusCode, up.body).toBe(200);
  const batchId = up.json().batchId as number;
  const res = await agent.post(`/services/flexsearchs/${batchId}/columnmappings`, mapping);
  expect(res.statusCode, res.body).toBe(200);
  await queue.drain();
  const [batch] = await t.ctx.db.select().from(batches).where(eq(batches.id, batchId));
  expect(batch.status).toBe('Completed');
  return batchId;
}
