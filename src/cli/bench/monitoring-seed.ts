/** What the monitoring benches start from: a roster of synthetic people, and list versions written straight into the tables. */
import { sql } from 'drizzle-orm';
import type { ListRecord } from '#shared/list-record';
import { syntheticRecords } from '#engine/synthetic-records';
import type { Db } from '#server/db/client';
import { insertJsonRows } from '#server/db/json-insert';
import { batchRows, listRecords, monitoredRosters } from '#server/db/schema';
import { insertBatch } from '#server/batches/queries';
import { createUser } from '#test/factories';

export interface SeededRoster {
  clientId: number;
  rosterId: number;
  batchId: number;
  people: ListRecord[];
}

/** A monitored roster of `count` synthetic people (name and date of birth), screened by name. */
export async function seedRoster(db: Db, count: number): Promise<SeededRoster> {
  const user = await createUser(db, { roles: ['account_owner_user'] });
  const people = [...syntheticRecords(count * 2, 20)].filter((r) => r.kind === 'person').slice(0, count);
  const batch = await insertBatch(db, {
    clientId: user.clientId, uploaderUserId: user.id, fileName: 'roster-100k', storedPath: 'uploads/none.bin', sha256: '-', sizeBytes: 0,
    header: ['First Name', 'Last Name', 'Date of Birth'], status: 'Completed', searchTypes: ['Exclusion Search by Individual Name'],
    recordCount: people.length, rowsDone: people.length, reviewThreshold: 0.8, kind: 'monitoring',
  });
  const rows = people.map((p, i) => ({ batchId: batch.id, rowIndex: i, values: { 'First Name': p.firstName ?? '', 'Last Name': p.lastName ?? '', 'Date of Birth': p.dateOfBirth ?? '' }, uniqueId: `E${i}` }));
  for (let i = 0; i < rows.length; i += 10_000) await insertJsonRows(db, batchRows, rows.slice(i, i + 10_000));
  const [roster] = await db
    .insert(monitoredRosters)
    .values({ clientId: user.clientId, createdByUserId: user.id, name: 'bench', batchId: batch.id, baselineAt: new Date(Date.now() - 86_400_000) })
    .returning();
  await db.execute(sql`ANALYZE batch_rows`);
  return { clientId: user.clientId, rosterId: roster.id, batchId: batch.id, people };
}

/** An active LEIE version holding these records (`mode` as the import would say); answers its id. */
export async function insertLeieVersion(db: Db, records: readonly ListRecord[], mode: 'full' | 'incremental'): Promise<number> {
  const [{ id }] = (
    (await db.execute(sql`INSERT INTO list_versions (source, status, mode, origin, file_names, file_sha256, file_sizes, fetched_at, as_of, activated_at)
      VALUES ('leie', 'active', ${mode}, 'import', ${mode === 'full' ? '{UPDATED.csv}' : '{2611EXCL.csv}'}, '{-}', '{0}', now(), '2026-11-01', now()) RETURNING id`)) as unknown as { rows: { id: number }[] }
  ).rows;
  for (let i = 0; i < records.length; i += 10_000) await db.insert(listRecords).values(records.slice(i, i + 10_000).map((r) => ({ versionId: id, recordId: r.sourceRecordId, data: r })));
  return id;
}
