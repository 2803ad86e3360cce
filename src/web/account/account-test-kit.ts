/** Fixtures and steps the account page tests share: an owner, a trial and a paid account on a stubbed server. */
import type { AccountDetails, InvoiceSummary } from '#shared/account';
import { json, makeUser, renderApp, stubServer, userInfoHandler } from '../test-utils';

type Handlers = Parameters<typeof stubServer>[0];

export const OWNER = makeUser({ userName: 'owner', roles: ['account_owner_user', 'domain_admin_user', 'paying_user', 'name_search_user'] });

export const TRIAL: AccountDetails = {
  clientName: 'Sunrise Clinic',
  state: 'trial',
  trial: true,
  disabling: false,
  teamType: 'SINGLE',
  searchOptions: ['NAME', 'NPI'],
  trialSearchesLeft: 7,
  trialSearchesPerMonth: 10,
  trialResetsOn: '2026-12-01',
  trialEndsOn: '2027-02-21',
  basePricingItem: null,
  planItems: [],
  lineItems: [],
  monthToDate: 0,
  planPreviews: [
    { teamType: 'SINGLE', monthlyPrice: 30, thisMonth: 10 },
    { teamType: 'MULTI_TEAM', monthlyPrice: 75, thisMonth: 25 },
  ],
  nextBillingDate: null,
  accessEndsOn: null,
  braintreeCustomerId: null,
  cardLastFour: null,
  failedCharge: null,
};

export const PAID: AccountDetails = {
  clientName: 'Acme Health',
  state: 'paid',
  trial: false,
  disabling: false,
  teamType: 'SINGLE',
  searchOptions: ['NAME', 'NPI'],
  trialSearchesLeft: null,
  trialSearchesPerMonth: null,
  trialResetsOn: null,
  trialEndsOn: null,
  basePricingItem: { description: 'Single Team plan', price: 30 },
  planItems: [{ description: 'Single Team plan, November 2026', searchOption: null, unitPrice: 30, quantity: 1, total: 30 }],
  lineItems: [
    { description: 'Name Search', searchOption: 'NAME', unitPrice: 0.15, quantity: 120, total: 18 },
    { description: 'NPI Search', searchOption: 'NPI', unitPrice: 0.2, quantity: 3, total: 0.6 },
  ],
  monthToDate: 48.6,
  planPreviews: [{ teamType: 'MULTI_TEAM', monthlyPrice: 75, thisMonth: 52.5 }],
  nextBillingDate: '2026-12-01',
  accessEndsOn: null,
  braintreeCustomerId: 'cust-42',
  cardLastFour: '1881',
  failedCharge: null,
};

export const INVOICES: InvoiceSummary[] = [
  { id: 9, number: 'INV-2026-10-0001', period: '2026-10', issuedOn: '2026-11-02', total: 44.85, status: 'paid', attempts: 1, lastError: null, paidOn: '2026-11-02', cardLastFour: '1881' },
];

export function renderAccount(account: AccountDetails, extra: Handlers = {}) {
  const server = stubServer({
    'GET /services/user/info': userInfoHandler(OWNER),
    'GET /services/account': () => json(200, account),
    'GET /services/account/invoices': () => json(200, account.trial ? [] : INVOICES),
    'GET /services/braintree/clienttoken': () => json(200, { provider: 'offline', clientToken: 'offline' }),
    'GET /services/braintree/clienttoken/cust-42': () => json(200, { provider: 'offline', clientToken: 'offline' }),
    ...extra,
  });
  return { server, ...renderApp('/account-details') };
}
