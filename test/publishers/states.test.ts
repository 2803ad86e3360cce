/**
 * Every state list fetched from the publisher stand-in by its recipe, through `updateLists`
 * on an embedded database: imported when the publisher behaves, and each way a publisher
 * misbehaves told in words an operator can act on (issue 51).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#test/app';
import { testConfig, type AppConfig } from '#server/config';
import type { Database } from '#server/db/client';
import { STATE_RECIPES } from '#server/lists/acquire/states';
import { updateLists, type SourceUpdate } from '#server/lists/update';
import { startPublisherStandIn, type PublisherStandIn } from './stand-in';
import type { FailureMode } from './types';

let database: Database;
let drop: () => Promise<void>;
let standIn: PublisherStandIn;
let config: AppConfig;
const now = new Date('2026-11-16T04:00:00Z');

const automatic = STATE_RECIPES.filter((r) => r.method !== 'upload').map((r) => r.source);
const uploadOnly = STATE_RECIPES.filter((r) => r.method === 'upload');
/** Sources whose pages carry the links (the others read JSON or a form). */
const linked = STATE_RECIPES.filter((r) => r.method === 'page-link').map((r) => r.source);
/** Sources whose files the stand-in can halve (CSV, text, XLSX, Tennessee's JSON; not PDF or .xls). */
/** Sources whose file is an HTML answer (DC's page is the list): the stand-in serves no block page or cut file for them; their parser refuses a page without the list. */
const filesNotHtml = automatic.filter((s) => s !== 'state-dc');
const halvable = ['state-al', 'state-ar', 'state-ca', 'state-co', 'state-ga', 'state-ia', 'state-in', 'state-ks', 'state-ky', 'state-la', 'state-ma', 'state-md', 'state-mi', 'state-mn', 'state-mo', 'state-ms', 'state-mt', 'state-nc', 'state-nd', 'state-nh', 'state-nj-debarment', 'state-ny', 'state-oh', 'state-or', 'state-pa', 'state-sc', 'state-tn', 'state-wa'];

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  standIn = await startPublisherStandIn();
  config = testConfig({ dataDir: mkdtempSync(path.join(tmpdir(), 'clearlist-states-')), listPublishersUrl: standIn.url });
}, 60_000);
afterAll(async () => {
  await standIn.close();
  await drop();
});

const update = (sources: readonly string[]) => updateLists(database.db, config, sources, { now, delay: async () => {} });

/** Runs the sources with a failure mode set on each, then clears it. */
async function updateFailing(sources: readonly string[], mode: FailureMode): Promise<SourceUpdate[]> {
  for (const s of sources) standIn.fail(s, mode);
  try {
    return await update(sources);
  } finally {
    for (const s of sources) standIn.fail(s, null);
  }
}

const shape = (r: SourceUpdate) => ({ source: r.source, outcome: r.outcome, error: r.error });

describe('state lists from their publishers (the stand-in)', () => {
  it('has a list of automatic and upload-only sources as the research says', () => {
    expect(linked).toContain('state-ca');
    expect(uploadOnly.map((r) => r.source).sort()).toEqual(['state-az-exclusions', 'state-ct', 'state-id', 'state-il', 'state-vt']);
    expect(automatic).toHaveLength(40);
  });

  it('imports every state source that has an automatic method', async () => {
    const results = await update(automatic);
    for (const r of results) {
      expect(shape(r), r.source).toMatchObject({ outcome: 'imported' });
      expect(r.import?.records ?? 0, r.source).toBeGreaterThan(0);
    }
    // West Virginia's grid lists two documents: both imported as one version.
    expect(results.find((r) => r.source === 'state-wv')!.files.map((f) => f.name).sort()).toEqual(['wv-medicaid-exclusions.pdf', 'wv-medicaid-provider-terminations.pdf']);
    // Texas names its file in the postback's answer, the as-of date in the name.
    const tx = results.find((r) => r.source === 'state-tx')!;
    expect(tx.files.map((f) => f.name)).toEqual(['TexasExclusionsData_2026_11_30.xls']);
    expect(tx.import!.asOf).toBe('2026-11-30');
  }, 120_000);

  it('answers not-configured with the reason for the upload-only sources', async () => {
    const results = await update(uploadOnly.map((r) => r.source));
    for (const r of results) {
      expect(r.outcome).toBe('not-configured');
      expect(r.hint, r.source).toMatch(/upload the (?:monthly )?(?:file|workbook) from https:\/\//);
    }
    expect(results.find((r) => r.source === 'state-id')!.hint).toMatch(/Laserfiche WebLink, document 6158/);
    expect(results.find((r) => r.source === 'state-ct')!.hint).toMatch(/answers 403 .*the page saved as it is/);
  });

  it('holds a file of every second record for approval, after the full import', async () => {
    const results = await updateFailing(halvable, 'half');
    for (const r of results) expect(shape(r), r.source).toMatchObject({ outcome: 'held' });
  }, 120_000);

  it('says 403 and upload when a publisher forbids', async () => {
    const results = await updateFailing(automatic, 'forbidden');
    for (const r of results) {
      expect(r.outcome, r.source).toBe('failed');
      expect(r.error, r.source).toMatch(/403.*upload/);
    }
  }, 120_000);

  it('says the page no longer links the file when its links are gone', async () => {
    const results = await updateFailing([...linked, 'state-wv'], 'moved');
    for (const r of results) {
      expect(r.outcome, r.source).toBe('failed');
      expect(r.error, r.source).toContain('no longer links');
    }
  }, 120_000);

  it('says a web page answered when a block page comes where a file was expected', async () => {
    const results = await updateFailing(filesNotHtml, 'block-page');
    for (const r of results) {
      expect(r.outcome, r.source).toBe('failed');
      expect(r.error, r.source).toContain('web page');
    }
  }, 120_000);

  it('says truncated when a file stops half way', async () => {
    // Tennessee's JSON and Oregon's SOAP answer are read as pages by their services: a cut answer fails without the byte counts.
    const results = await updateFailing(filesNotHtml, 'truncated');
    for (const r of results) {
      expect(r.outcome, r.source).toBe('failed');
      if (r.source !== 'state-tn' && r.source !== 'state-or') expect(r.error, r.source).toContain('truncated');
    }
  }, 120_000);

  it('keeps the active versions through every failure', async () => {
    const results = await update(automatic);
    for (const r of results) expect(shape(r), r.source).toMatchObject({ outcome: expect.stringMatching(/^(unchanged|held)$/) });
  }, 120_000);
});
