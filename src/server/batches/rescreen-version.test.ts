import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALGORITHM_VERSION } from '#engine/algorithm-version';
import { BATCH_MESSAGES } from '#shared/messages';
import { batches, batchResults, listRecords, listVersions } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { createTestApp, type TestApp } from '#test/app';
import { signedIn, startQueue, submitBatch } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { parseLeie } from '#lists/leie/parse';

// "A re-screen with a new version is a new version, not a silent change" (issue 13, ADR 034).
const fixtures = fileURLToPath(new URL('../../lists', import.meta.url));
const now = new Date('2026-04-02T09:00:00Z');
const OLD_VERSION = 'fuzzy-2026.01-old';

let t: TestApp;
let queue: JobQueue;
let user: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp({ batchChunkRows: 2, batchScreenWorkers: 0 });
  t.setNow(now);
  queue = await startQueue(t);
  const [version] = await t.ctx.db
    .insert(listVersions)
    .values({ source: 'leie', status: 'active', mode: 'full', origin: 'import', fileNames: ['UPDATED.csv'], fileSha256: ['-'], fileSizes: [0], fetchedAt: now })
    .returning();
  const rows = [];
  for await (const record of parseLeie([path.join(fixtures, 'leie/fixtures/UPDATED.csv')])) rows.push({ versionId: version.id, recordId: record.sourceRecordId, data: record });
  await t.ctx.db.insert(listRecords).values(rows).onConflictDoNothing();
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME'] });
  user = await createUser(t.ctx.db, { clientId: client.id });
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

const CSV = 'First Name,Last Name\nKathleen,Brennan\nAnil,Patel\n';
const versionsOf = async (batchId: number): Promise<string[]> =>
  (await t.ctx.db.select({ explanation: batchResults.explanation }).from(batchResults).where(eq(batchResults.batchId, batchId))).map((r) => String((r.explanation as { algorithmVersion?: string } | null)?.algorithmVersion));

describe('re-screening after the algorithm changed', () => {
  it('keeps the results an older version scored and gives the re-screen its own results, marked with the new version', async () => {
    const agent = await signedIn(t, user);
    const first = await submitBatch(agent, CSV);
    await queue.drain();
    expect((await t.ctx.db.select().from(batches).where(eq(batches.id, first)))[0].status).toBe('Completed');
    // The first batch was scored by an older version of the rules.
    await t.ctx.db.execute(sql`UPDATE batch_results SET explanation = jsonb_set(explanation, '{algorithmVersion}', ${JSON.stringify(OLD_VERSION)}::jsonb) WHERE batch_id = ${first} AND explanation IS NOT NULL`);
    const old = await versionsOf(first);
    expect(old.length).toBeGreaterThan(0);

    // A completed batch is never scored again in place…
    const resubmit = await agent.get(`/services/flexsearchs/${first}/resubmit`);
    expect(resubmit.statusCode).toBe(409);
    expect(resubmit.json().error.message).toBe(BATCH_MESSAGES.cannotResubmit);
    // …a re-screen is a new batch: the old results stay as they were, the new ones say which version scored them.
    const second = await submitBatch(agent, CSV);
    await queue.drain();
    expect(await versionsOf(first)).toEqual(old);
    expect(new Set(await versionsOf(first))).toEqual(new Set([OLD_VERSION]));
    const fresh = await versionsOf(second);
    expect(fresh.length).toBe(old.length);
    expect(new Set(fresh)).toEqual(new Set([ALGORITHM_VERSION]));
  });
});
