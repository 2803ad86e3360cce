/**
 * NPPES and the Death Master File served from the database by key (ADR 060): their records are
 * not in the match index; a chunk or a search reads the records of its NPIs and SSNs from
 * list_records (`findVersionRecords`: one probe of the chain index per key, the keys sent as one text array, ADR 066, 107: record ids are the NPI and the SSN), one
 * query per kind of key, and screens them in a small keyed index next to the main one.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ListRecord } from '#shared/list-record';
import { buildIndex } from '#engine/index-builder';
import type { KeyedSource } from '#engine/keyed';
import type { MatchIndex } from '#engine/match-index';
import type { ScreenQuery } from '#engine/query-types';
import { nppesFactsOfRecord, wantsNppesFacts, withNppesFacts, type NppesFacts } from '#engine/nppes-facts';
import type { Db } from '../db/client';
import { findVersionRecords, versionRecordsSql } from '../db/list-records';
import { rowsOf } from '../db/rows';
import { listVersions } from '../db/schema';
import { indexVersionOf, type ActiveVersion } from './index-store';
import type { Screener } from './row-screening';
import { keysOfQueries, mergeKeyedAnswers } from './keyed-answers';

/** The active version of each keyed source (null: not loaded). */
export interface KeyedVersions {
  nppes: number | null;
  dmf: number | null;
}

/** Keys per query: a chunk's keys go in one query; a bigger ask (a bulk request) in a few. */
const MAX_KEYS_PER_QUERY = 10_000;

export const NO_KEYED_VERSIONS: KeyedVersions = { nppes: null, dmf: null };

/** The active NPPES and DMF versions, read once for a chunk or a search so its lookups agree. */
export async function findKeyedVersions(db: Db): Promise<KeyedVersions> {
  const rows = await db
    .select({ id: listVersions.id, source: listVersions.source })
    .from(listVersions)
    .where(and(eq(listVersions.status, 'active'), inArray(listVersions.source, ['nppes', 'dmf'])));
  return { nppes: rows.find((r) => r.source === 'nppes')?.id ?? null, dmf: rows.find((r) => r.source === 'dmf')?.id ?? null };
}

/** The version string of what a screening used: the index's sources and the keyed ones ("dmf:3,leie:1,nppes:7"). */
export function screeningVersionOf(indexVersion: string, keyed: KeyedVersions): string {
  const active: ActiveVersion[] = [];
  for (const part of indexVersion.split(',')) {
    const [source, id] = part.split(':');
    if (source && id && Number.isInteger(Number(id))) active.push({ source, id: Number(id) });
  }
  if (keyed.nppes !== null) active.push({ source: 'nppes', id: keyed.nppes });
  if (keyed.dmf !== null) active.push({ source: 'dmf', id: keyed.dmf });
  return indexVersionOf(active);
}

/**
 * The keyed records of one chunk or search: fetched once per key (repeated asks are answered
 * from what was read), held with the versions they were read from.
 */
export class KeyedLookup {
  private readonly records = new Map<string, ListRecord>();
  private readonly asked = { nppes: new Set<string>(), dmf: new Set<string>() };
  private built: MatchIndex | null = null;
  /** Queries sent to the database (for tests: one per kind of key per chunk). */
  queries = 0;
  /** Screen queries searched in the keyed index (for tests). */
  screened = 0;

  constructor(
    private readonly db: Db,
    readonly versions: KeyedVersions,
  ) {}

  get dmfLoaded(): boolean {
    return this.versions.dmf !== null;
  }

  /** Reads the records of the keys not read yet: one query per source. */
  async fetch(keys: { npis?: Iterable<string>; ssns?: Iterable<string> }): Promise<void> {
    await Promise.all([this.read('nppes', keys.npis ?? []), this.read('dmf', keys.ssns ?? [])]);
  }

  /** Reads the keys the queries carry (their NPIs, and their SSNs when the DMF may answer them). */
  async fetchFor(queries: readonly ScreenQuery[], sources?: readonly string[]): Promise<void> {
    await this.fetch(keysOfQueries(queries, sources));
  }

