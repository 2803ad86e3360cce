/**
 * `clearlist serve` never searches invented people (ADR 114): on an empty data folder nothing is
 * searched and the answer names every list not searched; a data folder holding the samples of an
 * earlier version has them retired at start (audited, kept for history) and not searched.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NameSearchResultSchema } from '#shared/interactive-search';
import { STATE_SOURCE_IDS } from '#shared/state-lists';
import { openDatabase } from '#server/db/client';
import { importMissingSamples } from '#server/lists/samples';
import { freePort, startServe } from '#test/server-process';

const dirs: string[] = [];
let child: ChildProcess | undefined;

afterEach(async () => {
  if (child && child.exitCode === null && !child.signalCode) {
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
  }
  child = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const EXCLUSION_LISTS = ['leie', 'sam', ...STATE_SOURCE_IDS];

async function serveAndSearch(dataDir: string) {
  const port = await freePort();
  child = (await startServe(dataDir, port, { LIST_UPDATE_SCHEDULE: 'off' })).proc;
  const res = await fetch(`http://127.0.0.1:${port}/services/interactivesearch/name?${new URLSearchParams({ firstName: 'Donald', lastName: 'Bailey' })}`);
  expect(res.status).toBe(200);
  const result = NameSearchResultSchema.parse(await res.json());
  child.kill('SIGTERM');
  await new Promise((r) => child!.once('exit', r));
  return result;
}

describe('clearlist serve and the synthetic samples', () => {
  it('on an empty data folder searches nothing and names every list not searched, with the reason', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-nosample-'));
    dirs.push(dataDir);
    const result = await serveAndSearch(dataDir);
    expect(result.hits).toEqual([]);
    expect(result.lists).toEqual([]);
    expect(result.notSearched.map((l) => l.source).sort()).toEqual([...EXCLUSION_LISTS].sort());
    expect(result.notSearched.find((l) => l.source === 'leie')).toEqual({ source: 'leie', title: 'OIG List of Excluded Individuals/Entities (LEIE)', reason: 'not loaded yet' });
  });

  it('retires the samples an earlier version loaded: audited, kept, no longer searched', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-oldsample-'));
    dirs.push(dataDir);
    // The data folder as an earlier `serve` left it: every sample loaded and active.
    const before = await openDatabase({ dataDir });
    await before.migrate();
    expect(await importMissingSamples(before.db, new Date())).toContain('leie');
    await before.close();

    const result = await serveAndSearch(dataDir);
    // Donald Bailey is a person of the LEIE sample: found before, not now.
    expect(result.hits).toEqual([]);
    expect(result.lists).toEqual([]);
    expect(result.notSearched.map((l) => l.source).sort()).toEqual([...EXCLUSION_LISTS].sort());

    const after = await openDatabase({ dataDir });
    try {
      const versions = (await after.db.execute(`SELECT source, status, records FROM list_versions WHERE origin = 'sample' ORDER BY source`)) as unknown as { rows: { source: string; status: string; records: number }[] };
      expect(versions.rows.length).toBeGreaterThan(5);
      expect(versions.rows.every((v) => v.status === 'retired')).toBe(true);
      expect(versions.rows.find((v) => v.source === 'leie')!.records).toBeGreaterThan(0);
      const audit = (await after.db.execute(`SELECT target, details FROM audit_log WHERE action = 'list.sample_retired' ORDER BY target`)) as unknown as { rows: { target: string; details: { versions: number[]; wasActive: boolean } }[] };
      expect(audit.rows.map((a) => a.target)).toEqual(versions.rows.map((v) => v.source));
      expect(audit.rows.every((a) => a.details.wasActive && a.details.versions.length === 1)).toBe(true);
    } finally {
      await after.close();
    }
  }, 180_000); // two serve processes on one data folder, one loading the samples: about 50 s on 2 cores
});
