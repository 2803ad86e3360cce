/** SQL of batches: create, find within a scope, list with filters, filter options. */
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { reviewThresholdFor } from '#shared/review-threshold';
import type { Db } from '../db/client';
import { insertJsonRows } from '../db/json-insert';
import { pgliteCopyLines } from '../db/pglite-copy';
import { copyJson, copyText } from '../screening/result-lines';
import { batches, batchRows, clients, teams, usageRecords, users } from '../db/schema';
import type { BatchScope } from '../access/batch-scope';

export type BatchRow = typeof batches.$inferSelect;
export type NewBatch = typeof batches.$inferInsert;

export async function insertBatch(db: Db, values: NewBatch): Promise<BatchRow> {
  const [row] = await db.insert(batches).values(values).returning();
  return row;
}

function scopeConditions(scope: BatchScope): SQL[] {
  const where: SQL[] = [isNull(batches.trashedAt)];
  if (scope.clientId !== null) where.push(eq(batches.clientId, scope.clientId));
  if (scope.teamIds !== null) where.push(inArray(batches.teamId, scope.teamIds));
  if (scope.uploaderUserId !== null) where.push(eq(batches.uploaderUserId, scope.uploaderUserId));
  return where;
}

/** A draft's sheet, header and row count (the sheet picker); false when it is no draft any more. */
export async function updateDraftSheet(db: Db, batchId: number, sheet: { sheetName: string | null; header: string[]; recordCount: number }): Promise<boolean> {
  const rows = await db.update(batches).set(sheet).where(and(eq(batches.id, batchId), isNull(batches.status))).returning({ id: batches.id });
  return rows.length > 0;
}

/** The batch when the scope sees it and it is not trashed. */
export async function findVisibleBatch(db: Db, scope: BatchScope, batchId: number): Promise<BatchRow | null> {
  const [row] = await db.select().from(batches).where(and(eq(batches.id, batchId), ...scopeConditions(scope)));
  return row ?? null;
}

/** The review threshold in force for a client's screening (its own, else the default). */
export async function clientReviewThreshold(db: Db, clientId: number): Promise<number> {
  const [row] = await db.select({ reviewThreshold: clients.reviewThreshold }).from(clients).where(eq(clients.id, clientId));
  return reviewThresholdFor({ reviewThreshold: row?.reviewThreshold ?? null });
}

export async function findBatch(db: Db, batchId: number): Promise<BatchRow | null> {
  const [row] = await db.select().from(batches).where(eq(batches.id, batchId));
  return row ?? null;
}

export async function updateBatch(db: Db, batchId: number, set: Partial<NewBatch>): Promise<void> {
  await db.update(batches).set(set).where(eq(batches.id, batchId));
}

/** Changes the status only from one of the given ones; true when it did. */
export async function moveStatus(db: Db, batchId: number, from: readonly string[], set: Partial<NewBatch>): Promise<boolean> {
  const rows = await db.update(batches).set(set).where(and(eq(batches.id, batchId), inArray(batches.status, [...from]))).returning({ id: batches.id });
  return rows.length > 0;
}

/**
 * Stores a batch's rows, 2,000 per statement as one JSON parameter (`insertJsonRows`), not a
 * parameter per cell (ADR 076, round 2). A row without `additional` gets the column's default.
 */
export async function insertBatchRows(db: Db, rows: (typeof batchRows.$inferInsert)[]): Promise<void> {
  await insertJsonRows(db, batchRows, rows.map((r) => (r.additional === undefined ? { ...r, additional: {} } : r)), sql`ON CONFLICT DO NOTHING`);
}

/** Rows per COPY of `copyBatchRows`: the main thread gets a turn between two (PGlite runs on it). */
const ROWS_PER_COPY = 10_000;
const ROWS_COPY_SQL = `COPY batch_rows (batch_id, row_index, "values", additional, unique_id) FROM '/dev/blob'`;

/**
 * PGlite: rows stored by COPY (ADR 098), without the JSON statements' parse of one array per
 * 2,000 rows. COPY cannot skip a row stored already as `insertBatchRows` does: the caller holds
 * a transaction in which the batch has none.
 */
export async function copyBatchRows(db: Db, rows: readonly (typeof batchRows.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_COPY) {
    const lines = rows.slice(i, i + ROWS_PER_COPY).map((r) => `${r.batchId}\t${r.rowIndex}\t${copyJson(r.values)}\t${copyJson(r.additional ?? {})}\t${copyText(r.uniqueId ?? null)}`);
    await pgliteCopyLines(db, ROWS_COPY_SQL, '', lines);
  }
}

