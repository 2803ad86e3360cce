// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
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
    expect(within(within(reopen).getByRole('table', { name: 'Path parameters' })).getByText('searchId')).toBeTruthy();
    const doc = screen.getByRole('region', { name: PUBLIC_API_OPERATIONS.openApi.summary });
    expect(within(doc).getByText('no key needed')).toBeTruthy();
    expect(within(doc).getByLabelText(/Example request/).textContent).not.toContain('Authorization');
  });
});
