/**
 * List files that expand far beyond their size when read (issue 53 §2, ADR 112): uploaded
 * through the real route, each is refused in seconds, and /services/health, asked over HTTP
 * all the while, keeps answering.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { multipart, signedIn } from '#test/batches';
import { createUser } from '#test/factories';
import { pdfBomb, xlsxBomb, zipBomb } from '#test/file-bombs';
import { startFileServer, type FileServer } from '#test/list-downloads';
import { readZipEntries, extractZipEntry } from './unzip';
import { updateLists } from './update';

let t: TestApp;
let admin: Agent;
let base: string;
let files: FileServer;

beforeAll(async () => {
  files = await startFileServer({ '/az.pdf': { body: pdfBomb(210 << 20) } });
  t = await createTestApp({ listUrls: { 'state-az': [files.url('/az.pdf')] } });
  admin = await signedIn(t, await createUser(t.ctx.db, { roles: ['system_admin_user'] }));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 60_000);
afterAll(async () => {
  await t.close();
  await files.close();
});

/** Runs `work` while asking for /services/health every 100 ms; the slowest health answer in ms. */
async function watchingHealth<T>(work: () => Promise<T>) {
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
  const result = await work().finally(() => (isDone = true));
  const seconds = (performance.now() - started) / 1000;
  await watch;
  return { result, seconds, slowest, answered };
}

/** Uploads `content` through the Lists page's route, watching health. */
async function uploadWatchingHealth(source: string, fileName: string, content: Buffer) {
  const { result: res, ...watched } = await watchingHealth(() => admin.request({ method: 'POST', url: `/services/admin/lists/${source}/upload`, ...multipart({ mode: 'auto' }, [{ fileName, content }]) }));
  return { res, ...watched };
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

  it('the daily update refuses a downloaded PDF bomb in seconds, health answering throughout, and records the failure', async () => {
    const { result, seconds, slowest } = await watchingHealth(() => updateLists(t.ctx.db, t.ctx.config, ['state-az'], { now: new Date('2026-12-02T06:00:00Z'), delay: async () => {} }));
    expect(result[0]).toMatchObject({ source: 'state-az', outcome: 'failed', error: expect.stringMatching(/expands beyond 128 MB when read: refused/) });
    expect(seconds).toBeLessThan(10);
    expect(slowest).toBeLessThan(1000);
  }, 60_000);

  it('a downloaded ZIP entry declaring more than the cap is refused before a byte is written', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'clearlist-zip-bomb-'));
    const zip = path.join(dir, 'sam.zip');
    writeFileSync(zip, zipBomb('SAM_Exclusions_Public_Extract_V2_24096.CSV', 8 << 20));
    const [entry] = await readZipEntries(zip);
    await expect(extractZipEntry(zip, entry, dir, 4 << 20)).rejects.toThrow(/expands beyond 4 MB when read: refused/);
    expect(readdirSync(dir)).toEqual(['sam.zip']);
    rmSync(dir, { recursive: true, force: true });
  });
});