export interface ListFilters {
  fileName?: string;
  clientId?: number;
  teamId?: number;
  uploaderUserId?: number;
  offset: number;
  limit: number;
}

export async function listBatchRows(db: Db, scope: BatchScope, f: ListFilters) {
  const where = [...scopeConditions(scope), isNotNull(batches.status), eq(batches.kind, 'search')];
  if (f.fileName) where.push(ilike(batches.fileName, `%${f.fileName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (f.clientId !== undefined) where.push(eq(batches.clientId, f.clientId));
  if (f.teamId !== undefined) where.push(eq(batches.teamId, f.teamId));
  if (f.uploaderUserId !== undefined) where.push(eq(batches.uploaderUserId, f.uploaderUserId));
  const items = await db
    .select({ batch: batches, firstName: users.firstName, lastName: users.lastName })
    .from(batches)
    .innerJoin(users, eq(users.id, batches.uploaderUserId))
    .where(and(...where))
    .orderBy(desc(batches.uploadedAt), desc(batches.id))
    .limit(f.limit)
    .offset(f.offset);
  const [{ total }] = await db.select({ total: count() }).from(batches).where(and(...where));
  return { items, total };
}

/** Clients, teams and uploaders of the batches a scope sees (the dashboard's filter options). */
export async function filterOptions(db: Db, scope: BatchScope, narrow: { clientId?: number; teamId?: number }) {
  const where = [...scopeConditions(scope), isNotNull(batches.status), eq(batches.kind, 'search')];
  if (narrow.clientId !== undefined) where.push(eq(batches.clientId, narrow.clientId));
  if (narrow.teamId !== undefined) where.push(eq(batches.teamId, narrow.teamId));
  const uploaders = await db
    .selectDistinct({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(batches)
    .innerJoin(users, eq(users.id, batches.uploaderUserId))
    .where(and(...where));
  return { uploaders: uploaders.sort((a, b) => a.name.localeCompare(b.name)) };
}

export async function listClients(db: Db) {
  return db.select({ id: clients.id, name: clients.name }).from(clients).orderBy(clients.name);
}

export async function listTeams(db: Db, clientId: number, onlyIds: number[] | null) {
  const where = [eq(teams.clientId, clientId)];
  if (onlyIds) where.push(inArray(teams.id, onlyIds.length ? onlyIds : [-1]));
  return db.select({ id: teams.id, name: teams.name }).from(teams).where(and(...where)).orderBy(teams.name);
}

export async function findClient(db: Db, clientId: number) {
  const [row] = await db.select().from(clients).where(eq(clients.id, clientId));
  return row ?? null;
}

/**
 * Searches a trial client has used or reserved since the given instant: those billed, plus
 * those its submitted batches still owe (rows × search types, less what they billed already),
 * so a batch waiting in the queue counts against the allowance from its submission (ADR 024).
 */
export async function searchesCommitted(db: Db, clientId: number, since: Date): Promise<number> {
  const res = (await db.execute(sql`SELECT
      coalesce((SELECT sum(u.quantity) FROM usage_records u WHERE u.client_id = ${clientId} AND u.created_at >= ${since.toISOString()} AND u.search_option <> 'MONITORING'), 0)
      + coalesce((SELECT sum(greatest(0, b.record_count * cardinality(b.search_types)
          - coalesce((SELECT sum(u.quantity) FROM usage_records u WHERE u.batch_id = b.id), 0)))
        FROM batches b WHERE b.client_id = ${clientId} AND b.status IN ('Submitted', 'Pending', 'Processing', 'Batch Kill Requested')), 0) AS n`)) as unknown as {
    rows: { n: number | string }[];
  };
  return Number(res.rows[0]?.n ?? 0);
}

/** Searches billed to a client since the given instant. */
export async function searchesSince(db: Db, clientId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${usageRecords.quantity}), 0)::int` })
    .from(usageRecords)
    .where(and(eq(usageRecords.clientId, clientId), sql`${usageRecords.createdAt} >= ${since.toISOString()}`));
  return row.n;
}

/** The client a team belongs to, or null when there is no such team. */
export async function teamClientOf(db: Db, teamId: number): Promise<number | null> {
  const [row] = await db.select({ clientId: teams.clientId }).from(teams).where(eq(teams.id, teamId));
  return row?.clientId ?? null;
}
