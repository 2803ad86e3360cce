// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { MAX_IDS_PER_CHANGE } from '#shared/results';
import { json, stubServer } from '../test-utils';
import { changeExclusions, toQuery } from './results-api';

describe('results calls', () => {
  it('writes arrays in the bracket style and leaves empty values out', () => {
    expect(toQuery({ page: 2, sc: '', status: ['NONCLEARED', 'CLEARED'], sources: [], sort: 'DESC', none: null })).toBe('?page=2&status%5B%5D=NONCLEARED&status%5B%5D=CLEARED&sort=DESC');
    expect(toQuery({ sc: undefined })).toBe('');
  });

  it('sends a bulk change of more ids than one call takes in consecutive calls, each within the limit', async () => {
    const ids = Array.from({ length: MAX_IDS_PER_CHANGE * 2 + 5 }, (_, i) => i + 1);
    const chunks = [ids.slice(0, MAX_IDS_PER_CHANGE), ids.slice(MAX_IDS_PER_CHANGE, MAX_IDS_PER_CHANGE * 2), ids.slice(MAX_IDS_PER_CHANGE * 2)];
    const answer = () => json(200, { records: [], scGroups: [] });
    const server = stubServer(Object.fromEntries(chunks.map((c) => [`PUT /services/flexsearchs/42/result/${c.join(',')}`, answer])));
    await changeExclusions(42, ids, 'CLEARED', 'Different person');
    const puts = server.requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.path.split('/').at(-1)!.split(',').length)).toEqual([MAX_IDS_PER_CHANGE, MAX_IDS_PER_CHANGE, 5]);
    expect(puts.every((r) => JSON.stringify(r.body) === JSON.stringify({ newStatus: 'CLEARED', comment: 'Different person' }))).toBe(true);
  });
});