  private async read(source: KeyedSource, keys: Iterable<string>): Promise<void> {
    const versionId = this.versions[source];
    if (versionId === null) return;
    const asked = this.asked[source];
    const wanted = [...new Set(keys)].filter((k) => !asked.has(k));
    if (!wanted.length) return;
    for (const k of wanted) asked.add(k);
    // One query for a chunk's keys (slices keep the parameter count bounded for very large asks).
    for (let i = 0; i < wanted.length; i += MAX_KEYS_PER_QUERY) {
      this.queries += 1;
      const rows = await findVersionRecords(this.db, versionId, wanted.slice(i, i + MAX_KEYS_PER_QUERY));
      for (const r of rows) this.records.set(`${source}|${r.recordId}`, r.data as ListRecord);
      if (rows.length) this.built = null;
    }
  }

  /** The full record read for a keyed hit (undefined when not read). */
  fullRecord(source: string, recordId: string): ListRecord | undefined {
    return this.records.get(`${source}|${recordId}`);
  }

  /** The NPPES facts of an NPI read so far (null when NPPES holds none), ADR 120. */
  nppesFacts(npi: string): NppesFacts | null {
    const r = this.records.get(`nppes|${npi}`);
    return r ? nppesFactsOfRecord(r) : null;
  }

  /** The queries with the NPPES facts of their NPIs attached (read them first: `fetchFor`). */
  withNppesFacts(queries: readonly ScreenQuery[]): ScreenQuery[] {
    return this.versions.nppes === null ? [...queries] : withNppesFacts(queries, (npi) => this.nppesFacts(npi));
  }

  /** The version name of the keyed index of these versions ("keyed:7:3"). */
  get indexVersion(): string {
    return `keyed:${this.versions.nppes ?? '-'}:${this.versions.dmf ?? '-'}`;
  }

  /** The keyed index of every record read so far (rebuilt when more were read; small). */
  get index(): MatchIndex {
    this.built ??= buildIndex(this.records.values(), { version: this.indexVersion });
    return this.built;
  }

  get recordCount(): number {
    return this.records.size;
  }
}

/**
 * A screener answering as if NPPES and the DMF were in the index (but for the NPPES check of a
 * name search asked only other lists, which row screening never reads): the queries' keys are read
 * (once per chunk, see KeyedLookup) while `base` screens the main index, then the keyed hits
 * and NPPES checks are merged in.
 */
export function keyedScreener(lookup: KeyedLookup, base: Screener): Screener {
  return async (queries, options) => {
    // Name queries with NPIs wait for their NPPES records: they are evidence against each list record (ADR 120).
    const withFacts = lookup.versions.nppes !== null && queries.some(wantsNppesFacts);
    const [main] = withFacts
      ? [await lookup.fetchFor(queries, options.sources).then(() => base(lookup.withNppesFacts(queries), options))]
      : await Promise.all([base(queries, options), lookup.fetchFor(queries, options.sources)]);
    // Nothing read: the main index's answers are already the whole answer (no NPPES record, no DMF record).
    if (lookup.recordCount === 0) return main;
    const merged = mergeKeyedAnswers(() => lookup.index, queries, main, options);
    lookup.screened += merged.screened;
    return merged.results;
  };
}

/**
 * The stored records (their JSON text, never parsed here) of the NPIs and SSNs given, one query
 * per source: a chunk's screening thread parses and screens them (ADR 084).
 */
export async function readKeyedTexts(db: Db, versions: KeyedVersions, keys: { npis: Iterable<string>; ssns: Iterable<string> }): Promise<{ nppes: Map<string, string>; dmf: Map<string, string>; queries: number }> {
  const out = { nppes: new Map<string, string>(), dmf: new Map<string, string>(), queries: 0 };
  const read = async (source: KeyedSource, wanted: string[]) => {
    const versionId = versions[source];
    if (versionId === null) return;
    for (let i = 0; i < wanted.length; i += MAX_KEYS_PER_QUERY) {
      out.queries += 1;
      const rows = await rowsOf<{ record_id: string; data: string }>(db, sql`SELECT s.record_id, s.data::text AS data FROM (${versionRecordsSql(versionId, wanted.slice(i, i + MAX_KEYS_PER_QUERY))}) s`);
      for (const r of rows) out[source].set(r.record_id, r.data);
    }
  };
  await Promise.all([read('nppes', [...new Set(keys.npis)]), read('dmf', [...new Set(keys.ssns)])]);
  return out;
}
