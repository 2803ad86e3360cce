/**
 * Who may grant and remove which role (issue 53): every caller kind × every role × granting and
 * removing × on oneself, on another user and on the account owner, against a table written out
 * here (not the rule's own code). A refusal changes nothing and is audited.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '#shared/roles';
import { auditLog } from '#server/db/schema';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { createClient, createUser } from '#test/factories';
import { replaceRoles } from './users-queries';

type CallerKind = 'domain admin' | 'account owner' | 'system admin';
type TargetKind = 'self' | 'other user' | 'account owner';

let t: TestApp;
const users: Partial<Record<CallerKind, { id: number; username: string; password: string }>> = {};
let colleague: { id: number };
let owner: { id: number };
const agents: Partial<Record<CallerKind, Agent>> = {};

const BASE: Record<CallerKind, Role[]> = {
  'domain admin': ['domain_admin_user', 'name_search_user'],
  'account owner': ['account_owner_user', 'domain_admin_user', 'paying_user', 'name_search_user'],
  'system admin': ['system_admin_user', 'domain_admin_user'],
};
const OWNER_ROLES: Role[] = ['account_owner_user', 'domain_admin_user', 'paying_user', 'name_search_user', 'api_user'];
const COLLEAGUE_ROLES: Role[] = ['name_search_user'];

beforeAll(async () => {
  t = await createTestApp();
  const acme = await createClient(t.ctx.db);
  owner = await createUser(t.ctx.db, { clientId: acme.id, roles: OWNER_ROLES });
  colleague = await createUser(t.ctx.db, { clientId: acme.id, roles: COLLEAGUE_ROLES });
  users['domain admin'] = await createUser(t.ctx.db, { clientId: acme.id, roles: BASE['domain admin'] });
  users['account owner'] = owner as typeof users['account owner'];
  users['system admin'] = await createUser(t.ctx.db, { roles: BASE['system admin'] });
  for (const kind of Object.keys(users) as CallerKind[]) {
    const agent = new Agent(t.app);
    expect(await agent.login(users[kind]!.username, users[kind]!.password)).toBe('LOGIN_SUCCESSFUL');
    agents[kind] = agent;
  }
}, 60_000);
afterAll(() => t.close());

/** The table: the answer's status for a caller changing one role of a target. */
function expected(caller: CallerKind, target: TargetKind, role: Role, action: 'grant' | 'remove', holds: readonly Role[]): number {
  if (action === 'grant' && holds.includes(role)) return 200; // nothing changes
  if (action === 'remove' && !holds.includes(role)) return 200;
  const sysadmin = caller === 'system admin';
  if (role === 'system_admin_user' && !sysadmin) return 403;
  if (role === 'account_owner_user' && !sysadmin) return 403;
  // The account owner's roles are the owner's own business, or the provider's.
  if (target === 'account owner' && caller !== 'account owner' && !sysadmin) return 403;
  if (target === 'self' && action === 'remove' && (role === 'domain_admin_user' || role === 'system_admin_user')) return 409;
  return 200;
}

function targetOf(caller: CallerKind, target: TargetKind): { id: number; roles: Role[] } {
  if (target === 'self') return { id: users[caller]!.id, roles: caller === 'account owner' ? OWNER_ROLES : BASE[caller] };
  if (target === 'account owner') return { id: owner.id, roles: OWNER_ROLES };
  return { id: colleague.id, roles: COLLEAGUE_ROLES };
}

describe('the role-grant matrix', () => {
  for (const caller of ['domain admin', 'account owner', 'system admin'] as CallerKind[]) {
    for (const target of ['self', 'other user', 'account owner'] as TargetKind[]) {
      if (caller === 'account owner' && target === 'account owner') continue; // that is "self"
      it(`${caller} on ${target}`, async () => {
        const outcomes: string[] = [];
        const wanted: string[] = [];
        for (const role of ROLES) {
          for (const action of ['grant', 'remove'] as const) {
            const { id, roles } = targetOf(caller, target);
            await replaceRoles(t.ctx.db, id, roles);
            const next = action === 'grant' ? [...new Set([...roles, role])] : roles.filter((r) => r !== role);
            const res = await agents[caller]!.put(`/services/admin/users/${id}/roles`, { roles: next });
            outcomes.push(`${action} ${role}: ${res.statusCode}`);
            const want = expected(caller, target, role, action, roles);
            wanted.push(`${action} ${role}: ${want}`);
            if (res.statusCode !== 200) {
              // Nothing changed, and the refusal is in the audit log.
              const held = await t.ctx.db.execute(sql`SELECT role FROM user_roles WHERE user_id = ${id} ORDER BY role`);
              expect(((held as unknown as { rows: { role: string }[] }).rows).map((r) => r.role)).toEqual([...roles].sort());
              const refused = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.target, `user:${id}`), eq(auditLog.action, 'admin.user.roles_refused')));
              expect(refused.some((e) => (e.details as { role?: string }).role === role)).toBe(true);
            }
          }
        }
        // Restore the caller's own roles for the next combination.
        await replaceRoles(t.ctx.db, targetOf(caller, target).id, targetOf(caller, target).roles);
        expect(outcomes).toEqual(wanted);
      });
    }
  }

  it('says why the owner cannot be changed here', async () => {
    const res = await agents['domain admin']!.put(`/services/admin/users/${colleague.id}/roles`, { roles: [...COLLEAGUE_ROLES, 'account_owner_user'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Changing the account owner goes through Clearlist support: contact us to move the ownership.');
  });
});
