/** Steps the registration tests share: render on a stubbed server, fill the form, pick a card. */
import { expect } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { json, renderApp, stubServer, userInfoHandler, type RecordedRequest } from '../test-utils';

type Handlers = Parameters<typeof stubServer>[0];

export const OFFLINE_TOKEN = { provider: 'offline', clientToken: 'offline-client-token' };

export const CREATED = { userName: 'ada.reyes', clientName: 'Harbor Health', planType: 'COMPANY', cardLastFour: '1881', notices: [] };

export const INVITATION = {
  inviteId: 'inv-0123456789abcdef',
  senderUserName: 'owner',
  senderFullName: 'Olivia Owens',
  inviteeEmail: 'new.hire@harbor.example',
  clientInvitedTo: 7,
  teamInvitedTo: 3,
  companyName: 'Harbor Health',
  teamName: 'Credentialing',
  expiresAt: '2026-12-01T00:00:00.000Z',
};

export function renderRegistration(path: string, extra: Handlers = {}) {
  const server = stubServer({
    'GET /services/user/info': userInfoHandler(null),
    'GET /services/braintree/clienttoken': () => json(200, OFFLINE_TOKEN),
    'POST /services/user/validate': () => json(200, { valid: true, notices: [] }),
    'POST /services/account': () => json(201, CREATED),
    ...extra,
  });
  const utils = renderApp(path);
  return { server, ...utils };
}

/** The spec's refusal body (error shape plus userCreationError and errorMessages). */
export function refusal(status: number, userCreationError: string, errorMessages: string[] = [], fields?: Record<string, string>) {
  return json(status, { error: { code: status >= 500 ? 'INTERNAL' : 'BAD_REQUEST', message: errorMessages[0] ?? 'Refused.', ...(fields ? { fields } : {}) }, userCreationError, errorMessages });
}

/** The label as Mantine renders it, with or without the required asterisk. */
export const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

export const field = (label: string) => screen.getByLabelText(labelled(label), { selector: 'input' }) as HTMLInputElement;

export const findField = (label: string) => screen.findByLabelText(labelled(label), { selector: 'input' });

export function type(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

export async function choose(label: string, option: string) {
  fireEvent.click(field(label));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

export const VALID = {
  'First name': 'Ada',
  'Last name': 'Reyes',
  'E-mail': 'ada@harbor.example',
  Company: 'Harbor Health',
  Username: 'ada.reyes',
  Password: 'Harbor-77x',
  'Confirm password': 'Harbor-77x',
};

/** Fills every account field validly (company size and industry unless `isInvitation`). */
export async function fillAccount(overrides: Partial<Record<keyof typeof VALID, string>> = {}, isInvitation = false) {
  for (const [label, value] of Object.entries({ ...VALID, ...overrides })) {
    if (isInvitation && (label === 'E-mail' || label === 'Company')) continue;
    type(label, value);
  }
  if (!isInvitation) {
    await choose('Company size', '501 - 3,000');
    await choose('Industry', 'Health System');
  }
}

export const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

export const bodiesOf = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path === path).map((r) => r.body as Record<string, unknown>);

export async function waitForCall(requests: RecordedRequest[], method: string, path: string, count = 1) {
  await waitFor(() => expect(bodiesOf(requests, method, path).length).toBeGreaterThanOrEqual(count));
}
