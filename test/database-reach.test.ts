import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseReach, memoryOnlyTests, STARTS_PROCESS, testFiles } from './database-reach';

const root = path.resolve(import.meta.dirname, '..');

describe('the tests the PostgreSQL run repeats', () => {
  const reaches = databaseReach(root);

  it('are those that reach the database, directly, through a helper, or by starting a process of ours', () => {
    expect(reaches('test/results-demo.test.ts')).toBe(true); // the test app
    expect(reaches('src/server/lists/chains.test.ts')).toBe(true); // DATABASE_URL
    expect(reaches('test/cli-start.test.ts')).toBe(true); // starts bin/clearlist
    expect(reaches('src/server/admin/review-threshold.test.ts')).toBe(true);
  });

  it('leave out the engine, the parsers, the shared and web code, which never open one unless they start a process', () => {
    const memory = new Set(memoryOnlyTests(root));
    for (const f of testFiles(root)) {
      if (!/^src\/(engine|lists|shared|web)\//.test(f)) continue;
      const source = readFileSync(path.join(root, f), 'utf8');
      expect(memory.has(f), f).toBe(!STARTS_PROCESS.test(source) && !source.includes('node:child_process'));
    }
    expect(memory.has('test/match-quality.test.ts')).toBe(true);
    expect(memory.has('test/results-demo.test.ts')).toBe(false);
    // Both sets are real: neither run is empty.
    expect(memory.size).toBeGreaterThan(50);
    expect(testFiles(root).length - memory.size).toBeGreaterThan(50);
  });
});
