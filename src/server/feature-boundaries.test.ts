/** Feature boundaries of src/server (ADR 056): lint refuses an import of another feature's internals; features form no cycle. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { SERVER_FEATURES } from '../../eslint.config.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const server = path.join(repo, 'src/server');
const eslint = new ESLint({ cwd: repo });

/** The boundary messages ESLint gives one import line in a file at `filePath`. */
async function boundaryErrors(filePath: string, line: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${line}\nexport const used = x;\n`, { filePath });
  // ESLint puts the import's path before the rule's message.
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message.replace(/^.* by a pattern\. /, ''));
}

describe('lint: feature boundaries', () => {
  it("refuses another feature's internals, relative or through #server", async () => {
    expect(await boundaryErrors('src/server/results/example.ts', "import { findBatch as x } from '../batches/queries';")).toEqual([
      'Feature boundary (ADR 056): use src/server/batches only through batches/public.ts.',
    ]);
    expect(await boundaryErrors('src/server/monitoring/example.ts', "import { changeStatus as x } from '#server/results/review';")).toEqual([
      'Feature boundary (ADR 056): use src/server/results only through results/public.ts.',
    ]);
  });

  it("accepts another feature's public module and the feature's own files", async () => {
    expect(await boundaryErrors('src/server/results/example.ts', "import { findBatch as x } from '../batches/public';")).toEqual([]);
    expect(await boundaryErrors('src/server/results/example.ts', "import { findBatch as x } from '#server/batches/public';")).toEqual([]);
    expect(await boundaryErrors('src/server/batches/example.ts', "import { findBatch as x } from './queries';")).toEqual([]);
    expect(await boundaryErrors('src/server/batches/example.ts', "import { rowsOf as x } from '../db/rows';")).toEqual([]);
  });

  it('holds infrastructure to the same rule, and lets composition roots and tests through', async () => {
    expect(await boundaryErrors('src/server/http/example.ts', "import { loadCurrentUser as x } from '../auth/queries';")).toHaveLength(1);
    expect(await boundaryErrors('src/server/app-context.ts', "import type { PaymentProvider as x } from './billing/provider';")).toHaveLength(1);
    expect(await boundaryErrors('src/server/app.ts', "import { batchRoutes as x } from './batches/routes';")).toEqual([]);
    expect(await boundaryErrors('src/server/jobs/registry.ts', "import { batchJobs as x } from '../batches/jobs';")).toEqual([]);
    expect(await boundaryErrors('src/server/results/example.test.ts', "import { findBatch as x } from '#server/batches/queries';")).toEqual([]);
  });

  it('keeps the layer rules working through the # aliases', async () => {
    expect(await boundaryErrors('src/web/example.ts', "import { createApp as x } from '#server/app';")).toEqual(['src/web depends on src/shared only.']);
    expect(await boundaryErrors('src/server/batches/example.ts', "import { main as x } from '#cli/main';")).toEqual(['Nothing imports the web app or the CLI.']);
  });
});

/** Feature → features it imports, from the non-test sources of src/server. */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map(SERVER_FEATURES.map((f) => [f, new Set<string>()]));
  for (const feature of SERVER_FEATURES) {
    const dir = path.join(server, feature);
    for (const name of fs.readdirSync(dir)) {
      if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
      const source = fs.readFileSync(path.join(dir, name), 'utf8');
      for (const [, spec] of source.matchAll(/from\s+'([^']+)'/g)) {
        const target = /^(?:\.\.\/|#server\/)([a-z-]+)\//.exec(spec)?.[1];
        if (target && target !== feature && graph.has(target)) graph.get(feature)!.add(target);
      }
    }
  }
  return graph;
}

/** One cycle of the graph as a path (first node repeated at the end), or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('feature dependency graph', () => {
  it('has no cycle', () => {
    expect(findCycle(featureGraph())).toBeNull();
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['accounts', new Set(['billing'])],
      ['billing', new Set(['accounts'])],
    ]);
    expect(findCycle(graph)).toEqual(['accounts', 'billing', 'accounts']);
  });

  it('lists every feature folder, and a public.ts names its exports', () => {
    const folders = fs.readdirSync(server, { withFileTypes: true }).filter((e) => e.isDirectory() && fs.existsSync(path.join(server, e.name, 'routes.ts')));
    expect(SERVER_FEATURES).toEqual(expect.arrayContaining(folders.map((e) => e.name)));
    for (const feature of SERVER_FEATURES) {
      const file = path.join(server, feature, 'public.ts');
      if (fs.existsSync(file)) expect(fs.readFileSync(file, 'utf8')).not.toMatch(/export \*/);
    }
  });
});
