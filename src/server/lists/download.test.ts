import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip, startFileServer, type FileServer } from '#test/list-downloads';
import { downloadFile } from './download';
import { extractZipEntry, readZipEntries } from './unzip';
import { ofacFileRole } from '#lists/ofac/legacy-csv';
import { samExtractName } from './acquire/federal';
import { fileNameOf, planDownloads, redactUrl } from './update-sources';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const leie = readFileSync(path.join(root, 'src/lists/leie/fixtures/UPDATED.csv'));
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const noWait = (delays: number[]) => async (ms: number) => void delays.push(ms);

let server: FileServer;
beforeAll(async () => {
  server = await startFileServer({ '/UPDATED.csv': { body: leie } });
});
afterAll(() => server.close());

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'clearlist-download-'));

describe('downloadFile', () => {
  it('streams the file to disk with its sha256, size and progress', async () => {
    const dir = freshDir();
    const progress: [number, number | null][] = [];
    const file = await downloadFile({ url: server.url('/UPDATED.csv'), fileName: 'UPDATED.csv' }, dir, { onProgress: (b, t) => progress.push([b, t]) });
    expect(file).toMatchObject({ name: 'UPDATED.csv', size: leie.length, sha256: sha256(leie), path: path.join(dir, 'UPDATED.csv') });
    expect(readFileSync(file.path).equals(leie)).toBe(true);
    expect(progress.at(-1)).toEqual([leie.length, leie.length]);
    expect(readdirSync(dir)).toEqual(['UPDATED.csv']);
  });

  it('retries a failed answer with backoff and succeeds', async () => {
    server.set('/flaky.csv', { body: leie, failTimes: 2 });
    const delays: number[] = [];
    const file = await downloadFile({ url: server.url('/flaky.csv'), fileName: 'flaky.csv' }, freshDir(), { delay: noWait(delays) });
    expect(file.sha256).toBe(sha256(leie));
    expect(server.hits('/flaky.csv')).toBe(3);
    expect(delays).toEqual([1000, 2000]);
  });

  it('gives up after three attempts on a 500, naming the status', async () => {
    server.set('/down.csv', { status: 500 });
    const dir = freshDir();
    await expect(downloadFile({ url: server.url('/down.csv'), fileName: 'down.csv' }, dir, { delay: noWait([]) })).rejects.toThrow(
      /down\.csv: HTTP 500 .*\(3 attempts\)/,
    );
    expect(server.hits('/down.csv')).toBe(3);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('does not retry a 404', async () => {
    await expect(downloadFile({ url: server.url('/missing.csv'), fileName: 'missing.csv' }, freshDir(), { delay: noWait([]) })).rejects.toThrow(/HTTP 404/);
    expect(server.hits('/missing.csv')).toBe(1);
  });

  it('reports a body shorter than its Content-Length as truncated and leaves no file', async () => {
    server.set('/short.csv', { body: leie, truncateAt: 100 });
    const dir = freshDir();
    const error = await downloadFile({ url: server.url('/short.csv'), fileName: 'short.csv' }, dir, { attempts: 1 }).catch((e: Error) => e);
    expect(String(error)).toContain(`truncated download: got 100 of ${leie.length} bytes`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('resumes a download cut short where it stopped (Range with If-Range), and checksums the whole file', async () => {
    server.set('/big.csv', { body: leie, truncateAt: 300, etag: '"v1"' });
    const dir = freshDir();
    const seen: string[] = [];
    const watching: typeof fetch = (input, init) => {
      seen.push(new Headers(init?.headers).get('range') ?? 'whole');
      return fetch(input, init);
    };
    const file = await downloadFile({ url: server.url('/big.csv'), fileName: 'big.csv' }, dir, { delay: noWait([]), fetch: watching, attempts: 5 });
    // The last attempt asked for the rest only (a cut can come before every byte sent reaches the disk: it asks from what did).
    expect(seen.at(-1)).toMatch(/^bytes=([1-9]\d*)-$/);
    expect(seen.filter((r) => r !== 'whole')).toHaveLength(1);
    expect(readFileSync(file.path).equals(leie)).toBe(true);
    expect(file).toMatchObject({ size: leie.length, sha256: createHash('sha256').update(leie).digest('hex') });
    expect(readdirSync(dir)).toEqual(['big.csv']);
  });

  it('times out when the server stops sending', async () => {
    server.set('/stall.csv', { body: leie, stall: true });
    await expect(downloadFile({ url: server.url('/stall.csv'), fileName: 'stall.csv' }, freshDir(), { attempts: 1, idleTimeoutMs: 200 })).rejects.toThrow(/no data from .* for 200 ms \(timed out after 0 bytes\)/);
  });
});

describe('ZIP archives', () => {
  it('extracts deflated and stored entries by base name, checked by CRC', async () => {
    const dir = freshDir();
    const zipPath = path.join(dir, 'a.zip');
    writeFileSync(zipPath, buildZip([{ name: 'inner/UPDATED.csv', data: leie }, { name: 'readme.txt', data: 'hello', store: true }]));
    const entries = await readZipEntries(zipPath);
    expect(entries.map((e) => e.name)).toEqual(['inner/UPDATED.csv', 'readme.txt']);
    const out = await extractZipEntry(zipPath, entries[0], dir);
    expect(out).toMatchObject({ name: 'UPDATED.csv', size: leie.length, sha256: sha256(leie) });
    expect(readFileSync(out.path).equals(leie)).toBe(true);
    expect((await extractZipEntry(zipPath, entries[1], dir)).size).toBe(5);
    expect(readFileSync(path.join(dir, 'readme.txt'), 'utf8')).toBe('hello');
  });

  it('refuses a file that is not a ZIP', async () => {
    const dir = freshDir();
    const notZip = path.join(dir, 'x.zip');
    writeFileSync(notZip, leie);
    await expect(readZipEntries(notZip)).rejects.toThrow(/not a ZIP archive/);
  });
});

describe('download sources', () => {
  it('names the Julian day in the SAM extract name', () => {
    expect(samExtractName(new Date('2022-04-06T12:00:00Z'))).toBe('SAM_Exclusions_Public_Extract_V2_22096.ZIP');
    expect(samExtractName(new Date('2024-12-31T01:00:00Z'))).toBe('SAM_Exclusions_Public_Extract_V2_24366.ZIP');
    expect(redactUrl('https://api.sam.gov/x?api_key=SECRET&fileName=a.ZIP')).not.toContain('SECRET');
  });

  it('downloads by LIST_URLS first, else by the recipe; the DMF is upload-only, said why', () => {
    expect(planDownloads('leie', { listUrls: { leie: ['https://mirror.test/UPDATED.csv'] } })).toEqual({ kind: 'ready', files: [{ url: 'https://mirror.test/UPDATED.csv', fileName: 'UPDATED.csv' }] });
    expect(planDownloads('sam', { listUrls: {} })).toMatchObject({ kind: 'recipe', recipe: { method: 'api', service: 'sam-file-listing' } });
    expect(planDownloads('dmf', { listUrls: {} })).toMatchObject({ kind: 'not-configured', hint: expect.stringContaining('licensed') });
    const consolidated = planDownloads('ofac-consolidated', { listUrls: {} });
    expect(consolidated).toMatchObject({ kind: 'recipe', recipe: { files: [{ url: 'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/CONSOLIDATED.XML' }] } });
    expect(ofacFileRole('CONSOLIDATED.XML')).toBe('xml');
  });

  it('takes the file name from the last path segment', () => {
    expect(fileNameOf('https://x.test/a/b/cons%20prim.csv?x=1')).toBe('cons prim.csv');
    expect(() => fileNameOf('https://x.test/')).toThrow(/file name/);
  });
});
