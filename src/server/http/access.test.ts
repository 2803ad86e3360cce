import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_ACCESS } from '#shared/access';
import { ROLES, type Role } from '#shared/roles';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { createUser } from '#test/factories';

let t: TestApp;
let routes: { method: string; url: string }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  routes = collectRoutes(t.app.printRoutes({ commonPrefix: false, includeHooks: false }));
});
afterAll(() => t.close());

/** The app's /services and /api routes, as `METHOD /path` keys. */
function collectRoutes(printed: string) {
  const found: { method: string; url: string }[] = [];
  for (const line of printed.split('\n')) {
    const m = line.match(/[└├]── (\S+) \(([A-Z, ]+)\)/);
    if (!m || !(m[1].startsWith('/services') || m[1].startsWith('/api/'))) continue;
    for (const method of m[2].split(', ')) if (method !== 'HEAD') found.push({ method, url: m[1] });
  }
  return found;
}

const sample = (url: string) => url.replace(/:[a-zA-Z]+\??/g, '1');
/** Routes a session reaches: /api/v1 takes an API key only (ADR 029; its roles are tested with keys in src/server/public-api). */
const sessionRoutes = () => routes.filter((r) => !r.url.startsWith('/api/'));

describe('access rules', () => {
  it('every API route has a rule in src/shared/access.ts', () => {
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) expect(ENDPOINT_ACCESS, `${route.method} ${route.url}`).toHaveProperty(`${route.method} ${route.url}`);
  });

  it('anonymous callers get 401 from every endpoint that is not public', async () => {
    const anonymous = new Agent(t.app);
    for (const route of routes) {
      if (ENDPOINT_ACCESS[`${route.method} ${route.url}`] === 'public') continue;
      const res = await anonymous.request({ method: route.method as 'GET', url: sample(route.url), payload: route.method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it.each(ROLES.filter((r) => r !== 'system_admin_user'))('a user with only %s gets 403 from endpoints whose roles exclude it', async (role: Role) => {
    const user = await createUser(t.ctx.db, { roles: [role] });
    const agent = new Agent(t.app);
    expect(await agent.login(user.username, user.password)).toBe('LOGIN_SUCCESSFUL');
    for (const route of sessionRoutes()) {
      const access = ENDPOINT_ACCESS[`${route.method} ${route.url}`];
      if (!Array.isArray(access) || access.includes(role)) continue;
      const res = await agent.request({ method: route.method as 'GET', url: sample(route.url), payload: route.method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('a system admin is never refused for lack of a role', async () => {
    const admin = await createUser(t.ctx.db, { roles: ['system_admin_user'] });
    const agent = new Agent(t.app);
    await agent.login(admin.username, admin.password);
    // Logout last: it ends the session the other calls need.
    const ordered = sessionRoutes().sort((a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')));
    for (const route of ordered) {
      const res = await agent.request({ method: route.method as 'GET', url: sample(route.url), payload: route.method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${route.method} ${route.url}`).not.toBe(401);
      if (res.statusCode === 403) expect(res.json().error.code, `${route.method} ${route.url}`).not.toBe('FORBIDDEN');
    }
  });
});
