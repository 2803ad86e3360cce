/**
 * The server runs its TypeScript through tsx, which compiles with esbuild's keepNames: every named
 * closure (`const f = () => …` inside a function, an arrow as an object literal's property) gets
 * `__name(f, "f")`, an `Object.defineProperty`, each time it is made. In the functions a batch row
 * runs thousands of times that was ~6 % of the screening threads' CPU (ADR 089): these modules make
 * none. Compiled here as tsx compiles them, and every `__name(` call left inside a function listed.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** The modules on a batch row's path whose functions run per query, candidate, hit or record. */
const HOT = [
  'engine/screen.ts',
  'engine/candidate-weighing.ts',
  'engine/record-view.ts',
  'engine/evidence.ts',
  'engine/hit-builder.ts',
  'engine/phonetic.ts',
  'engine/settings.ts',
  'engine/collection-filter.ts',
  'engine/keyed.ts',
  'server/screening/row-screening.ts',
  'server/screening/keyed-answers.ts',
];

/** The `__name(` calls keepNames puts inside functions (those at the top level run once). */
function namedClosures(file: string): string[] {
  const source = readFileSync(fileURLToPath(new URL(`../${file}`, import.meta.url)), 'utf8');
  const { code } = transformSync(source, { loader: 'ts', format: 'esm', keepNames: true });
  return code.split('\n').filter((line) => /^\s+.*__name\(/.test(line) && !/__name\(this,/.test(line)).map((line) => `${file}: ${line.trim().slice(0, 100)}`);
}

describe('hot engine modules', () => {
  it('make no named closure per call under keepNames', () => {
    expect(HOT.flatMap(namedClosures)).toEqual([]);
  });

  it('the check sees a named closure', () => {
    const { code } = transformSync('export function f() { const g = () => 1; return g(); }', { loader: 'ts', format: 'esm', keepNames: true });
    expect(code).toMatch(/^\s+const g = .*__name\(/m);
  });
});
