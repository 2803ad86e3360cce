/**
 * The demo roster's pending new version (issue 20): "Acme staff" as HR would send it next month,
 * two people gone, two moved department, three hired, compared with the members by the same
 * differ as an uploaded file (`diffRoster`) and left pending, so a demo user opens the comparison
 * and applies or discards it. The file itself is not stored: applying needs only the comparison.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { batchRows, monitoredRosters, rosterVersions } from '#server/db/schema';
import { findBatch, insertBatch } from '#server/batches/queries';
import { diffRoster, type StoredMember } from '#server/monitoring/roster-diff';

export const DEMO_VERSION_FILE = 'acme-staff-roster-next-month.csv';

const HIRED: [string, string, string][] = [
  ['Marisol', 'Abernathy', 'Nursing'],
  ['Kwame', 'Osei-Bonsu', 'Pharmacy'],
  ['Ingrid', 'Halvorsen', 'Radiology'],
];

/** Leaves a pending version of the roster; answers its id. */
export async function seedDemoRosterVersion(db: Db, rosterId: number, userId: number, now: Date): Promise<number> {
  const [roster] = await db.select().from(monitoredRosters).where(eq(monitoredRosters.id, rosterId));
  const batch = roster ? await findBatch(db, roster.batchId) : null;
  if (!roster || !batch) throw new Error(`demo roster ${rosterId} is missing`);
  const rows = await db.select().from(batchRows).where(and(eq(batchRows.batchId, batch.id), isNull(batchRows.retiredAt))).orderBy(asc(batchRows.rowIndex));
  const members = rows.map((r) => ({ rowIndex: r.rowIndex, values: r.values as Record<string, string>, additional: (r.additional ?? {}) as Record<string, string>, uniqueId: r.uniqueId }));
  // The last two leave; the third and fourth change department; three are hired.
  const staying: StoredMember[] = members.slice(0, -2).map((m, i) => (i === 2 || i === 3 ? { ...m, additional: { ...m.additional, Department: i === 2 ? 'Home care' : 'Billing' } } : m));
  const hired: StoredMember[] = HIRED.map(([first, last, department], i) => ({
    uniqueId: `EMP-${1101 + i}`,
    values: { 'First Name': first, 'Last Name': last, NPI: '', SSN: `40156${String(1101 + i)}` },
    additional: { Department: department },
  }));
  const { diff, plan } = diffRoster(members, [...staying.map(({ values, additional, uniqueId }) => ({ values, additional, uniqueId })), ...hired], { byUniqueId: true, skippedRows: 0 });
  const upload = await insertBatch(db, {
    clientId: batch.clientId,
    teamId: batch.teamId,
    uploaderUserId: userId,
    kind: 'roster-upload',
    fileName: DEMO_VERSION_FILE,
    storedPath: 'uploads/demo-roster-version-not-stored.bin',
    sha256: '-',
    sizeBytes: 0,
    header: batch.header,
    searchTypes: batch.searchTypes,
    uploadedAt: now,
  });
  const [v] = await db
    .insert(rosterVersions)
    .values({ rosterId, clientId: batch.clientId, uploadBatchId: upload.id, fileName: DEMO_VERSION_FILE, diff: { ...diff, plan }, baseVersionId: null, createdByUserId: userId, createdAt: now })
    .returning({ id: rosterVersions.id });
  return v.id;
}
