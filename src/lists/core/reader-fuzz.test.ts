/**
 * Every list file reader, fuzzed (issue 53 §2, ADR 112): seeded mutations of small valid files
 * are read to the end or refused with a message, never a hang or a crash. Long runs:
 * `npx tsx scripts/fuzz-readers.ts`.
 */
import { describe, expect, it } from 'vitest';
import { fuzzedReaders, fuzzReader } from '#test/reader-fuzz';

// Cases per reader, sized so that all of them run in well under a minute on two cores.
const CASES: Record<string, number> = { 'CSV (LEIE)': 300, ZIP: 400, 'XLSX (state-ny)': 300, 'XLSX XML parts (state-ny)': 300, 'XLS/OLE (state-tx)': 200, 'PDF tables (state-az)': 40, 'HTML tables': 400, 'OFAC XML': 300 };

describe('fuzzed list file readers', () => {
  for (const reader of fuzzedReaders()) {
    it(`${reader.name}: every mutated file is read or refused with a message`, async () => {
      const outcome = await fuzzReader(reader, 20261202, CASES[reader.name] ?? 100);
      expect(outcome.failures).toEqual([]);
      expect(outcome.held).toBe(outcome.tried);
      // Not all refused at the door: some mutated files are read to the end (a reader that refuses everything holds vacuously).
      expect(outcome.read).toBeGreaterThan(0);
    }, 30_000);
  }
});
