// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { buildOpenApiDocument } from '#shared/openapi';
import { PUBLIC_API_OPERATIONS } from '#shared/public-api';
import { json, makeUser, renderApp, stubServer, userInfoHandler } from '../test-utils';

describe('API Documentation', () => {
  it('renders every operation of the served document with its fields, a curl example and its errors', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(makeUser({ roles: ['api_user'] })), 'GET /api/v1/openapi.json': () => json(200, buildOpenApiDocument()) });
    renderApp('/npi/apidoc');
    await screen.findByRole('heading', { level: 1, name: 'API Documentation' });
    for (const op of Object.values(PUBLIC_API_OPERATIONS)) expect(await screen.findByRole('heading', { level: 3, name: op.summary })).toBeTruthy();

    const name = screen.getByRole('region', { name: PUBLIC_API_OPERATIONS.searchName.summary });
    const body = within(name).getByRole('table', { name: 'Request body (JSON)' });
    expect(within(body).getByText('firstName')).toBeTruthy();
    expect(within(body).getByText('Exact | Fuzzy')).toBeTruthy();
    const curl = within(name).getByLabelText(/Example request/).textContent!;
    expect(curl).toContain(`curl -X POST '${window.location.origin}/api/v1/searches/name'`);
    expect(curl).toContain('Authorization: Bearer $CLEARLIST_API_KEY');
    expect(curl).toContain(`-d '{"firstName":"Donald","lastName":"Bailey","matchingAlgorithm":"Exact"}'`);
    expect(within(name).getByText('401')).toBeTruthy();
    expect(within(name).getByText('429')).toBeTruthy();

    const reopen = screen.getByRole('region', { name: PUBLIC_API_OPERATIONS.getSearch.summary });
    expect(within(within(reopen).getByRole('table', { name: 'Parameters' })).getByText('searchId')).toBeTruthy();
    const doc = screen.getByRole('region', { name: PUBLIC_API_OPERATIONS.openApi.summary });
    expect(within(doc).getByText('no key needed')).toBeTruthy();
    expect(within(doc).getByLabelText(/Example request/).textContent).not.toContain('Authorization');
  });

  it('tries an operation with the key the user typed, without the session, and shows the answer', async () => {
    const server = stubServer({
      'GET /services/user/info': userInfoHandler(makeUser({ roles: ['api_user'] })),
      'GET /api/v1/openapi.json': () => json(200, buildOpenApiDocument()),
      'POST /api/v1/searches/name': () => json(200, { kind: 'name', hits: [], reference: 'CL-TEST-0001-AB' }),
      'GET /api/v1/searches/7': () => json(401, { error: { code: 'UNAUTHENTICATED', message: 'This API key has been revoked.' } }),
    });
    renderApp('/npi/apidoc');
    const name = await screen.findByRole('region', { name: PUBLIC_API_OPERATIONS.searchName.summary });
    fireEvent.click(within(name).getByRole('button', { name: `Try it: ${PUBLIC_API_OPERATIONS.searchName.summary}` }));
    // No key yet: nothing can be sent.
    expect((within(name).getByRole('button', { name: 'Send request' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Your API key'), { target: { value: 'cl_live_typed' } });
    const body = within(name).getByRole('textbox', { name: 'Request body (JSON)' });
    expect((body as HTMLTextAreaElement).value).toContain('"lastName": "Bailey"');
    fireEvent.change(body, { target: { value: '{"firstName":' } });
    fireEvent.click(within(name).getByRole('button', { name: 'Send request' }));
    expect(await within(name).findByText(/not valid JSON/)).toBeTruthy();
    fireEvent.change(body, { target: { value: '{"firstName":"Jane","lastName":"Roe"}' } });
    fireEvent.change(within(name).getByRole('textbox', { name: /Idempotency-Key/ }), { target: { value: 'try-1' } });
    fireEvent.click(within(name).getByRole('button', { name: 'Send request' }));
    expect((await within(name).findByLabelText(/Answer body/)).textContent).toContain('CL-TEST-0001-AB');
    const sent = server.requests.find((r) => r.path === '/api/v1/searches/name')!;
    expect(sent.headers).toMatchObject({ Authorization: 'Bearer cl_live_typed', 'Content-Type': 'application/json', 'Idempotency-Key': 'try-1' });
    expect(sent.body).toEqual({ firstName: 'Jane', lastName: 'Roe' });
    const init = server.fetch.mock.calls.find(([url]) => String(url) === '/api/v1/searches/name')![1] as RequestInit;
    expect(init.credentials).toBe('omit');

    // A path parameter fills the path; an error answer is shown with its status.
    const reopen = screen.getByRole('region', { name: PUBLIC_API_OPERATIONS.getSearch.summary });
    fireEvent.click(within(reopen).getByRole('button', { name: `Try it: ${PUBLIC_API_OPERATIONS.getSearch.summary}` }));
    fireEvent.click(within(reopen).getByRole('button', { name: 'Send request' }));
    expect(await within(reopen).findByText('Fill in searchId.')).toBeTruthy();
    fireEvent.change(within(reopen).getByRole('textbox', { name: /searchId/ }), { target: { value: '7' } });
    fireEvent.click(within(reopen).getByRole('button', { name: 'Send request' }));
    expect((await within(reopen).findByLabelText(/Answer body/)).textContent).toContain('revoked');
    expect(within(within(reopen).getByRole('status', { name: /Answer/ })).getByText('401')).toBeTruthy();
    // The key is kept nowhere but the page.
    expect(JSON.stringify({ ...localStorage })).not.toContain('cl_live_typed');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('cl_live_typed');
  });

  it('has a table of contents by resource whose links lead to an anchor per operation, and opens at the operation of the address', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(makeUser({ roles: ['api_user'] })), 'GET /api/v1/openapi.json': () => json(200, buildOpenApiDocument()) });
    const scrolled: string[] = [];
    const scrollIntoView = vi.fn(function (this: HTMLElement) {
      scrolled.push(this.id);
    });
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { value: scrollIntoView, configurable: true });
    try {
      renderApp('/npi/apidoc#getBatch');
      const contents = await screen.findByRole('navigation', { name: 'Contents' });
      const resources = within(contents)
        .getAllByRole('listitem')
        .filter((item) => item.parentElement?.tagName === 'OL')
        .map((item) => item.querySelector('a')!.textContent);
      expect(resources).toEqual(['Getting started', 'Searches', 'Screenings of many at once', 'Batch searches', 'Monitored rosters', 'Lists', 'This description']);
      // Every operation is in the contents once, linking to its own section.
      for (const [id, op] of Object.entries(PUBLIC_API_OPERATIONS)) {
        const link = within(contents).getByRole('link', { name: op.summary });
        expect(link.getAttribute('href')).toBe(`#${id}`);
        const section = screen.getByRole('region', { name: op.summary });
        expect(section.id).toBe(id);
        // The operation's title links to it too, so its address can be copied.
        expect(within(section).getByRole('link', { name: op.summary }).getAttribute('href')).toBe(`#${id}`);
      }
      const batches = screen.getByRole('region', { name: 'Batch searches' });
      expect(within(batches).getByRole('region', { name: PUBLIC_API_OPERATIONS.uploadBatch.summary })).toBeTruthy();
      expect(within(batches).queryByRole('region', { name: PUBLIC_API_OPERATIONS.searchName.summary })).toBeNull();
      expect(within(contents).getByRole('link', { name: 'Batch searches' }).getAttribute('href')).toBe(`#${within(batches).getByRole('heading', { level: 2, name: 'Batch searches' }).id}`);
      // Opened at #getBatch, the page scrolls to that operation once the reference is drawn.
      expect(scrolled).toEqual(['getBatch']);
    } finally {
      delete (HTMLElement.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });
});
