/** Trial allowances and the anonymous daily allowance hold under parallel requests on a listening server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ELIGIBILITY_TEXTS } from '#shared/interactive-search';
import { trialLimitMessage } from '#shared/messages';
import type { TestApp } from '#test/app';
import { signedIn, startQueue, upload, NAME_MAPPING } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { countStatuses, listenOnFreePort, send, sendAll, sessionHeaders } from '#test/http-server';
import { createSearchApp, nameUrl } from '#test/search-app';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createSearchApp(10);
  await startQueue(t);
  base = await listenOnFreePort(t.app);
});
afterAll(() => t.close());

async function trialUser() {
  const client = await createClient(t.ctx.db, { state: 'trial', planType: 'FREE', searchOptions: ['NAME', 'NPI'], trialSearchesPerMonth: 10 });
  const user = await createUser(t.ctx.db, { clientId: client.id, roles: ['account_owner_user', 'name_search_user', 'npi_search_user'] });
  return signedIn(t, user);
}

const search = (headers: Record<string, string>) =>
  send(base, 'GET', nameUrl({ firstName: 'Donald', lastName: 'Bailey', matchingAlgorithm: 'Exact' }), undefined, headers);

const tenRows = `First Name,Last Name\n${Array.from({ length: 10 }, (_, i) => `Pat${i},Doe`).join('\n')}\n`;

describe('allowances under parallel requests (real connections)', () => {
  it('6 parallel batches of 10 rows give a 10-search trial one batch, and the queued batch uses up the allowance', async () => {
    const agent = await trialUser();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await upload(agent, tenRows)).json().batchId as number);
    const mapping = { columnMappings: NAME_MAPPING, searchTypes: ['Exclusion Search by Individual Name'], correlatedColumnIndexes: [], uniqueIdIndex: null };
    const answers = await sendAll(6, (i) => send(base, 'POST', `/services/flexsearchs/${ids[i]}/columnmappings`, mapping, sessionHeaders(agent)));
    expect(countStatuses(answers)).toEqual({ 200: 1, 400: 5 });
    expect(answers.find((a) => a.status === 400)?.body).toMatchObject({ error: { message: trialLimitMessage(10, 0, 10) } });
    // The batch has not been screened yet, but its ten searches are spoken for.
    expect(await search(sessionHeaders(agent))).toMatchObject({ status: 429, body: { error: { message: ELIGIBILITY_TEXTS.trialLimit(10) } } });
  });

  it('20 parallel interactive searches give a 10-search trial exactly 10 results', async () => {
    const agent = await trialUser();
    const answers = await sendAll(20, () => search(sessionHeaders(agent)));
    expect(countStatuses(answers)).toEqual({ 200: 10, 429: 10 });
    expect(answers.find((a) => a.status === 429)?.body).toEqual({ error: { code: 'RATE_LIMITED', message: ELIGIBILITY_TEXTS.trialLimit(10) } });
  });

  it('25 parallel anonymous searches from one address get the 10 of the daily allowance', async () => {
    const answers = await sendAll(25, () => search({}));
    expect(countStatuses(answers)).toEqual({ 200: 10, 429: 15 });
    expect(answers.find((a) => a.status === 429)?.body).toEqual({ error: { code: 'RATE_LIMITED', message: ELIGIBILITY_TEXTS.dailyLimit(10) } });
  });
});
