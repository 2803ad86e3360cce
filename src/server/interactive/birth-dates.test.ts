/**
 * Impossible dates of birth are refused with a 400 naming the field, and nothing is searched or
 * billed (issue 53 item 5): the interactive search, Advance Search, the public API's name search
 * and its bulk screening. (Batch rows get a row problem: row-validation.test.ts.)
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatedApiKeySchema } from '#shared/api-keys';
import { BIRTH_DATE_MESSAGES, birthDateProblem } from '#shared/birth-date';
import { interactiveSearches, usageRecords } from '#server/db/schema';
import type { Agent, TestApp } from '#test/app';
import { signedIn } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { createSearchApp, nameUrl } from '#test/search-app';

let t: TestApp;
let agent: Agent;
let secret: string;
let clientId: number;
const IMPOSSIBLE = ['2024-02-30', '0000-00-00', '9999-99-99', '2023-02-29', '1899-12-31', '2099-01-01'];

beforeAll(async () => {
  t = await createSearchApp(0);
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI'] });
  clientId = client.id;
  agent = await signedIn(t, await createUser(t.ctx.db, { clientId, roles: ['paying_user', 'name_search_user', 'advanced_search', 'api_user'] }));
  const key = await agent.post('/services/apikeys', { name: 'HR' });
  secret = CreatedApiKeySchema.parse(key.json()).secret;
});
afterAll(() => t.close());

const billed = async () => (await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.clientId, clientId))).length;
const searched = async () => (await t.ctx.db.select().from(interactiveSearches).where(eq(interactiveSearches.clientId, clientId))).length;
const bearer = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: { authorization: `Bearer ${secret}` } });

describe('a date of birth', () => {
  it('is possible or named as not', () => {
    expect(birthDateProblem('1965-05-26', new Date('2026-12-02T00:00:00Z'))).toBeNull();
    expect(birthDateProblem('2024-02-29', new Date('2026-12-02T00:00:00Z'))).toBeNull();
    expect(birthDateProblem('2024-02-30')).toBe(BIRTH_DATE_MESSAGES.impossible);
    expect(birthDateProblem('0000-00-00')).toBe(BIRTH_DATE_MESSAGES.impossible);
    expect(birthDateProblem('9999-99-99')).toBe(BIRTH_DATE_MESSAGES.impossible);
    expect(birthDateProblem('1899-12-31')).toBe(BIRTH_DATE_MESSAGES.range);
    expect(birthDateProblem('2026-12-04', new Date('2026-12-02T12:00:00Z'))).toBe(BIRTH_DATE_MESSAGES.range);
    expect(birthDateProblem('26-05-1965')).toBe(BIRTH_DATE_MESSAGES.format);
  });

  for (const dob of IMPOSSIBLE) {
    it(`${dob} is refused everywhere a date of birth is taken, with nothing billed`, async () => {
      const [billedBefore, searchedBefore] = [await billed(), await searched()];
      const interactive = await agent.get(nameUrl({ firstName: 'Carol', lastName: 'Moore', dateOfBirth: dob }));
      expect(interactive.statusCode, interactive.body).toBe(400);
      expect(Object.keys(interactive.json().error.fields)).toEqual(['dateOfBirth']);
      const advanced = await agent.post('/services/advancedsearch', { subject: 'person', person: { firstName: 'Carol', lastName: 'Moore', dateOfBirth: dob } });
      expect(advanced.statusCode, advanced.body).toBe(400);
      expect(Object.keys(advanced.json().error.fields)).toEqual(['person.dateOfBirth']);
      const api = await bearer('/api/v1/searches/name', { firstName: 'Carol', lastName: 'Moore', dateOfBirth: dob });
      expect(api.statusCode, api.body).toBe(400);
      expect(Object.keys(api.json().error.fields)).toEqual(['dateOfBirth']);
      const bulk = await bearer('/api/v1/screenings', { subjects: [{ type: 'person', firstName: 'Carol', lastName: 'Moore', dateOfBirth: dob }] });
      expect(bulk.statusCode, bulk.body).toBe(400);
      expect(Object.keys(bulk.json().error.fields)).toEqual(['subjects.0.dateOfBirth']);
      expect([await billed(), await searched()]).toEqual([billedBefore, searchedBefore]);
    });
  }

  it('that exists is searched', async () => {
    const res = await agent.get(nameUrl({ firstName: 'Carol', lastName: 'Moore', dateOfBirth: '1965-05-26' }));
    expect(res.statusCode, res.body).toBe(200);
  });
});
