/**
 * `clearlist bench`: runs each scenario in its own process (so peak memory is its own) and
 * prints the figures against the issues' targets. Scenarios on PostgreSQL run when
 * DATABASE_URL is set; `npm run bench` provides a throwaway server when one is installed.
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Figure } from './bench/measure';
import { SCENARIOS } from './bench/scenarios';

const bin = fileURLToPath(new URL('../../bin/clearlist.mjs', import.meta.url));

export async function runBench(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { scenario: { type: 'string' }, only: { type: 'string' } } });
  if (values.scenario) return runOne(values.scenario);
  const wanted = values.only?.split(',');
  const hasPostgres = Boolean(process.env.DATABASE_URL);
  const all: Figure[] = [];
  // Every figure depends on the runtime: say which one ran them (ADR 100).
  console.log(`Node.js ${process.version} (${process.execPath}), ${availableParallelism()} cores`);
  for (const scenario of SCENARIOS) {
    if (wanted && !wanted.some((w) => scenario.name.startsWith(w))) continue;
    if (scenario.isHeavy && !wanted) continue; // national-size files: only when asked for
    if (scenario.needsPostgres && !hasPostgres) {
      console.log(`- ${scenario.name}: skipped (no DATABASE_URL; npm run bench starts a throwaway PostgreSQL when installed)`);
      continue;
    }
    process.stdout.write(`- ${scenario.name} … `);
    const started = Date.now();
    const child = spawnSync(process.execPath, ['--max-old-space-size=4096', bin, 'bench', '--scenario', scenario.name], {
      encoding: 'utf8',
      env: { ...process.env, LOG_LEVEL: 'silent' },
      maxBuffer: 64 * 1024 * 1024,
    });
    const line = child.stdout.split('\n').find((l) => l.startsWith('FIGURES '));
    if (child.status !== 0 || !line) {
      console.log(`failed\n${child.stderr.slice(-2000)}`);
      continue;
    }
    const figures = JSON.parse(line.slice(8)) as Figure[];
    console.log(`${((Date.now() - started) / 1000).toFixed(0)} s`);
    all.push(...figures);
  }
  printTable(all);
  return 0;
}

async function runOne(name: string): Promise<number> {
  const scenario = SCENARIOS.find((s) => s.name === name);
  if (!scenario) throw new Error(`Unknown bench scenario ${name}`);
  const figures = await scenario.run();
  process.stdout.write(`FIGURES ${JSON.stringify(figures)}\n`);
  return 0;
}

function printTable(figures: Figure[]) {
  const fmt = (f: Figure) => (f.value >= 100 ? Math.round(f.value).toLocaleString('en-US') : f.value.toFixed(f.value >= 10 ? 1 : 2));
  const rows = figures.map((f) => [f.name, `${fmt(f)} ${f.unit}`, f.target ?? '', f.isMet === undefined ? '' : f.isMet ? 'met' : 'NOT MET']);
  const head = ['figure', 'measured', 'target', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  console.log(`\n${[line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n')}`);
}
