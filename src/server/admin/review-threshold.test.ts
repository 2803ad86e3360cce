import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReviewThresholdSettingsSchema, THRESHOLD_OUT_OF_RANGE, ThresholdPreviewSchema } from '#shared/review-threshold';
import { auditLog, batches, batchResults } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { createTestApp, type Agent, type TestApp } from '#test/app';
import { signedIn, startQueue } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { screenedBatch, seedLists } from '#test/results-setup';

let t: TestApp;
let queue: JobQueue;
let admin: Agent;
let clientId: number;

beforeAll(async () => {
  t = await createTestApp({ batchScreenWorkers: 0 });
  t.setNow(new Date('2026-04-02T09:00:00Z'));
  queue = await startQueue(t);
  await seedLists(t);
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI', 'SSNDMF'] });
  clientId = client.id;
  admin = await signedIn(t, await createUser(t.ctx.db, { clientId, roles: ['domain_admin_user'] }));
}, 60_000);

afterAll(async () => {
  await queue.stop();
  await t.close();
});

const PATH = '/services/admin/review-threshold';
const rowsWithFindings = async (batchId: number) =>
  (await t.ctx.db.execute(sql`SELECT count(DISTINCT row_index)::int AS n FROM batch_results WHERE batch_id = ${batchId} AND result_type = 'exclusions'`).then((r) => (r as unknown as { rows: { n: number }[] }).rows[0].n));
const findingScores = async (batchId: number) =>
  (await t.ctx.db.select({ score: batchResults.score }).from(batchResults).where(and(eq(batchResults.batchId, batchId), eq(batchResults.resultType, 'exclusions')))).map((r) => r.score!);

