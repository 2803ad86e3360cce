// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { REGISTRATION_MESSAGES } from '#shared/registration';
import { apiError, json, makeUser, userInfoHandler, type RecordedRequest } from '../test-utils';
import { bodiesOf, click, field, fillAccount, INVITATION, refusal, renderRegistration } from './registration-test-kit';

describe('Free trial registration', () => {
  it('goes straight to the account form, without step bar or card, and creates a trial with NAME and NPI', async () => {
    const { server } = renderRegistration('/registration/trial');
    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Choose a Plan & Options' })).toBeNull();
    expect(screen.queryByText('Account & Payment Info')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Payment Info' })).toBeNull();
    await fillAccount();
    click('Create account');
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeTruthy();
    const [body] = bodiesOf(server.requests, 'POST', '/services/account') as [{ userInfo: Record<string, unknown>; plan: unknown }];
    expect(body.plan).toEqual({ planType: 'FREE', teamType: 'SINGLE', searchOptions: ['NAME', 'NPI'] });
    expect(body.userInfo.nonce).toBeUndefined();
    expect(bodiesOf(server.requests, 'GET', '/services/braintree/clienttoken')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Start Searching' }).getAttribute('href')).toBe('/');
  });

  it('Start Searching signs the new user in after the Intent of Use and opens the home page', async () => {
    let loggedIn = false;
    const { server, router } = renderRegistration('/registration/trial', {
      'GET /services/user/info': () => userInfoHandler(loggedIn ? makeUser({ userName: 'ada.reyes' }) : null)({} as RecordedRequest),
      'POST /services/user/login': () => {
        loggedIn = true;
        return json(200, 'LOGIN_SUCCESSFUL');
      },
    });
    await screen.findByRole('heading', { name: 'Your account' });
    await fillAccount();
    click('Create account');
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Start Searching' }));
    fireEvent.click(await screen.findByRole('button', { name: 'I Acknowledge' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(bodiesOf(server.requests, 'POST', '/services/user/login')).toEqual([{ username: 'ada.reyes', password: 'Harbor-77x' }]);
  });

  it('treats any other plan word as a trial', async () => {
    const { server } = renderRegistration('/registration/whatever');
    await screen.findByRole('heading', { name: 'Your account' });
    await fillAccount();
    click('Create account');
    await screen.findByRole('heading', { name: 'Thank you' });
    expect((bodiesOf(server.requests, 'POST', '/services/account')[0] as { plan: { planType: string } }).plan.planType).toBe('FREE');
  });

  it('comes back to the form with the field errors after a creation refusal', async () => {
    renderRegistration('/registration/trial', { 'POST /services/account': () => refusal(400, 'USERNAME_TAKEN', []) });
    await screen.findByRole('heading', { name: 'Your account' });
    await fillAccount();
    click('Create account');
    await waitFor(() => expect(field('Username').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(REGISTRATION_MESSAGES.usernameTaken)).toBeTruthy();
  });
});

describe('Invitation registration', () => {
  const path = `/registration/invitation/${INVITATION.inviteId}`;

  it('loads the invitation behind an overlay, then locks e-mail and company and skips size and industry', async () => {
    let release: (value: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => (release = resolve));
    const { server } = renderRegistration(path, { [`GET /services/user/invite/${INVITATION.inviteId}`]: () => pending });
    expect(await screen.findByLabelText('Loading your invitation')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your account' })).toBeNull();
    release(json(200, INVITATION));
    await screen.findByRole('heading', { name: 'Your account' });
    expect(screen.getByText(/invited you to join/).textContent).toContain('Harbor Health');
    // The sender by full name, as the invitation e-mail names them.
    expect(screen.getByText(/invited you to join/).textContent).toContain('Olivia Owens invited you');
    expect(field('E-mail').value).toBe(INVITATION.inviteeEmail);
    expect(field('E-mail').readOnly).toBe(true);
    expect(field('Company').value).toBe('Harbor Health');
    expect(field('Company').readOnly).toBe(true);
    expect(screen.queryByLabelText(/^Company size/)).toBeNull();
    expect(screen.queryByLabelText(/^Industry/)).toBeNull();

    await fillAccount({}, true);
    click('Create account');
    await screen.findByRole('heading', { name: 'Thank you' });
    const [body] = bodiesOf(server.requests, 'POST', '/services/account') as [{ userInfo: Record<string, unknown>; plan: { planType: string } }];
    expect(body.plan.planType).toBe('INVITATION');
    expect(body.userInfo).toMatchObject({ inviteId: INVITATION.inviteId, email: INVITATION.inviteeEmail, companyName: 'Harbor Health', accountOwner: false });
  });

  it('shows the load error instead of the form for a missing, used or expired invitation', async () => {
    renderRegistration(path, { [`GET /services/user/invite/${INVITATION.inviteId}`]: () => apiError(404, 'NOT_FOUND', 'Not found.') });
    expect((await screen.findByRole('alert')).textContent).toBe(REGISTRATION_MESSAGES.invitationLoadFailed);
    expect(screen.queryByRole('heading', { name: 'Your account' })).toBeNull();
  });

  it('shows the load error when the link has no invitation id', async () => {
    renderRegistration('/registration/invitation');
    expect((await screen.findByRole('alert')).textContent).toBe(REGISTRATION_MESSAGES.invitationLoadFailed);
  });
});
