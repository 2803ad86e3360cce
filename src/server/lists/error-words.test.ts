/** Recorded list errors in words: the recipe engine's messages are kept as they are, the raw ones explained. */
import { describe, expect, it } from 'vitest';
import { describeListError, isNetworkError } from './error-words';

describe('describeListError', () => {
  it.each([
    'the page https://oig.hhs.gov/x no longer links the file: no link whose text holds "Exclusions" on it; its publisher may have renamed or moved it',
    'the publisher answered HTTP 403 (forbidden) for https://x.gov/a.csv: it may block servers outside the US or in data centres; upload the file instead',
    'the publisher answered a web page where list.xlsx was expected: a page that blocks servers, or the link now leads to a page; upload the file instead if it keeps happening',
    'the publisher answered HTTP 500 for https://x.gov/a.csv',
    'the publisher answered HTTP 404 (not found) for https://x.gov/a.csv: the page or file has moved',
    'could not reach https://x.gov/a.csv: the name does not resolve (is the server offline, or behind a proxy? set HTTPS_PROXY)',
    'no answer from https://x.gov/a.csv within 60 s',
    "https://data.cms.gov/data-api/v1/dataset/9/data answered something other than a list of rows at offset 5000",
  ])('keeps the recipe engine\'s words: %s', (message) => {
    expect(describeListError(message)).toBe(message.charAt(0).toUpperCase() + message.slice(1));
  });

  it('keeps them after a file name', () => {
    const message = 'sam.zip: the publisher answered HTTP 404 (not found) for http://127.0.0.1:4/sam.zip: the page or file has moved';
    expect(describeListError(message)).toBe(message);
  });

  it('explains raw errors', () => {
    expect(describeListError('getaddrinfo ENOTFOUND oig.hhs.gov')).toMatch(/could not be looked up/);
    expect(describeListError('HTTP 404 Not Found')).toMatch(/not published at this address/);
    expect(describeListError('the header has no column LASTNAME')).toMatch(/not in the layout/);
    expect(describeListError('something new')).toBe('something new');
  });

  it('tells the network failures of the recipe engine', () => {
    expect(isNetworkError('could not reach https://x.gov/a.csv: the connection was refused')).toBe(true);
    expect(isNetworkError('no answer from https://x.gov/a.csv within 60 s')).toBe(true);
    expect(isNetworkError('the publisher answered HTTP 403 (forbidden) for https://x.gov/a.csv')).toBe(false);
  });
});
