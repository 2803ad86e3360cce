/**
 * Compare a list version with the one before it (ADR 049): the stored change set (ADR 008),
 * a page at a time, each changed record field by field; the same rows as CSV.
 */
import { and, asc, count, desc, eq, inArray, lt } from 'drizzle-orm';
import type { ListRecord } from '#shared/list-record';
import type { RecordChange, VersionChanges } from '#shared/lists-admin';
import type { Db } from '../db/client';
import { listChanges, listVersions, versionRecords } from '../db/schema';
import { notFound } from '../http/errors';
import { findRecords } from './queries';

type Kind = RecordChange['change'];

/** The version and the one its changes were computed against (the active one before it). */
export async function versionPair(db: Db, versionId: number) {
  const [version] = await db.select().from(listVersions).where(eq(listVersions.id, versionId));
  // A held version's changes are what its approval would bring (ADR 109).
  if (!version || !['active', 'superseded', 'held'].includes(version.status)) throw notFound('The list version');
  const [previous] = await db
    .select()
    .from(listVersions)
    .where(and(eq(listVersions.source, version.source), lt(listVersions.id, version.id), inArray(listVersions.status, ['active', 'superseded'])))
    .orderBy(desc(listVersions.id))
    .limit(1);
  return { version, previous: previous ?? null };
}

export async function versionChanges(db: Db, versionId: number, query: { kind?: Kind; page: number; pageSize: number }): Promise<VersionChanges> {
  const { version, previous } = await versionPair(db, versionId);
  const where = and(eq(listChanges.versionId, version.id), query.kind ? eq(listChanges.change, query.kind) : undefined);
  const [{ n }] = await db.select({ n: count() }).from(listChanges).where(where);
  const page = await changesPage(db, version.id, previous?.id ?? null, query.kind, (query.page - 1) * query.pageSize, query.pageSize);
  return {
    source: version.source,
    version: version.id,
    previous: previous?.id ?? null,
    counts: { added: version.added, removed: version.removed, changed: version.changed, reinstated: version.reinstated },
    hasFields: page.hasFields,
    total: Number(n),
    page: query.page,
    pageSize: query.pageSize,
    changes: page.changes,
  };
}

/** One page of changes with their fields (none when either version's records were pruned). */
export async function changesPage(db: Db, versionId: number, previousId: number | null, kind: Kind | undefined, offset: number, limit: number) {
  const rows = await db
    .select({ recordId: listChanges.recordId, change: listChanges.change })
    .from(listChanges)
    .where(and(eq(listChanges.versionId, versionId), kind ? eq(listChanges.change, kind) : undefined))
    .orderBy(asc(listChanges.change), asc(listChanges.recordId))
    .offset(offset)
    .limit(limit);
  const ids = rows.map((r) => r.recordId);
  const hasFields = (await hasRecords(db, versionId)) && (previousId === null || (await hasRecords(db, previousId)));
  const after = new Map(hasFields ? (await findRecords(db, versionId, ids)).map((r) => [r.recordId, r.data]) : []);
  const before = new Map(hasFields && previousId !== null ? (await findRecords(db, previousId, ids)).map((r) => [r.recordId, r.data]) : []);
  const changes: RecordChange[] = rows.map((row) => {
    const a = after.get(row.recordId) ?? null;
    const b = before.get(row.recordId) ?? null;
    return { recordId: row.recordId, change: row.change as Kind, name: nameOf(a ?? b), fields: hasFields ? fieldChanges(b, a) : [] };
  });
  return { hasFields, changes };
}

async function hasRecords(db: Db, versionId: number): Promise<boolean> {
  const [row] = await db.select({ id: versionRecords.recordId }).from(versionRecords).where(eq(versionRecords.versionId, versionId)).limit(1);
  return row !== undefined;
}

const IGNORED = new Set(['dateAcquired', 'source']);

/** The fields whose values differ, in the record's own order; SSNs show their last four digits only. */
export function fieldChanges(before: ListRecord | null, after: ListRecord | null) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((k) => !IGNORED.has(k));
  const out = [];
  for (const key of keys) {
    const b = shown(key, before?.[key as keyof ListRecord]);
    const a = shown(key, after?.[key as keyof ListRecord]);
    if (b !== a) out.push({ field: key, before: before ? b : null, after: after ? a : null });
  }
  return out;
}

function shown(key: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) return value.length ? value.join('; ') : null;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return key === 'ssn' ? `***-**-${text.replace(/\D/g, '').slice(-4)}` : text;
}

function nameOf(record: ListRecord | null): string {
  if (!record) return '';
  const person = [record.firstName, record.middleName, record.lastName].filter(Boolean).join(' ');
  return person || record.businessName || '';
}