describe('the client’s review threshold', () => {
  it('answers the default and the safe range; there is no last batch yet', async () => {
    const settings = ReviewThresholdSettingsSchema.parse((await admin.get(PATH)).json());
    expect(settings).toEqual({ threshold: 0.8, own: null, defaultThreshold: 0.8, min: 0.7, max: 0.9 });
    expect(ThresholdPreviewSchema.parse((await admin.get(`${PATH}/preview?threshold=0.85`)).json()).lastBatch).toBeNull();
  });

  it('previews what a threshold does to the last batch, saves it, and the next batch runs with it and records it', async () => {
    const first = await screenedBatch(admin, queue, t);
    const scores = await findingScores(first);
    expect(scores.length).toBeGreaterThan(0);
    const [ran] = await t.ctx.db.select({ reviewThreshold: batches.reviewThreshold }).from(batches).where(eq(batches.id, first));
    expect(ran.reviewThreshold).toBeCloseTo(0.8, 5);

    const cut = Math.min(0.9, Math.round((Math.min(...scores) + 0.005) * 100) / 100);
    const up = ThresholdPreviewSchema.parse((await admin.get(`${PATH}/preview?threshold=${cut}`)).json());
    expect(up.lastBatch).toMatchObject({ batchId: first, fileName: 'staff.csv', findings: scores.length, dropped: scores.filter((s) => s < cut).length, added: 0 });
    expect(up.lastBatch!.dropped).toBeGreaterThan(0);
    // Candidates under 0.80 were kept as near misses (ADR 042): this roster has none from 0.75.
    const down = ThresholdPreviewSchema.parse((await admin.get(`${PATH}/preview?threshold=0.75`)).json());
    expect(down.lastBatch).toMatchObject({ dropped: 0, added: 0, rowsAdded: 0 });

    const saved = await admin.put(PATH, { threshold: cut });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ReviewThresholdSettingsSchema.parse(saved.json())).toMatchObject({ threshold: cut, own: cut });
    const audits = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'client.review_threshold'), eq(auditLog.clientId, clientId)));
    expect(audits.map((a) => a.details)).toEqual([{ from: null, to: cut }]);

    const second = await screenedBatch(admin, queue, t);
    const [next] = await t.ctx.db.select({ reviewThreshold: batches.reviewThreshold }).from(batches).where(eq(batches.id, second));
    expect(next.reviewThreshold).toBeCloseTo(cut, 5);
    // What the preview promised: the same rows now raise exactly the findings it kept.
    expect((await findingScores(second)).length).toBe(up.lastBatch!.findings - up.lastBatch!.dropped);
    const summary = (await admin.get(`/services/flexsearchs/${second}/result/summary`)).json();
    expect(summary.reviewThreshold).toBeCloseTo(cut, 5);

    expect(ReviewThresholdSettingsSchema.parse((await admin.put(PATH, { threshold: null })).json()).threshold).toBe(0.8);
  });

  it('refuses a threshold outside the safe range and callers who are not the client’s administrators', async () => {
    for (const threshold of [0.95, 0.5, 'high']) {
      const res = await admin.put(PATH, { threshold });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(THRESHOLD_OUT_OF_RANGE);
    }
    expect((await admin.get(`${PATH}/preview?threshold=0.99`)).statusCode).toBe(400);
    const reviewer = await signedIn(t, await createUser(t.ctx.db, { clientId, roles: ['name_search_user'] }));
    expect((await reviewer.get(PATH)).statusCode).toBe(403);
    expect((await reviewer.put(PATH, { threshold: 0.85 })).statusCode).toBe(403);
    const owner = await signedIn(t, await createUser(t.ctx.db, { clientId, roles: ['account_owner_user'] }));
    expect((await owner.put(PATH, { threshold: 0.85 })).statusCode).toBe(200);
    const [row] = await t.ctx.db.execute(sql`SELECT review_threshold FROM clients WHERE id = ${clientId}`).then((r) => (r as unknown as { rows: { review_threshold: number }[] }).rows);
    expect(row.review_threshold).toBeCloseTo(0.85, 5);
  });

  it('counts what a lower threshold would add from the near misses the batch kept, and the next batch at it raises exactly those', async () => {
    const csv = 'Emp ID,First,Last\nN1,Kathleen,Brennan\nN2,Kathleen,Brenning\nN3,Kathlyn,Brennon\nN4,K,Brennan\nN5,Cathleen,Brannon\nN6,Zed,Nobody\n';
    const mapping = { columnMappings: { First: 'First Name', Last: 'Last Name' }, searchTypes: ['Exclusion Search by Individual Name'], correlatedColumnIndexes: [], uniqueIdIndex: 0 };
    expect((await admin.put(PATH, { threshold: 0.86 })).statusCode).toBe(200);
    const strict = await screenedBatch(admin, queue, t, csv, mapping, 'near.csv');
    const before = await findingScores(strict);
    const rowsBefore = await rowsWithFindings(strict);

    const preview = ThresholdPreviewSchema.parse((await admin.get(`${PATH}/preview?threshold=0.8`)).json()).lastBatch!;
    expect(preview).toMatchObject({ batchId: strict, findings: before.length, dropped: 0 });
    expect(preview.added).toBeGreaterThan(0);
    expect(preview.rowsAdded).toBeGreaterThan(0);

    expect((await admin.put(PATH, { threshold: 0.8 })).statusCode).toBe(200);
    const looser = await screenedBatch(admin, queue, t, csv, mapping, 'near.csv');
    // The promise: exactly the findings and rows the preview counted were added.
    expect((await findingScores(looser)).length).toBe(before.length + preview.added!);
    expect(await rowsWithFindings(looser)).toBe(rowsBefore + preview.rowsAdded!);
    expect((await admin.put(PATH, { threshold: null })).statusCode).toBe(200);
  });

  it('says it cannot count what a lower threshold adds for a batch screened before near misses were kept', async () => {
    const batchId = await screenedBatch(admin, queue, t);
    await t.ctx.db.execute(sql`UPDATE batch_chunks SET near_miss_scores = NULL, near_miss_row_best = NULL WHERE batch_id = ${batchId}`);
    const down = ThresholdPreviewSchema.parse((await admin.get(`${PATH}/preview?threshold=0.75`)).json()).lastBatch!;
    expect(down).toMatchObject({ batchId, added: null, rowsAdded: null });
    const up = ThresholdPreviewSchema.parse((await admin.get(`${PATH}/preview?threshold=0.85`)).json()).lastBatch!;
    expect(up).toMatchObject({ added: 0, rowsAdded: 0 });
  });
});

