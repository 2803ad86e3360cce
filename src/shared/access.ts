/**
 * Who may call each endpoint: the one table the server enforces (an endpoint missing here
 * refuses to start) and the web app reads to hide what a user cannot do.
 * 'public': anyone; 'user': any signed-in user; a role list: any of those roles (system
 * admins pass any list). Client scoping is done by each feature's queries.
 */
import type { Role } from './roles';

export type Access = 'public' | 'user' | readonly Role[];

/** Who may create and change monitored rosters from files (ADR 053). */
/** Who sets the alert e-mails of the client's other users (issue 20). */
export const DIGEST_ADMINS: readonly Role[] = ['account_owner_user', 'domain_admin_user'];
export const ROSTER_EDITORS: readonly Role[] = ['name_search_user', 'npi_search_user', 'account_owner_user', 'domain_admin_user'];

export const ENDPOINT_ACCESS: Record<string, Access> = {
  'GET /services/health': 'public',
  'GET /services/ready': 'public',
  'POST /services/user/login': 'public',
  'POST /services/user/logout': 'public',
  'GET /services/user/info': 'user',
  'GET /services/user/status/:username': 'public',
  'POST /services/user/password-reset/request': 'public',
  'POST /services/user/password-reset': 'public',
  'POST /services/user/password-reset/check': 'public',
  'GET /services/setup/:token': 'public',
  'POST /services/setup': 'public',
  'GET /services/zendesk': 'user',
  'GET /services/analytic/apikey': 'public',
  'PUT /services/analytic': 'public',
  'GET /services/admin/users': ['domain_admin_user'],
  'PUT /services/admin/users/:userId/roles': ['domain_admin_user'],
  'PUT /services/admin/users/:userId/team': ['domain_admin_user'],
  'PUT /services/admin/users/:userId/active': ['domain_admin_user'],
  'GET /services/admin/users/:userId/history': ['domain_admin_user'],
  'GET /services/admin/teams': ['domain_admin_user'],
  'POST /services/admin/teams': ['domain_admin_user'],
  'PUT /services/admin/teams/:teamId': ['domain_admin_user'],
  // The client's review threshold (ADR 032): its administrators.
  'GET /services/admin/review-threshold': ['domain_admin_user', 'account_owner_user'],
  'GET /services/admin/review-threshold/preview': ['domain_admin_user', 'account_owner_user'],
  'PUT /services/admin/review-threshold': ['domain_admin_user', 'account_owner_user'],
  'GET /services/admin/clients': ['system_admin_user'],
  'GET /services/admin/clients/:clientId': ['system_admin_user'],
  'PUT /services/admin/clients/:clientId': ['system_admin_user'],
  'PUT /services/admin/clients/:clientId/state': ['system_admin_user'],
  'GET /services/admin/clients/:clientId/history': ['system_admin_user'],
  // Batch Queue Management (ADR 038): every client's batches, operators only.
  'GET /services/admin/queue': ['system_admin_user'],
  'PUT /services/admin/queue/pause': ['system_admin_user'],
  'PUT /services/admin/queue/batches/:batchId/position': ['system_admin_user'],
  'POST /services/admin/queue/batches/:batchId/cancel': ['system_admin_user'],
  'POST /services/admin/queue/batches/:batchId/retry': ['system_admin_user'],
  'GET /services/lists': 'public',
  // The Lists page (ADR 049): the operator's view of every list, its checks, uploads and versions.
  'GET /services/admin/lists': ['system_admin_user'],
  'POST /services/admin/lists/check': ['system_admin_user'],
  'GET /services/admin/lists/:source/versions': ['system_admin_user'],
  'POST /services/admin/lists/:source/upload': ['system_admin_user'],
  'POST /services/admin/lists/:source/rollback': ['system_admin_user'],
  'GET /services/admin/lists/versions/:versionId/changes': ['system_admin_user'],
  'GET /services/admin/lists/versions/:versionId/changes/csv': ['system_admin_user'],
  'POST /services/admin/lists/versions/:versionId/approve': ['system_admin_user'],
  'POST /services/admin/lists/versions/:versionId/reject': ['system_admin_user'],
  // Batch search: any signed-in user; the rules also need the client's search options and
  // confine every batch to the caller's client (and team, ADR 014).
  'GET /services/flexsearchs/searchtypes': 'user',
  'POST /services/fileupload': 'user',
  'POST /services/flexsearchs/:batchId/sheet': 'user',
  'POST /services/flexsearchs/:batchId/columnmappings': 'user',
  'GET /services/flexsearchs': 'user',
  'GET /services/flexsearchs/filters': 'user',
  'GET /services/flexsearchs/:batchId': 'user',
  'POST /services/flexsearchs/:batchId/kill': 'user',
  'POST /services/flexsearchs/:batchId/trash': ['system_admin_user'],
  'GET /services/flexsearchs/:batchId/resubmit': 'user',
  'GET /services/flexsearchs/:batchId/file': 'user',
  // The quick batch pages' templates (ADR 037): the roles of their menu items. Their batches are
  // created through the upload and column-mapping endpoints above, like the wizard's.
  'GET /services/batch/name/template': ['name_search_user'],
  'GET /services/batch/npi/template': ['npi_search_user'],
  // Interactive search: anonymous visitors too; the rules check the role, the client's search
  // options and the allowance (anonymous per address a day, trial per month).
  'GET /services/interactivesearch/eligibility': 'public',
  'GET /services/interactivesearch/name': 'public',
  'GET /services/interactivesearch/npi/:npi': 'public',
  'GET /services/interactivesearch/history': ['paying_user'],
  'GET /services/interactivesearch/searches/:searchId': 'user',
  // Advance Search (ADR 036): its role; the rules refuse lists the client's options do not allow.
  'GET /services/advancedsearch/options': ['advanced_search'],
  'POST /services/advancedsearch': ['advanced_search'],
  'GET /services/advancedsearch/searches/:searchId': ['advanced_search'],
  // Batch results and review (ADR 015): any signed-in user; confined to the batches the
  // caller sees like the dashboard (ADR 014): another client's batch or record answers 404.
  'GET /services/flexsearchs/:batchId/result': 'user',
  'GET /services/flexsearchs/:batchId/result/:id': 'user',
  'PUT /services/flexsearchs/:batchId/result/:ids': 'user',
  // Triage (ADR 032): the same reviewers, the same batch scope.
  'GET /services/flexsearchs/:batchId/result/summary': 'user',
  'GET /services/flexsearchs/:batchId/result/count': 'user',
  'PUT /services/flexsearchs/:batchId/result/by-filter': 'user',
  'GET /services/flexsearchs/:batchId/screening-runs': 'user',
  'GET /services/flexsearchs/:batchId/npidetails': 'user',
  'GET /services/flexsearchs/:batchId/npidetails/:id': 'user',
  'PUT /services/flexsearchs/:batchId/npidetails/:ids': 'user',
  'GET /services/flexsearchs/:batchId/ssdmfdetails': 'user',
  'GET /services/flexsearchs/:batchId/ssdmfdetails/:id': 'user',
  'PUT /services/flexsearchs/:batchId/ssdmfdetails/:ids': 'user',
  'GET /services/flexsearchs/:batchId/auditreport': 'user',
  'GET /services/flexsearchs/:batchId/auditsummaryreport': 'user',
  'GET /services/flexsearchs/:batchId/exclusionrecordsreport': 'user',
  'GET /services/monitoring/rosters': 'user',
  'GET /services/home/summary': 'user',
  'POST /services/monitoring/rosters': 'user',
  'GET /services/monitoring/rosters/:rosterId': 'user',
  // Roster intake (ADR 053): changing a roster takes a search role or the client's administration;
  // other users see rosters and review alerts. Digest choices are each user's own; account owners
  // and domain admins also set them for the client's users.
  'POST /services/monitoring/rosters/upload': ROSTER_EDITORS,
  'GET /services/monitoring/rosters/:rosterId/versions': 'user',
  'POST /services/monitoring/rosters/:rosterId/versions': ROSTER_EDITORS,
  'GET /services/monitoring/rosters/:rosterId/versions/:versionId': 'user',
  'POST /services/monitoring/rosters/:rosterId/versions/:versionId/apply': ROSTER_EDITORS,
  'POST /services/monitoring/rosters/:rosterId/versions/:versionId/discard': ROSTER_EDITORS,
  'GET /services/monitoring/digest': 'user',
  'PUT /services/monitoring/digest': 'user',
  'GET /services/monitoring/digest/users': DIGEST_ADMINS,
  'PUT /services/monitoring/digest/users/:userId': DIGEST_ADMINS,
  'GET /services/monitoring/rosters/:rosterId/digest': 'user',
  'PUT /services/monitoring/rosters/:rosterId/digest': 'user',
  'PUT /services/monitoring/rosters/:rosterId/schedule': 'user',
  'GET /services/monitoring/rosters/:rosterId/certificates/:certificateId/pdf': 'user',
  'GET /services/utils/sources': 'user',
  // Registration and the account page (issue 8): sign-up is public; the account page is the
  // account owner's; co-workers are invited by owners and domain admins.
  'POST /services/user/validate': 'public',
  'GET /services/user/invite/:inviteId': 'public',
  'POST /services/account': 'public',
  'GET /services/braintree/clienttoken': 'public',
  'GET /services/braintree/clienttoken/:customerId': ['account_owner_user'],
  'PUT /services/braintree/customer/:customerId': ['account_owner_user'],
  'GET /services/account': ['account_owner_user'],
  'PUT /services/account': ['account_owner_user'],
  'PUT /services/account/searchoptions': ['account_owner_user'],
  'PUT /services/account/teamoptions': ['account_owner_user'],
  'PUT /services/account/cancel': ['account_owner_user'],
  'PUT /services/account/reactivate': ['account_owner_user'],
  'GET /services/account/invoices': ['account_owner_user'],
  'GET /services/account/invoices/:invoiceId/pdf': ['account_owner_user'],
  // The expired trial's upgrade: public, proven by the refused login's upgrade cookie (ADR 035).
  'GET /services/trial-upgrade': 'public',
  'PUT /services/trial-upgrade': 'public',
  'POST /services/account/invitations': ['account_owner_user', 'domain_admin_user'],
  // Pending invitations on the Users page (ADR 035): whoever may invite may resend and revoke,
  // within their own client (system admins: the client they chose).
  'GET /services/admin/invitations': ['account_owner_user', 'domain_admin_user'],
  'PUT /services/admin/invitations/:invitationId/resend': ['account_owner_user', 'domain_admin_user'],
  'PUT /services/admin/invitations/:invitationId/revoke': ['account_owner_user', 'domain_admin_user'],
  // API keys and the public API (ADR 029): keys are managed in a session by api users; /api/v1
  // is called with a key, whose creator must still hold api_user (the key sets request.auth).
  'GET /services/apikeys': ['api_user'],
  'POST /services/apikeys': ['api_user'],
  'PUT /services/apikeys/:keyId/revoke': ['api_user'],
  'POST /api/v1/searches/name': ['api_user'],
  'POST /api/v1/searches/npi': ['api_user'],
  'GET /api/v1/searches/:searchId': ['api_user'],
  'GET /api/v1/lists': ['api_user'],
  'GET /api/v1/batches': ['api_user'],
  'GET /api/v1/batches/:batchId/results': ['api_user'],
  'POST /api/v1/screenings': ['api_user'],
  'POST /api/v1/batches': ['api_user'],
  'POST /api/v1/batches/csv': ['api_user'],
  'GET /api/v1/batches/:batchId': ['api_user'],
  'GET /api/v1/batches/:batchId/results/npi': ['api_user'],
  'GET /api/v1/batches/:batchId/results/ssdmf': ['api_user'],
  'PUT /api/v1/batches/:batchId/results/status': ['api_user'],
  'GET /api/v1/batches/:batchId/reports/:report': ['api_user'],
  // Monitored rosters (ADR 053): the rule also wants a roster editor's role.
  'POST /api/v1/rosters': ['api_user'],
  'GET /api/v1/rosters/:rosterId': ['api_user'],
  'POST /api/v1/rosters/csv': ['api_user'],
  'POST /api/v1/rosters/:rosterId/versions': ['api_user'],
  'POST /api/v1/rosters/:rosterId/versions/csv': ['api_user'],
  'GET /api/v1/rosters/:rosterId/versions/:versionId': ['api_user'],
  'POST /api/v1/rosters/:rosterId/versions/:versionId/apply': ['api_user'],
  'POST /api/v1/rosters/:rosterId/versions/:versionId/discard': ['api_user'],
  'GET /api/v1/openapi.json': 'public',
};

/**
 * GET endpoints that change state (the spec names them GETs): they follow the rules of writes
 * (ADR 026): a signed-in caller must echo the CSRF cookie in X-CSRF-Token, and a browser's
 * cross-site fetch (Sec-Fetch-Site: cross-site) is refused, so a link on another site cannot
 * re-run a batch or bill a search.
 */
export const STATE_CHANGING_GETS: ReadonlySet<string> = new Set([
  // Re-runs a batch: forgets its results and bills its searches again.
  'GET /services/flexsearchs/:batchId/resubmit',
  // Run, bill (or count against the allowance) and store a search.
  'GET /services/interactivesearch/name',
  'GET /services/interactivesearch/npi/:npi',
]);
