/**
 * List files that expand far beyond their size when read (issue 53 §2, ADR 112): uploaded
 * through the real route, each is refused in seconds, and /services/health, asked over HTTP
 * all the while, keeps answering.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { multipart, signedIn } from '#test/batches';
import { createUser } from '#test/factories';
import { pdfBomb, xlsxBomb } from '#test/file-bombs';

let t: TestApp;
let admin: Agent;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, await createUser(t.ctx.db, { roles: ['system_admin_user'] }));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** Uploads `content` while asking for /services/health every 100 ms; the slowest health answer in ms. */
async function uploadWatchingHealth(source: string, fileName: string, content: Buffer) {
  let isDone = false;
  let slowest = 0;
  let answered = 0;
  const watch = (async () => {
    while (!isDone) {
      const started = performance.now();
      const res = await fetch(`${base}/services/health`);
      expect(res.status).toBe(200);
      await res.text();
      answered += 1;
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const started = performance.now();
  const res = await admin.request({ method: 'POST', url: `/services/admin/lists/${source}/upload`, ...multipart({ mode: 'auto' }, [{ fileName, content }]) });
  const seconds = (performance.now() - started) / 1000;
  isDone = true;
  await watch;
  return { res, seconds, slowest, answered };
}

describe('a list file that expands beyond its limits when read', () => {
  it('a PDF whose one content stream inflates to 210 MB is refused in seconds, health answering throughout', async () => {
    const pdf = pdfBomb(210 << 20);
    expect(pdf.length).toBeLessThan(2 << 20);
    const { res, seconds, slowest, answered } = await uploadWatchingHealth('state-az', 'ProviderSuspensionsTerminations.pdf', pdf);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toMatch(/expands beyond 128 MB when read: refused/);
    expect(seconds).toBeLessThan(10);
    expect(answered).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(1000);
  }, 60_000);

  it('an XLSX whose sheet declares 600 MB is refused before it is inflated', async () => {
    const book = await xlsxBomb(600 << 20, ['LAST NAME', 'FIRST NAME']);
    const { res, seconds, slowest } = await uploadWatchingHealth('state-ga', 'ga.xlsx', book);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toMatch(/expands beyond 512 MB when read/);
    expect(seconds).toBeLessThan(10);
    expect(slowest).toBeLessThan(1000);
  }, 60_000);

  it('an XLSX of one 400 MB cell, within the part cap, is refused: no cell holds that much', async () => {
    const book = await xlsxBomb(400 << 20, ['LAST NAME', 'FIRST NAME']);
    const { res, seconds, slowest } = await uploadWatchingHealth('state-ga', 'ga.xlsx', book);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toMatch(/holds a text of more than 4 MB .*: refused/);
    expect(seconds).toBeLessThan(30);
    expect(slowest).toBeLessThan(1000);
  }, 90_000);
});
