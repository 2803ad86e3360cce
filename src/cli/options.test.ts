/** Every command has a --help that does nothing else, and refuses unknown options with exit 2. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { main } from './main';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-options-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** The real command in its own process, on an empty data folder and a port nobody listens on. */
function run(...args: string[]) {
  return spawnSync(process.execPath, [path.join(root, 'bin/clearlist.mjs'), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '1', HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
  });
}

function captured() {
  const out: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => void out.push(String(line)));
  vi.spyOn(console, 'error').mockImplementation((line: unknown) => void out.push(String(line)));
  vi.spyOn(process.stderr, 'write').mockImplementation((text: string | Uint8Array) => out.push(String(text)) > 0);
  return out;
}

describe('clearlist command options', () => {
  it('`serve --help` and `db:migrate --help` print their usage and touch nothing', () => {
    for (const command of ['serve', 'db:migrate']) {
      const result = run(command, '--help');
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain(`Usage: clearlist ${command}`);
    }
    expect(readdirSync(dataDir)).toEqual([]);
    expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
  }, 120_000);

  it('a command without options refuses any argument with exit 2', () => {
    const result = run('serve', '--port', '9000');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/clearlist serve: unknown argument "--port"/);
    expect(readdirSync(dataDir)).toEqual([]);
  }, 60_000);

  it.each(['serve', 'demo', 'worker', 'db:migrate', 'lists', 'billing', 'bench', 'screen', 'match'])('`%s --help` answers 0 with its usage', async (command) => {
    const out = captured();
    expect(await main([command, '--help'])).toBe(0);
    expect(out.join('\n')).toMatch(/Usage:/);
  });

  it.each([
    ['lists', 'status', '--jsn'],
    ['lists', 'import', 'leie', 'x.csv', '--mode'],
    ['billing', 'run', '--dat', '2026-01-01'],
    ['bench', '--onl', 'engine'],
    ['screen', 'x.csv', '--mapp', 'a=first'],
    ['match', 'a', 'b', '--typ', 'person'],
    ['match', 'a', 'b', '-x'],
  ])('an unknown or incomplete option is refused with exit 2: %s %s %s', async (...argv) => {
    const out = captured();
    expect(await main(argv)).toBe(2);
    expect(out.join('\n')).toMatch(/Usage:/);
  });
});
