import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { createUser } from '#test/factories';
import { createLogger, scrubText } from './logger';

const SSN = '078-05-1120';
const NAME = 'Zebulon Quackenbush';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({}, { logTo: { write: (line) => void lines.push(line) } });
});
afterAll(() => t.close());

/** A real failed query of the database, carrying personal values in its parameters. */
async function failedQuery(): Promise<Error> {
  try {
    await t.ctx.db.execute(sql`select ${SSN}::text as ssn, ${NAME}::text as name, ${'not a number'}::int as n`);
  } catch (error) {
    return error as Error;
  }
  throw new Error('the query should have failed');
}

describe('the logger', () => {
  it('logs a failed query by its SQL and SQLSTATE, never its parameters or the values the database quotes', async () => {
    const error = await failedQuery();
    // What the default serialiser would have written: the message itself lists every parameter.
    expect(error.message).toContain(SSN);
    const out: string[] = [];
    createLogger({ level: 'info', destination: { write: (line) => void out.push(line) } }).error({ err: error }, 'unhandled error');
    const text = out.join('');
    expect(text).not.toContain(SSN);
    expect(text).not.toContain(NAME);
    expect(text).not.toContain('not a number');
    const logged = JSON.parse(out[0]) as { err: { message: string; cause: { code: string } } };
    expect(logged.err.message).toMatch(/^Failed query: select \$1::text/);
    expect(logged.err.cause.code).toBe('22P02');
  });

  it('redacts secrets and row values in logged objects, and scrubs identifiers from messages', () => {
    const out: string[] = [];
    const log = createLogger({ level: 'info', destination: { write: (line) => void out.push(line) } });
    log.info({ password: 'Secret-1', row: { ssn: SSN }, req: { headers: { cookie: 'session=abc' } } }, `row with ${SSN} and NPI 1234567893 refused`);
    const text = out.join('');
    for (const value of ['Secret-1', SSN, '1234567893', 'session=abc']) expect(text).not.toContain(value);
    expect(scrubText('invalid input syntax for type integer: "Ann Lee"')).toBe('invalid input syntax for type integer: "[redacted]"');
    expect(scrubText('Key (username)=(ann) already exists.')).toBe('Key (username)=([redacted]) already exists.');
  });

  it('logs requests by route pattern: no names, NPIs or tokens from the path or query string', async () => {
    lines.length = 0;
    const user = await createUser(t.ctx.db, { roles: ['name_search_user'] });
    const agent = new Agent(t.app);
    await agent.login(user.username, user.password);
    await agent.get('/services/interactivesearch/npi/1234567893');
    await agent.get(`/services/interactivesearch/name?firstName=Zebulon&lastName=Quackenbush`);
    await agent.get('/services/setup/TOKEN-abcdefghijklmnop0123456789');
    await agent.get('/reset-password/abcdefghijklmnopqrstuvwxyz0123456789');
    const text = lines.join('');
    expect(text).toContain('/services/interactivesearch/npi/:npi');
    for (const value of ['1234567893', 'Zebulon', 'Quackenbush', 'TOKEN-abc', 'abcdefghijklmnopqrstuvwxyz', user.password]) expect(text).not.toContain(value);
  });
});
