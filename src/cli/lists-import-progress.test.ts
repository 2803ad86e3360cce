/** `clearlist lists import` shows the rows read on a terminal, and nothing of the kind elsewhere. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLists } from './lists';

const root = fileURLToPath(new URL('../..', import.meta.url));
const leie = path.join(root, 'src/lists/leie/fixtures/UPDATED.csv');
const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-lists-cli-'));
const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
beforeAll(() => {
  process.env.DATA_DIR = dataDir;
  process.env.DATABASE_URL = '';
});
afterAll(() => {
  Object.assign(process.env, saved);
  for (const [key, value] of Object.entries(saved)) if (value === undefined) delete process.env[key];
  rmSync(dataDir, { recursive: true, force: true });
});

async function importLeie(terminal: boolean) {
  let stdout = '';
  let stderr = '';
  const io = { stdout: Object.assign({ write: (s: string) => ((stdout += s), true), isTTY: terminal }) as unknown as NodeJS.WriteStream, stderr: { write: (s: string) => ((stderr += s), true) } as unknown as NodeJS.WriteStream };
  const code = await runLists(['import', 'leie', leie], io);
  return { code, stdout, stderr };
}

describe('lists import progress', () => {
  it('is drawn in place on a terminal, then cleared before the summary', async () => {
    const shown = await importLeie(true);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^\rleie: [\d,]+ rows read\x1b\[K/);
    expect(shown.stdout).toMatch(/\r\x1b\[Kleie: version \d+ is active/);
    const piped = await importLeie(false);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).not.toContain('\r');
    expect(piped.stdout).toMatch(/^leie: version \d+ is active/);
  }, 120_000);
});
