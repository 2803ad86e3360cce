import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_ACCESS } from '#shared/access';
import { createTestApp, type TestApp } from '#test/app';
import { openApiPath } from '#shared/openapi';

let t: TestApp;
const apiRoutes: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the OpenAPI document', () => {
  it('is served without a key, never cached, and lists every /api/v1 route of the server with its errors', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>>; components: { securitySchemes: Record<string, unknown> } };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    // Every /api route the access table knows is a route of the app and an operation of the document.
    for (const key of Object.keys(ENDPOINT_ACCESS).filter((k) => k.includes(' /api/'))) apiRoutes.push(key);
    expect(apiRoutes.length).toBeGreaterThanOrEqual(5);
    for (const key of apiRoutes) {
      const [method, url] = key.split(' ');
      expect(t.app.hasRoute({ method: method as 'GET', url }), key).toBe(true);
      const operation = doc.paths[openApiPath(url)]?.[method.toLowerCase()];
      expect(operation, key).toBeDefined();
      if (ENDPOINT_ACCESS[key] === 'public') expect(operation.security).toEqual([]);
      else expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '429']));
    }
    const operations = Object.values(doc.paths).flatMap((p) => Object.keys(p));
    expect(operations).toHaveLength(apiRoutes.length);
  });

  it('documents a person’s whole name in one field (name) with an example, on the name search and the bulk person subject', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as { paths: Record<string, Record<string, { requestBody: { content: { 'application/json': { schema: Record<string, unknown>; example: unknown } } } }>> };
    const body = (path: string) => doc.paths[path].post.requestBody.content['application/json'];
    const name = (body('/api/v1/searches/name').schema as { properties: Record<string, { examples?: string[]; maxLength?: number; description?: string }> }).properties.name;
    expect(name.examples).toContain('Maria Elena Garcia Lopez');
    expect(name.maxLength).toBe(200);
    expect(name.description).toMatch(/instead of firstName and lastName/);
    expect(JSON.stringify(body('/api/v1/screenings').schema)).toContain('Maria Elena Garcia Lopez');
    expect(body('/api/v1/screenings').example).toMatchObject({ subjects: expect.arrayContaining([{ type: 'person', name: 'Maria Elena Garcia Lopez' }]) });
  });

  it('validates against the OpenAPI 3.1 schema', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as Parameters<Validator['validate']>[0];
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });
});