describe('the findings a higher threshold would drop', () => {
  it('counts those the engine knows are often the same person, by kind, with examples, read from their explanations', async () => {
    // The LEIE fixture: DANIEL THOMAS OKAFOR JR born 1965-06-11, LUZ RAMIREZ born 1988-01-12, KATHLEEN MARIE BRENNAN born 1971-02-03.
    const csv =
      'Emp ID,First,Last,DOB\n' +
      'V1,Dan,Okafor,\n' + // a nickname of Daniel
      'V2,Luz,Ramirez,1988-01-13\n' + // born one day after the list's date
      'V3,Kathleen,Brennan,1971-02-03\n' + // everything agrees: kept at any threshold
      'V4,Okafor,Daniel,\n' + // first and last names swapped
      'V5,Kathleen,Brenan,\n' + // the last name spelt another way, sounding the same
      'V6,Kathleen,Brennar,\n' + // a typo in the last name
      'V7,Zed,Nobody,1970-01-01\n';
    const mapping = { columnMappings: { First: 'First Name', Last: 'Last Name', DOB: 'Date of Birth' }, searchTypes: ['Exclusion Search by Individual Name'], correlatedColumnIndexes: [], uniqueIdIndex: 0 };
    const batchId = await screenedBatch(admin, queue, t, csv, mapping, 'variants.csv');
    const found = new Map(
      (await t.ctx.db.select({ rowIndex: batchResults.rowIndex, score: batchResults.score }).from(batchResults).where(and(eq(batchResults.batchId, batchId), eq(batchResults.resultType, 'exclusions')))).map((r) => [r.rowIndex, r.score!]),
    );
    // The premise: each variant is a finding at 0.80 that 0.90 drops; the row where all agrees is not.
    for (const row of [0, 1, 3, 4, 5]) expect(found.get(row), `row ${row}`).toBeGreaterThanOrEqual(0.8);
    for (const row of [0, 1, 3, 4, 5]) expect(found.get(row), `row ${row}`).toBeLessThan(0.9);
    expect(found.get(2)).toBeGreaterThanOrEqual(0.9);

    const up = ThresholdPreviewSchema.parse((await admin.get(`${PATH}/preview?threshold=0.9`)).json()).lastBatch!;
    expect(up).toMatchObject({ batchId, fileName: 'variants.csv', findings: found.size, dropped: 5 });
    expect(up.droppedVariants).toMatchObject({
      findings: 5,
      counts: { nickname: 1, nameTypo: 1, soundAlike: 1, dobTypo: 1, nameOrder: 1, sameIdentifier: 0, sameDob: 0 },
    });
    const byRow = new Map(up.droppedVariants!.examples.map((e) => [e.rowIndex, e]));
    expect(byRow.get(0)).toMatchObject({ rowName: 'Dan Okafor', listName: 'DANIEL THOMAS OKAFOR JR', list: 'OIG List of Excluded Individuals/Entities (LEIE)', signs: ['nickname'] });
    expect(byRow.get(1)).toMatchObject({ rowName: 'Luz Ramirez', listName: 'LUZ RAMIREZ', signs: ['dobTypo'] });
    expect(byRow.get(3)).toMatchObject({ rowName: 'Okafor Daniel', signs: ['nameOrder'] });
    expect(byRow.get(4)).toMatchObject({ rowName: 'Kathleen Brenan', listName: 'KATHLEEN MARIE BRENNAN', signs: ['soundAlike'] });
    expect(byRow.get(5)).toMatchObject({ rowName: 'Kathleen Brennar', signs: ['nameTypo'] });
    for (const e of up.droppedVariants!.examples) expect(e.score).toBeCloseTo(found.get(e.rowIndex)!, 3);
    // Highest score first: those nearest the threshold.
    const scores = up.droppedVariants!.examples.map((e) => e.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    // At the threshold it ran with, nothing is dropped and nothing is warned of.
    const same = ThresholdPreviewSchema.parse((await admin.get(`${PATH}/preview?threshold=0.8`)).json()).lastBatch!;
    expect(same.droppedVariants).toEqual({ findings: 0, counts: { nickname: 0, nameTypo: 0, soundAlike: 0, dobTypo: 0, nameOrder: 0, sameIdentifier: 0, sameDob: 0 }, examples: [] });
  });

  it('gives one example per pair of names and counts the dropped that agree on the date of birth', async () => {
    // Six namesakes of LUZ RAMIREZ born one day after her, and an "L Ramires" born on her day.
    const lines = ['E1', 'E2', 'E3', 'E4', 'E5', 'E6'].map((id) => `${id},Luz,Ramirez,1988-01-13`);
    const csv = `Emp ID,First,Last,DOB\n${lines.join('\n')}\nE7,L,Ramires,1988-01-12\n`;
    const mapping = { columnMappings: { First: 'First Name', Last: 'Last Name', DOB: 'Date of Birth' }, searchTypes: ['Exclusion Search by Individual Name'], correlatedColumnIndexes: [], uniqueIdIndex: 0 };
    const batchId = await screenedBatch(admin, queue, t, csv, mapping, 'namesakes.csv');
    const scores = await findingScores(batchId);
    expect(scores).toHaveLength(7);
    for (const s of scores) expect(s).toBeLessThan(0.9);
    const up = ThresholdPreviewSchema.parse((await admin.get(`${PATH}/preview?threshold=0.9`)).json()).lastBatch!;
    expect(up).toMatchObject({ dropped: 7, droppedVariants: { findings: 7, counts: { dobTypo: 6, sameDob: 1, nickname: 0, nameOrder: 0, sameIdentifier: 0 } } });
    // One example per pair of names, however often the roster repeats it; each kind shown.
    expect(up.droppedVariants!.examples.map((e) => [e.rowName, e.listName, e.signs])).toEqual([
      ['Luz Ramirez', 'LUZ RAMIREZ', ['dobTypo']],
      ['L Ramires', 'LUZ RAMIREZ', expect.arrayContaining(['sameDob'])],
    ]);
});
});
