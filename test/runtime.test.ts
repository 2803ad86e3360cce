/**
 * The README's commands run on the Node.js the project installs (ADR 100): `npm install` brings
 * the npm registry's `node` package, whose binary npm puts first on the PATH of every script
 * (`npm start`, `npm test`, `npm run bench`), and `npx clearlist` runs on it too.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '#test/server-process';

const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string }; optionalDependencies: Record<string, string> };

/** Whether a version satisfies a range of caret alternatives ("^22.13.0 || ^24.0.0"), the only form `engines` uses. */
function satisfies(version: string, range: string): boolean {
  const [major, minor, patch] = version.replace(/^v/, '').split('.').map(Number);
  return range.split('||').some((alt) => {
    const m = alt.trim().match(/^\^(\d+)\.(\d+)\.(\d+)$/);
    if (!m) throw new Error(`engines range not understood: ${alt}`);
    const [want, wantMinor, wantPatch] = m.slice(1).map(Number);
    return major === want && (minor > wantMinor || (minor === wantMinor && patch >= wantPatch));
  });
}

describe('the runtime', () => {
  it('reads the engines range as npm does for the forms it uses', () => {
    expect(satisfies('v24.21.0', '^22.13.0 || ^24.0.0')).toBe(true);
    expect(satisfies('v22.12.9', '^22.13.0 || ^24.0.0')).toBe(false);
    expect(satisfies('v22.13.0', '^22.13.0 || ^24.0.0')).toBe(true);
    expect(satisfies('v20.20.2', '^22.13.0 || ^24.0.0')).toBe(false);
    expect(satisfies('v23.1.0', '^22.13.0 || ^24.0.0')).toBe(false);
  });

  it('ships a Node.js the project supports, and the suite runs on it', () => {
    const shipped = pkg.optionalDependencies.node;
    expect(shipped, 'package.json depends on the npm registry\'s "node" package').toBeDefined();
    expect(satisfies(shipped.replace(/^\^/, ''), pkg.engines.node)).toBe(true);
    // npm test put the installed binary first on PATH: this process is that Node.js.
    expect(satisfies(process.version, pkg.engines.node), `running on ${process.version}, outside ${pkg.engines.node}`).toBe(true);
  });

  it('runs `npx clearlist` on the installed Node.js, whatever Node.js runs npm', () => {
    // PATH as a shell has it, without the folders npm test put first: npx runs on whatever Node.js is there.
    const PATH = (process.env.PATH ?? '').split(path.delimiter).filter((dir) => !dir.includes('node_modules')).join(path.delimiter);
    const out = execFileSync('npx', ['--no-install', '-c', 'node -p process.version'], { cwd: root, encoding: 'utf8', env: { ...process.env, PATH } }).trim();
    expect(satisfies(out, pkg.engines.node), `npx ran ${out}`).toBe(true);
  });
});
