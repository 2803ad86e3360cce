/**
 * Which test files reach a database: the PostgreSQL run (npm run test:pg) repeats only those,
 * since a test that never opens one runs the same on both. A file reaches one when its imports,
 * followed through the project's own modules, come to the database layer (src/server/db/) or the
 * test app (test/app.ts), or when it starts a process of ours (which opens DATABASE_URL).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const DATABASE_MODULES = [/^src\/server\/db\//, /^test\/app\.ts$/];
/** Starting a process: it may open the database of DATABASE_URL. */
export const STARTS_PROCESS = /\b(spawn|spawnSync|fork|execFile|execFileSync|execa)\s*\(|bin\/clearlist|DATABASE_URL/;
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|vi\.mock\(\s*['"]([^'"]+)['"]/g;
const ALIASES: [string, string][] = [
  ['#shared/', 'src/shared/'],
  ['#engine/', 'src/engine/'],
  ['#lists/', 'src/lists/'],
  ['#server/', 'src/server/'],
  ['#web/', 'src/web/'],
  ['#cli/', 'src/cli/'],
  ['#test/', 'test/'],
];

function resolveImport(root: string, spec: string, from: string): string | null {
  let base: string | null = null;
  if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else {
    const alias = ALIASES.find(([prefix]) => spec.startsWith(prefix));
    if (alias) base = path.join(root, alias[1], spec.slice(alias[0].length));
  }
  if (!base) return null;
  for (const file of [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

export function databaseReach(root: string): (file: string) => boolean {
  // The import graph of our own modules, each file read once; then every file that reaches a
  // seed (a database module, a file starting a process), walking the imports backwards.
  const importedBy = new Map<string, Set<string>>();
  const reaching = new Set<string>();
  const seen = new Set<string>();
  const read = (start: string): void => {
    const stack = [start];
    while (stack.length) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const rel = path.relative(root, file).split(path.sep).join('/');
      const source = readFileSync(file, 'utf8');
      if (DATABASE_MODULES.some((m) => m.test(rel)) || STARTS_PROCESS.test(source)) reaching.add(file);
      for (const m of source.matchAll(IMPORT)) {
        const target = resolveImport(root, m[1] ?? m[2] ?? m[3], file);
        if (!target) continue;
        if (!importedBy.has(target)) importedBy.set(target, new Set());
        importedBy.get(target)!.add(file);
        stack.push(target);
      }
    }
  };
  let settled = 0;
  const settle = (): void => {
    if (settled === seen.size) return;
    const queue = [...reaching];
    while (queue.length) {
      for (const parent of importedBy.get(queue.pop()!) ?? []) {
        if (reaching.has(parent)) continue;
        reaching.add(parent);
        queue.push(parent);
      }
    }
    settled = seen.size;
  };
  return (file) => {
    const full = path.resolve(root, file);
    read(full);
    settle();
    return reaching.has(full);
  };
}

/** Every test file of the project (the include of vitest.config.ts), relative to the root. */
export function testFiles(root: string): string[] {
  const out: string[] = [];
  for (const dir of ['src', 'test']) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true }) as string[]) {
      const rel = `${dir}/${entry.split(path.sep).join('/')}`;
      if (/\.test\.tsx?$/.test(rel) && !(dir === 'test' && rel.endsWith('.tsx'))) out.push(rel);
    }
  }
  return out.sort();
}

/** The test files that never reach a database, for the PostgreSQL run to leave out. */
export function memoryOnlyTests(root: string): string[] {
  const reaches = databaseReach(root);
  const files = testFiles(root);
  for (const f of files) reaches(f); // read the whole graph before the first answer
  return files.filter((f) => !reaches(f));
}
