/**
 * The demo's batch queue (ADR 038): batches of two clients in the states operators meet, made
 * by the real code paths. Chunks shown as written were screened here for real (results and
 * charges included); the one failed chunk says plainly that the demo marked it. The queue
 * runs, so a newcomer's first upload is screened (ADR 128); config.demoQueuePaused starts it paused.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { batchChunks, clients, users } from '../db/schema';
import { writePause } from '../jobs/pause';
import { MAX_CHUNK_ATTEMPTS, INTERNAL_ERROR, screenChunk, startBatch } from './processing';
import { failChunk } from './processing-queries';
import { asOnRoster, samplePeople, titleCase } from './demo-people';
import { clientReviewThreshold, insertBatch, insertBatchRows, updateBatch } from './queries';

export const DEMO_FAILURE = 'Demo data: the demo seed marked this chunk failed to show a failure; Retry screens it for real.';
export const DEMO_PAUSED_BY = 'the demo start-up';

const FIRST = ['Maya', 'Jonah', 'Priya', 'Luis', 'Grace', 'Omar', 'Hannah', 'Diego', 'Aisha', 'Victor', 'Elena', 'Marcus', 'Sofia', 'Kwame', 'Irene', 'Tobias', 'Noor', 'Wesley', 'Carmen', 'Felix'];
const LAST = ['Alvarez', 'Brooks', 'Chen', 'Dubois', 'Eriksen', 'Fontaine', 'Gupta', 'Hollis', 'Ibarra', 'Jensen', 'Kowalski', 'Lindqvist', 'Mendoza', 'Nakamura', 'Okafor', 'Pereira', 'Quinlan', 'Rossi', 'Sandoval', 'Thornton', 'Ulrich', 'Varga', 'Whitfield'];

interface DemoBatch {
  domain: string;
  username: string;
  fileName: string;
  rows: number;
  /** Chunks screened for real at seed time. */
  screened: number;
  /** Cut into chunks (Pending) rather than left Submitted. */
  isCut: boolean;
  failedChunk?: number;
}

const BATCHES: DemoBatch[] = [
  { domain: 'fenced-care', username: 'fenced', fileName: 'q1-contractors.csv', rows: 1_500, screened: 1, isCut: true, failedChunk: 1 },
  { domain: 'acme-health', username: 'analyst', fileName: 'credentialing-may.csv', rows: 3_000, screened: 1, isCut: true },
  { domain: 'acme-health', username: 'owner', fileName: 'new-hires-week-19.csv', rows: 1_200, screened: 0, isCut: true },
  { domain: 'fenced-care', username: 'fenced', fileName: 'annual-roster-2026.csv', rows: 2_500, screened: 0, isCut: false },
];

/** Every EXCLUDED_EVERY-th row is a person of the sample LEIE, the others the demo's own names. */
const EXCLUDED_EVERY = 250;
function rosterName(i: number, n: number, excluded: Record<string, string>[]): Record<string, string> {
  const k = Math.floor(i / EXCLUDED_EVERY);
  const person = i % EXCLUDED_EVERY === 17 && excluded.length ? excluded[(k + n) % excluded.length] : undefined;
  if (person) return { 'First Name': asOnRoster(person.firstName, k), 'Last Name': titleCase(person.lastName) };
  return { 'First Name': FIRST[i % FIRST.length], 'Last Name': LAST[(i * 7 + n) % LAST.length] };
}

export async function seedDemoQueue(ctx: AppContext): Promise<void> {
  const owners = await ctx.db
    .select({ userId: users.id, username: users.username, clientId: users.clientId, teamId: users.teamId })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientId))
    .where(inArray(users.username, [...new Set(BATCHES.map((b) => b.username))]));
  // A few people of the sample LEIE among each roster (some under a nickname), so that a drained batch has findings to review.
  const excluded = await samplePeople(ctx.db, 'leie', 'lastName', 8);
  const now = ctx.now();
  for (const [n, demo] of BATCHES.entries()) {
    const owner = owners.find((o) => o.username === demo.username);
    if (!owner) continue;
    const submittedAt = new Date(now.getTime() - (BATCHES.length - n) * 60_000);
    const batch = await insertBatch(ctx.db, {
      clientId: owner.clientId,
      teamId: owner.teamId,
      uploaderUserId: owner.userId,
      fileName: demo.fileName,
      storedPath: 'uploads/demo-queue-not-stored.bin',
      sha256: '-',
      sizeBytes: 0,
      header: ['Employee ID', 'First Name', 'Last Name'],
      status: 'Submitted',
      searchTypes: ['Exclusion Search by Individual Name'],
      columnMappings: { 'First Name': 'First Name', 'Last Name': 'Last Name' },
      uniqueIdIndex: 0,
      recordCount: demo.rows,
      uploadedAt: submittedAt,
      submittedAt,
      // As a submitted upload records it (mapping.ts): the threshold the batch runs with.
      reviewThreshold: await clientReviewThreshold(ctx.db, owner.clientId),
    });
    const rows = Array.from({ length: demo.rows }, (_, i) => ({
      batchId: batch.id,
      rowIndex: i,
      uniqueId: `E-${batch.id}-${10_001 + i}`,
      values: rosterName(i, n, excluded),
    }));
    await insertBatchRows(ctx.db, rows);
    if (demo.isCut) await startBatch(ctx, batch.id, async () => null);
    for (let chunk = 0; chunk < demo.screened; chunk++) await screenChunk(ctx, batch.id, chunk);
    if (demo.failedChunk !== undefined) {
      await failChunk(ctx.db, batch.id, demo.failedChunk, DEMO_FAILURE, true);
      await ctx.db.update(batchChunks).set({ attempts: MAX_CHUNK_ATTEMPTS }).where(and(eq(batchChunks.batchId, batch.id), eq(batchChunks.chunkIndex, demo.failedChunk)));
      await updateBatch(ctx.db, batch.id, { status: INTERNAL_ERROR, error: DEMO_FAILURE, processedAt: ctx.now() });
    }
  }
  if (ctx.config.demoQueuePaused) await writePause(ctx.db, true, DEMO_PAUSED_BY, now);
}
