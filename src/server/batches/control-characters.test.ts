/**
 * A NUL byte in a cell (ADR 025): it used to fail the submission with a 500 whose log line
 * listed every row's values. Now the row is refused by number, the batch stays a draft that can
 * be mapped again, and the log never holds a row value.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ColumnMappingResponseSchema, RowErrorsBodySchema } from '#shared/batches';
import { batches, batchRows } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { createTestApp, type TestApp } from '#test/app';
import { signedIn, startQueue, upload } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { ROW_MESSAGES } from './row-validation';

let t: TestApp;
let queue: JobQueue;
const log: string[] = [];
beforeAll(async () => {
  t = await createTestApp({}, { logTo: { write: (line) => void log.push(line) } });
  queue = await startQueue(t);
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

const SSNS = ['219-09-9999', '457-55-5462', '078-05-1120'];
const CSV = ['Emp ID,First,Last,SSN,Notes', `E1,Ann,Lee,${SSNS[0]},ok`, `E2,Bo,Ray,${SSNS[1]},bad\u0000note`, `E3,Cy,Fox,${SSNS[2]},fine`].join('\r\n');
const NAMES = { First: 'First Name', Last: 'Last Name' };
const mapping = (correlated: number[]) => ({ columnMappings: NAMES, searchTypes: ['Exclusion Search by Individual Name'], correlatedColumnIndexes: correlated, uniqueIdIndex: 0 });

describe('control characters in uploaded cells', () => {
  it('refuses the row by number with a 400, keeps the batch a draft that can be mapped again, and logs no row value', async () => {
    const client = await createClient(t.ctx.db, { searchOptions: ['NAME'] });
    const agent = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id }));
    const up = await upload(agent, CSV);
    expect(up.statusCode, up.body).toBe(200);
    const batchId = up.json().batchId as number;

    // SSN and Notes kept as additional data: the NUL would reach the database.
    const refused = await agent.post(`/services/flexsearchs/${batchId}/columnmappings`, mapping([3, 4]));
    expect(refused.statusCode, refused.body).toBe(400);
    const { error } = RowErrorsBodySchema.parse(refused.json());
    expect(error).toHaveLength(1);
    expect(error[0]).toMatchObject({ rowIndx: 1, errorMessage: `${ROW_MESSAGES.controlCharacter('Notes')} ${ROW_MESSAGES.skipLoses(['Exclusion Search by Individual Name'])}` });
    const [draft] = await t.ctx.db.select().from(batches).where(eq(batches.id, batchId));
    expect(draft.status).toBeNull();
    expect(await t.ctx.db.select().from(batchRows).where(eq(batchRows.batchId, batchId))).toHaveLength(0);

    // The same batch, mapped without the bad column, goes through.
    const fixed = await agent.post(`/services/flexsearchs/${batchId}/columnmappings`, mapping([3]));
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(ColumnMappingResponseSchema.parse(fixed.json())).toMatchObject({ batchId, recordCount: 3, status: 'Submitted' });

    const text = log.join('');
    expect(text).toContain('request completed');
    for (const value of [...SSNS, 'Ray', 'bad\\u0000note']) expect(text).not.toContain(value);
  });

  it('logs a submission the database refuses without any of its rows’ values', async () => {
    const client = await createClient(t.ctx.db, { searchOptions: ['NAME'] });
    const agent = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id }));
    const batchId = (await upload(agent, CSV.replace('bad\u0000note', 'clean'))).json().batchId as number;
    await t.ctx.database.sql(`CREATE FUNCTION refuse_rows() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$;
      CREATE TRIGGER refuse_rows BEFORE INSERT ON batch_rows FOR EACH ROW EXECUTE FUNCTION refuse_rows();`);
    log.length = 0;
    try {
      const res = await agent.post(`/services/flexsearchs/${batchId}/columnmappings`, mapping([3, 4]));
      expect(res.statusCode).toBe(500);
    } finally {
      await t.ctx.database.sql('DROP TRIGGER refuse_rows ON batch_rows; DROP FUNCTION refuse_rows();');
    }
    const text = log.join('');
    expect(text).toContain('unhandled error');
    expect(text).toContain('disk full');
    for (const value of [...SSNS, 'Ann', 'Lee', 'Ray', 'Fox']) expect(text).not.toContain(value);
  });
});
