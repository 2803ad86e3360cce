/** Storing a bulk request's searches in two parts (ADR 064): one transaction, every search and usage row once, all or nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#test/app';
import { createClient, createUser } from '#test/factories';
import { interactiveSearches, usageRecords } from '#server/db/schema';
import type { UserCaller } from './caller';
import { findVisibleSearch } from './queries';
import { recordSearchesInTwo } from './record-many';
import { resultOf, type Outcome, type UnsavedResult } from './record';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lists = [{ source: 'leie', title: 'LEIE', publisher: 'HHS-OIG', officialUrl: 'https://example.test/leie', asOf: '2026-11-01', acquiredOn: '2026-11-02', records: 3, version: null, synthetic: false, warning: null }];

async function callerOf(state: 'paid' | 'trial', trialSearchesPerMonth: number | null = null): Promise<UserCaller> {
  const client = await createClient(t.ctx.db, { state, trialSearchesPerMonth });
  const user = await createUser(t.ctx.db, { clientId: client.id, roles: ['name_search_user'] });
  return { kind: 'user', userId: user.id, clientId: client.id, teamId: user.teamId, roles: user.roles, fullName: 'Pat Tester', clientName: client.name, clientState: state, searchOptions: ['NAME'], trialSearchesPerMonth, trialEndsAt: null, accessEndsAt: null, reviewThreshold: null };
}

function screened(lastName: string): { result: UnsavedResult; outcome: Outcome } {
  const criteria = { entity: 'individual' as const, firstName: 'Pat', lastName, companyName: null, matchingAlgorithm: 'Exact' as const, dateOfBirth: null, state: null };
  const result = { kind: 'name' as const, searchedAt: t.ctx.now().toISOString(), searchedBy: 'Pat Tester, Client', algorithmVersion: 'test', lists, notSearched: [], criteria, hits: [] };
  return { result, outcome: { kind: 'name', criteriaText: `Pat ${lastName}`, outcome: 'No match', hitCount: 0, isBillable: true } };
}

const storedOf = async (clientId: number) => ({
  searches: await t.ctx.db.select().from(interactiveSearches).where(eq(interactiveSearches.clientId, clientId)),
  usage: await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.clientId, clientId)),
});

describe('recordSearchesInTwo', () => {
  it('stores both parts once each, answered in order with their ids, reopening as answered', async () => {
    const caller = await callerOf('paid');
    const first = ['A', 'B', 'C'].map(screened);
    const second = ['D', 'E'].map(screened);
    const answers = await recordSearchesInTwo(
      t.ctx,
      caller,
      first,
      async (db) => {
        // The first part is written (in the transaction the second part is handed) before the second is asked for.
        expect((await db.select().from(interactiveSearches).where(eq(interactiveSearches.clientId, caller.clientId))).map((s) => s.criteriaText)).toEqual(['Pat A', 'Pat B', 'Pat C']);
        return second;
      },
      [lists],
    );
    expect(answers.map((a) => a.kind === 'name' && a.criteria.lastName)).toEqual(['A', 'B', 'C', 'D', 'E']);
    const { searches, usage } = await storedOf(caller.clientId);
    expect(searches.map((s) => s.id).sort()).toEqual(answers.map((a) => a.searchId).sort());
    expect(new Set(searches.map((s) => s.reference)).size).toBe(5);
    expect(usage).toHaveLength(5);
    for (const answer of answers) {
      const row = await findVisibleSearch(t.ctx.db, { clientId: caller.clientId, teamIds: null, userId: null }, answer.searchId);
      expect(resultOf(row!)).toEqual(answer);
    }
  });

  it('stores nothing, the first part included, when the second part fails before its write', async () => {
    const caller = await callerOf('paid');
    await expect(
      recordSearchesInTwo(t.ctx, caller, ['A', 'B'].map(screened), async () => Promise.reject(new Error('the engine stopped')), [lists]),
    ).rejects.toThrow('the engine stopped');
    expect(await storedOf(caller.clientId)).toEqual({ searches: [], usage: [] });
  });

  it('stores nothing when the second part cannot be written', async () => {
    const caller = await callerOf('paid');
    const broken = screened('X');
    (broken.outcome as { criteriaText: unknown }).criteriaText = null;
    await expect(recordSearchesInTwo(t.ctx, caller, ['A', 'B'].map(screened), async () => [screened('C'), broken], [lists])).rejects.toThrow();
    expect(await storedOf(caller.clientId)).toEqual({ searches: [], usage: [] });
  });

  it('counts a trial’s searches of both parts against its allowance before writing any', async () => {
    const caller = await callerOf('trial', 4);
    await expect(recordSearchesInTwo(t.ctx, caller, ['A', 'B', 'C'].map(screened), async () => ['D', 'E'].map(screened), [lists])).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(await storedOf(caller.clientId)).toEqual({ searches: [], usage: [] });
    const answers = await recordSearchesInTwo(t.ctx, caller, ['A', 'B'].map(screened), async () => ['C', 'D'].map(screened), [lists]);
    expect(answers).toHaveLength(4);
    expect((await storedOf(caller.clientId)).usage).toHaveLength(4);
  });
});
