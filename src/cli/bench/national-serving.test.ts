/**
 * The national benches' sizes are a value passed along (ADR 078): a fill writes the sizes it is
 * given, the roster's NPIs and SSNs are those of the keys it is given, and nothing reassigns
 * the sizes a label prints.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#test/app';
import type { Database } from '#server/db/client';
import { rowsOf } from '#server/db/rows';
import { benchNpi, benchSsn, fillKeyed, generatedKeys, NATIONAL_SIZES, nationalRoster } from './national-data';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

describe('national bench sizes', () => {
  it('a small fill writes the sizes it is given, leaves NATIONAL_SIZES alone, and the roster carries its keys', async () => {
    const defaults = { ...NATIONAL_SIZES };
    const sizes = { nppes: 300, dmf: 500, scale: 1 };
    const keys = generatedKeys(sizes);
    await fillKeyed(database.db, () => undefined, sizes);
    expect(NATIONAL_SIZES).toEqual(defaults);
    const counts = await rowsOf<{ source: string; n: number; records: number }>(
      database.db,
      sql`SELECT v.source, count(*)::int AS n, v.records FROM list_records r JOIN list_versions v ON v.id = r.version_id GROUP BY v.source, v.records ORDER BY v.source`,
    );
    expect(counts).toEqual([
      { source: 'dmf', n: 500, records: 500 },
      { source: 'nppes', n: 300, records: 300 },
    ]);
    // Every NPI and SSN of the roster that the keys draw is in the fill.
    const roster = nationalRoster(400, keys);
    const stored = async (source: string, ids: string[]) =>
      (await rowsOf<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM list_records r JOIN list_versions v ON v.id = r.version_id WHERE v.source = ${source} AND r.record_id = ANY(${`{${ids.join(',')}}`}::text[])`))[0].n;
    const drawn = roster.flatMap((r, i) => (i % 10 < 8 ? [r.values.NPI] : []));
    expect(new Set(drawn)).toEqual(new Set(Array.from({ length: 400 }, (_, i) => i).filter((i) => i % 10 < 8).map((i) => benchNpi((i * 7) % sizes.nppes))));
    expect(await stored('nppes', [...new Set(drawn)])).toBe(new Set(drawn).size);
    const ssns = roster.filter((_, i) => i % 50 === 0).map((r) => r.values.SSN);
    expect(ssns).toEqual(Array.from({ length: 8 }, (_, k) => benchSsn((k * 50 * 3) % sizes.dmf)));
    expect(await stored('dmf', ssns)).toBe(ssns.length);
  });
});
