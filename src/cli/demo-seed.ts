/** Demo data: one account per role and state, all with the password Demo-pass-2026; every team has a human name (ADR 129). */
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { users } from '#server/db/schema';
import { createOperatorAdmin } from '#server/auth/operator';
import { seedDemoBilling } from '#server/billing/demo';
import { seedDemoResults } from '#cli/demo-results';
import { seedDemoMonitoring } from '#cli/demo-monitoring';
import { createClient, createTeam, createUser, DEFAULT_PASSWORD } from '#test/factories';

const DAY = 24 * 3_600_000;

/** Seeds the demo accounts unless they exist already (safe to run at every start). */
export async function seedDemo(db: Db, now: Date): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = 'owner'`);
  if (existing) return false;
  await createOperatorAdmin(db, { username: 'sysadmin', password: DEFAULT_PASSWORD, email: 'sysadmin@clearlist.example', firstName: 'Sam', lastName: 'Admin' });

  const acme = await createClient(db, { name: 'Acme Health', domainName: 'acme-health', planType: 'COMPANY', state: 'paid', teamType: 'MULTI_TEAM', searchOptions: ['NAME', 'NPI', 'OFAC', 'SSNDMF'] });
  const compliance = await createTeam(db, { clientId: acme.id, name: 'Compliance' });
  const credentialing = await createTeam(db, { clientId: acme.id, name: 'Credentialing' });
  const owner = await createUser(db, {
    clientId: acme.id, teamId: compliance.id, username: 'owner', email: 'owner@acme-health.example', firstName: 'Olivia', lastName: 'Owens', isTeamOwner: true,
    roles: ['account_owner_user', 'domain_admin_user', 'paying_user', 'name_search_user', 'npi_search_user', 'advanced_search', 'api_user'],
  });
  await createUser(db, {
    clientId: acme.id, teamId: credentialing.id, username: 'analyst', email: 'analyst@acme-health.example', firstName: 'Andre', lastName: 'Nguyen',
    roles: ['paying_user', 'name_search_user', 'npi_search_user'],
  });
  await seedDemoBilling(db, acme.id, now);
  const demoBatchId = await seedDemoResults(db, { clientId: acme.id, teamId: compliance.id, userId: owner.id, username: 'owner', name: 'Olivia Owens' }, now);
  await seedDemoMonitoring(db, { userId: owner.id }, demoBatchId, now);

  const sunrise = await createClient(db, { name: 'Sunrise Clinic', domainName: 'sunrise-clinic', planType: 'FREE', state: 'trial', teamType: 'SINGLE', searchOptions: ['NAME', 'NPI'], trialSearchesPerMonth: 10, trialEndsAt: new Date(now.getTime() + 90 * DAY) });
  const sunriseTeam = await createTeam(db, { clientId: sunrise.id, name: 'Front Desk' });
  await createUser(db, { clientId: sunrise.id, teamId: sunriseTeam.id, username: 'trialuser', email: 'trial@sunrise-clinic.example', firstName: 'Tara', lastName: 'Lee', roles: ['account_owner_user', 'name_search_user', 'npi_search_user'] });

  const old = await createClient(db, { name: 'Old Trial Co', domainName: 'old-trial-co', planType: 'FREE', state: 'trial', searchOptions: ['NAME', 'NPI'], trialSearchesPerMonth: 10, trialEndsAt: new Date(now.getTime() - 30 * DAY) });
  const oldTeam = await createTeam(db, { clientId: old.id, name: 'Operations' });
  await createUser(db, { clientId: old.id, teamId: oldTeam.id, username: 'expired', email: 'expired@old-trial.example', firstName: 'Evan', lastName: 'Price', roles: ['account_owner_user', 'name_search_user', 'npi_search_user'] });

  // A second ended trial, for the journey that upgrades one from the login page (e2e), so
  // `expired` keeps answering TRIAL_EXPIRED for the other journeys; its co-worker is told to ask the owner.
  const lapsed = await createClient(db, { name: 'Lapsed Pharmacy', domainName: 'lapsed-pharmacy', planType: 'FREE', state: 'trial', searchOptions: ['NAME', 'NPI'], trialSearchesPerMonth: 10, trialEndsAt: new Date(now.getTime() - 10 * DAY) });
  const lapsedTeam = await createTeam(db, { clientId: lapsed.id, name: 'Pharmacy Staff' });
  await createUser(db, { clientId: lapsed.id, teamId: lapsedTeam.id, username: 'lapsed', email: 'lapsed@lapsed-pharmacy.example', firstName: 'Lena', lastName: 'Park', roles: ['account_owner_user', 'name_search_user', 'npi_search_user'] });
  await createUser(db, { clientId: lapsed.id, teamId: lapsedTeam.id, username: 'lapsedstaff', email: 'staff@lapsed-pharmacy.example', firstName: 'Sam', lastName: 'Ortiz', roles: ['name_search_user', 'npi_search_user'] });

  const gone = await createClient(db, { name: 'Gone Health', domainName: 'gone-health', state: 'disabled', searchOptions: ['NAME'] });
  const goneTeam = await createTeam(db, { clientId: gone.id, name: 'Billing Office' });
  await createUser(db, { clientId: gone.id, teamId: goneTeam.id, username: 'disabled', email: 'disabled@gone-health.example', firstName: 'Dana', lastName: 'Cole', roles: ['account_owner_user', 'paying_user', 'name_search_user'] });

  const fenced = await createClient(db, { name: 'Fenced Care', domainName: 'fenced-care', state: 'paid', searchOptions: ['NAME', 'NPI'], ipAllowlist: ['203.0.113.0/24'] });
  const fencedTeam = await createTeam(db, { clientId: fenced.id, name: 'Care Coordination' });
  await createUser(db, { clientId: fenced.id, teamId: fencedTeam.id, username: 'fenced', email: 'fenced@fenced-care.example', firstName: 'Felix', lastName: 'Ward', roles: ['account_owner_user', 'paying_user', 'name_search_user', 'npi_search_user'] });
  return true;
}
