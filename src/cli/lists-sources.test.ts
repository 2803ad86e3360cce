/** `clearlist lists sources` says how each list is fetched, its last fetch and its active version. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_SOURCES } from '#lists/sources';
import { STATE_LISTS } from '#shared/state-lists';
import { parseEnv } from '#server/config';
import { listChecks } from '#server/db/schema';
import { openConfiguredDatabase } from '#server/main';
import { runLists } from './lists';

const root = fileURLToPath(new URL('../..', import.meta.url));
const leie = path.join(root, 'src/lists/leie/fixtures/UPDATED.csv');
const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-lists-sources-'));
const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL, LIST_URLS: process.env.LIST_URLS };
beforeAll(() => {
  process.env.DATA_DIR = dataDir;
  process.env.DATABASE_URL = '';
  process.env.LIST_URLS = JSON.stringify({ 'ofac-sdn': ['https://mirror.example/SDN.CSV'] });
});
afterAll(() => {
  Object.assign(process.env, saved);
  for (const [key, value] of Object.entries(saved)) if (value === undefined) delete process.env[key];
  rmSync(dataDir, { recursive: true, force: true });
});

async function run(args: string[]) {
  let stdout = '';
  let stderr = '';
  const io = { stdout: { write: (s: string) => ((stdout += s), true) } as unknown as NodeJS.WriteStream, stderr: { write: (s: string) => ((stderr += s), true) } as unknown as NodeJS.WriteStream };
  const code = await runLists(args, io);
  return { code, stdout, stderr };
}

describe('lists sources', () => {
  it('lists every source with its recipe, its last fetch in words and its active version', async () => {
    expect((await run(['import', 'leie', leie])).code).toBe(0);
    const database = await openConfiguredDatabase(parseEnv(process.env));
    const forbidden = 'the publisher answered HTTP 403 (forbidden) for https://sam.gov/x: it may block servers outside the US or in data centres; upload the file instead';
    await database.db.insert(listChecks).values([
      { source: 'sam', outcome: 'failed', error: forbidden, checkedAt: new Date('2026-11-30T06:00:00Z') },
      { source: 'leie', outcome: 'unchanged', checkedAt: new Date('2026-11-30T06:00:00Z') },
    ]);
    await database.close();

    const json = await run(['sources', '--json']);
    expect(json.code, json.stderr).toBe(0);
    const lines = JSON.parse(json.stdout) as Record<string, unknown>[];
    expect(lines.map((l) => l.source)).toEqual(LIST_SOURCES.map((s) => s.id));
    for (const line of lines) expect(Object.keys(line)).toEqual(['source', 'title', 'publisher', 'page', 'method', 'cadence', 'licensed', 'reason', 'basis', 'layoutFrom', 'layout', 'override', 'lastFetch', 'active']);
    const by = (id: string) => lines.find((l) => l.source === id)!;
    expect(by('leie')).toMatchObject({ method: 'direct', page: 'https://oig.hhs.gov/exclusions/exclusions_list.asp', cadence: 'monthly, by the 10th', override: false, reason: null });
    expect(by('leie').lastFetch).toEqual({ at: '2026-11-30T06:00:00.000Z', outcome: 'unchanged', error: null });
    expect(by('leie').active).toMatchObject({ version: expect.any(Number), records: expect.any(Number), origin: 'import' });
    expect(by('sam')).toMatchObject({ method: 'api', lastFetch: { outcome: 'failed', error: `T${forbidden.slice(1)}` }, active: null });
    expect(by('ofac-sdn')).toMatchObject({ method: 'direct', override: true, lastFetch: null });
    expect(by('dmf')).toMatchObject({ method: 'upload', licensed: true, reason: expect.stringMatching(/^licensed/) });
    // Every state list of the registry is there with its recipe, whoever added it.
    for (const list of STATE_LISTS) {
      expect(by(list.id), list.id).toMatchObject({ method: expect.stringMatching(/^(direct|page-link|api|postback|upload)$/), page: expect.stringMatching(/^https?:\/\//), basis: expect.any(String), cadence: expect.any(String) });
      if (by(list.id).method === 'upload') expect(by(list.id).reason, list.id).toEqual(expect.any(String));
    }
    expect(lines.filter((l) => String(l.source).startsWith('state-')).length).toBeGreaterThanOrEqual(STATE_LISTS.length);
    // A list read by its documented layout says its parser has seen no real file; one read from real files says nothing.
    const documented = STATE_LISTS.filter((l) => 'layoutFrom' in l && l.layoutFrom === 'documented').map((l) => l.id);
    expect(documented.length).toBeGreaterThanOrEqual(6);
    for (const id of documented) expect(by(id), id).toMatchObject({ layoutFrom: 'documented', layout: expect.stringContaining('not yet seen a real file from the publisher') });
    expect(by('state-ny')).toMatchObject({ layoutFrom: 'real', layout: null });

    const text = await run(['sources']);
    expect(text.code).toBe(0);
    const [head, rule, ...rest] = text.stdout.split('\n');
    expect(head).toMatch(/^source\s+method\s+cadence\s+last fetch\s+active$/);
    expect(rule).toMatch(/^-+ {2}-+/);
    expect(rest.find((l) => l.startsWith('leie '))).toMatch(/direct\s+monthly, by the 10th\s+2026-11-30 06:00 unchanged\s+version \d+/);
    // Columns line up: every row's method starts where the header's does.
    const at = head.indexOf('method');
    for (const row of rest.slice(0, LIST_SOURCES.length)) expect(row.slice(at - 2, at)).toBe('  ');
    expect(text.stdout).toMatch(/dmf +upload \(licensed\)/);
    expect(text.stdout).toContain('ofac-sdn: LIST_URLS overrides it');
    expect(text.stdout).toContain('state-mo: Read by the layout the research documents: its parser has not yet seen a real file from the publisher.');
    expect(text.stdout).toContain(`sam: last fetch failed: T${forbidden.slice(1)}`);
  }, 120_000);
});
