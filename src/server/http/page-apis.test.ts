/**
 * The server side of "menus exactly per role" (ADR 036): for every role and every spec page
 * with a role, the endpoint the page reads first answers a holder of the role and refuses
 * (403) a signed-in user without it, and a visitor (401). The pages and endpoints are the
 * menu table's (`MenuItem.api`), so pages added later are walked as soon as they name theirs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_ITEMS } from '#shared/navigation';
import { ROLES, type Role } from '#shared/roles';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { signedIn } from '#test/batches';
import { createClient, createUser } from '#test/factories';

let t: TestApp;
const agents = new Map<Role, Agent>();
beforeAll(async () => {
  t = await createTestApp();
  const client = await createClient(t.ctx.db, { teamType: 'MULTI_TEAM', searchOptions: ['NAME', 'NPI', 'OFAC', 'SSNDMF'] });
  for (const role of ROLES) agents.set(role, await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, roles: [role] })));
});
afterAll(async () => {
  await t.close();
});

const PAGES = MENU_ITEMS.filter((item): item is typeof item & { api: string; roles: Role[] } => Boolean(item.api && item.roles?.length));
const call = (agent: Agent, api: string) => {
  const [method, path] = api.split(' ');
  return agent.request({ method: method as 'GET', url: path });
};

describe('the endpoint behind each page with a role', () => {
  it('names one for every role-bound page except API Documentation (which reads the public OpenAPI document)', () => {
    const withRoles = MENU_ITEMS.filter((item) => item.roles?.length).map((item) => item.label);
    const expected = withRoles.filter((label) => !['API Documentation', 'Batch Name Search', 'Batch NPI Search', 'Batch Queue Management'].includes(label));
    expect(PAGES.map((p) => p.label)).toEqual(expect.arrayContaining(expected));
  });

  // A system admin passes any role list on the server (ADR 005: support acts on any client); its pages
  // and menus follow the roles it holds. So the table walks every other role.
  describe.each(ROLES.filter((r) => r !== 'system_admin_user'))('a user holding only %s', (role) => {
    it.each(PAGES.map((p) => [p.label, p] as const))('%s', async (_label, page) => {
      const res = await call(agents.get(role)!, page.api);
      if (page.roles.includes(role)) expect([401, 403], `${page.api} for ${role}: ${res.body}`).not.toContain(res.statusCode);
      else {
        expect(res.statusCode, `${page.api} for ${role}`).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
    });
  });

  it.each(PAGES.map((p) => [p.label, p] as const))('%s refuses a visitor (401)', async (_label, page) => {
    expect((await call(new Agent(t.app), page.api)).statusCode).toBe(401);
  });

  it('answers a system admin its own page (Client Admin)', async () => {
    const res = await call(agents.get('system_admin_user')!, 'GET /services/admin/clients');
    expect(res.statusCode).toBe(200);
  });
});
