// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { makeUser, renderApp, stubServer, userInfoHandler } from '../test-utils';

const home = async (clientName: string, teamName: string) => {
  // The sections' own reads are not the point here: unanswered, they show their loading state.
  stubServer({ 'GET /services/user/info': userInfoHandler(makeUser({ clientName, teamName, firstName: 'Ada' })) });
  renderApp('/home');
  await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' });
  return screen.getByRole('heading', { level: 1 }).nextElementSibling!.textContent;
};

describe('home page greeting', () => {
  it('names the company and the team', async () => {
    expect(await home('Acme Health', 'Compliance')).toBe('Acme Health · Compliance');
  });

  it('names a company once when its one team bears its name', async () => {
    expect(await home('Paid Audit Co', 'Paid Audit Co')).toBe('Paid Audit Co');
  });
});
