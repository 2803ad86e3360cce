/**
 * Vitest's global set-up: a folder for the run's sample templates (test/sample-template.ts),
 * named to the test processes by environment, removed at the run's end with the template
 * databases made on a PostgreSQL server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dropTemplates, TEMPLATES_ENV } from './sample-template';

export function setup(): () => Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'clearlisttpl'));
  process.env[TEMPLATES_ENV] = dir;
  return async () => {
    const url = process.env.DATABASE_URL;
    if (url) await dropTemplates(url, dir);
    else rmSync(dir, { recursive: true, force: true });
  };
}
