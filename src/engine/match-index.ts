/** The immutable, versioned match index: typed-array data plus lookup maps rebuilt on load. */
import type { SourceId } from '#shared/list-record';
import { ENTRY_KIND, ROLE, type IndexData } from './index-data';
import type { PersonName } from './person-name';
import { phoneticKey } from './phonetic';
import { classTokens, type TokenIdList } from './phonetic-classes';
import { decodeHitDetails, decodeRecordView, KEY_FIELDS, keyRecordView, type HitDetails, type RecordView } from './record-view';
import { ShardedMap } from './sharded-map';
import { decodeLicenses, type RecordLicenses } from './record-licenses';

export interface IndexStats {
  version: string;
  records: number;
  nameEntries: { person: number; business: number };
  tokens: number;
  npiKeys: number;
  ssnKeys: number;
  einKeys: number;
  bySource: Record<string, number>;
}

/** The lookup maps an index makes from its token pool on each thread (plain objects, not shared memory). */
export interface IndexLookups {
  tokens: string[];
  /** In shards: a Map of a million keys rehashes for 100+ ms in one call (ADR 081). */
  tokenIds: ShardedMap<number>;
  /** A phonetic key's class in the index's `phonetic` (ADR 099). */
  phonetic: ShardedMap<number>;
  detailWords: string[];
}

/**
 * Makes the lookups of an index, stopping (yield) after every `slice` tokens or phonetic keys, so a
 * thread that serves searches can let them run between slices (ADR 072); run to its end in one go
 * otherwise. The phonetic keys come with the index (ADR 099): none is computed here.
 */
export function* makeLookups(data: IndexData, tokens?: string[], slice = Infinity): Generator<void, IndexLookups> {
  const count = tokens?.length ?? data.tokens.count;
  const out: IndexLookups = { tokens: tokens ?? new Array<string>(count), tokenIds: new ShardedMap(), phonetic: new ShardedMap(), detailWords: data.detailWords.toArray() };
  for (let from = 0; from < count; from += slice) {
    if (from > 0) yield;
    const to = Math.min(count, from + slice);
    const some = tokens ? null : data.tokens.range(from, to);
    for (let i = from; i < to; i++) {
      const t = some ? (out.tokens[i] = some[i - from]) : out.tokens[i];
      out.tokenIds.set(t, i);
    }
  }
  const keys = data.phonetic.keys.count;
  for (let from = 0; from < keys; from += slice) {
    yield;
    const to = Math.min(keys, from + slice);
    const some = data.phonetic.keys.range(from, to);
    for (let c = from; c < to; c++) out.phonetic.set(some[c - from], c);
  }
  return out;
}

const NO_TOKENS: TokenIdList = [];

function runToEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Read-only index; build it with buildIndex()/IndexBuilder, or revive it from transferable data. */
export class MatchIndex {
  readonly version: string;
  readonly tokens: readonly string[];
  private readonly tokenIds: ShardedMap<number>;
  private readonly phonetic: ShardedMap<number>;
  private readonly detailWords: readonly string[];
  /** Per-entry scratch for candidate search (queries run one at a time per thread). */
  readonly scratchMask: Uint8Array;
  readonly scratchTouched: Int32Array;

  constructor(
    readonly data: IndexData,
    tokens?: string[],
    /** Lookups made beforehand (makeLookups, in slices); else made here in one go. */
    lookups?: IndexLookups,
  ) {
    this.version = data.version;
    const made = lookups ?? runToEnd(makeLookups(data, tokens));
    this.tokens = made.tokens;
    this.tokenIds = made.tokenIds;
    this.phonetic = made.phonetic;
    this.detailWords = made.detailWords;
    this.scratchMask = new Uint8Array(data.entry.record.length);
    this.scratchTouched = new Int32Array(data.entry.record.length);
    Object.freeze(this);
  }

  /** Id of a normalised token, or -1. */
  tokenId(token: string): number {
    return this.tokenIds.get(token) ?? -1;
  }

  /** Dictionary tokens that share a phonetic key with the token, in ascending id order. */
  phoneticNeighbours(token: string): TokenIdList {
    return this.phoneticNeighboursOfKey(phoneticKey(token));
  }

  /** Dictionary tokens filed under a phonetic key (the key computed once for every part, ADR 070). */
  phoneticNeighboursOfKey(key: string): TokenIdList {
    const c = this.phonetic.get(key);
    return c === undefined ? NO_TOKENS : classTokens(this.data.phonetic, c);
  }

  get recordCount(): number {
    return this.data.record.source.length;
  }

  /** Source id of a record. */
  sourceOf(record: number): SourceId {
    return this.data.sources[this.data.record.source[record]] as SourceId;
  }

  /** The compact view of a record, for hits. */
  recordView(record: number): RecordView {
    return decodeRecordView(this.data.views.get(record), record, this.sourceOf(record));
  }

  /** A record's key and kind only (`keyRecordView`): the view string's first two fields decoded, not the rest. */
  recordKey(record: number): RecordView {
    return keyRecordView(this.data.views.head(record, KEY_FIELDS.stop, KEY_FIELDS.n), record, this.sourceOf(record));
  }

  /** What a search hit shows of a record beyond its view; null when the full record must be read. */
  hitDetails(record: number): HitDetails | null {
    return decodeHitDetails(this.data.details.get(record), this.detailWords);
  }

  /** Normalised city of a record, or "". */
  cityOf(record: number): string {
    const id = this.data.record.city[record];
    return id ? this.data.cities.get(id - 1) : '';
  }

  /** A record's licence numbers (keys and as published), or null when it carries none. */
  licensesOf(record: number): RecordLicenses | null {
    const id = this.data.record.license[record];
    return id ? decodeLicenses(this.data.licenses.get(id - 1)) : null;
  }

  /** The person name stored for an entry. */
  personName(entry: number): PersonName {
    const { start, tokens, roles } = this.data.entry;
    const name: PersonName = { first: '', middle: [], last: [], generation: null };
    for (let k = start[entry]; k < start[entry + 1]; k++) {
      const t = this.tokens[tokens[k]];
      const role = roles[k];
      if (role === ROLE.first) name.first = t;
      else if (role === ROLE.middle) name.middle.push(t);
      else if (role === ROLE.last) name.last.push(t);
      else if (role === ROLE.generation) name.generation = t;
    }
    return name;
  }

  /** The business tokens stored for an entry. */
  businessTokens(entry: number): string[] {
    const { start, tokens } = this.data.entry;
    const out: string[] = [];
    for (let k = start[entry]; k < start[entry + 1]; k++) out.push(this.tokens[tokens[k]]);
    return out;
  }

  /** Which list field an entry's name came from ("name", "akas[1]", "businessName", "dbas[0]"). */
  listField(entry: number): string {
    const kind = this.data.entry.kind[entry];
    const alt = this.data.entry.alt[entry];
    if (kind === ENTRY_KIND.name) return 'name';
    if (kind === ENTRY_KIND.aka || kind === ENTRY_KIND.businessAka) return `akas[${alt}]`;
    if (kind === ENTRY_KIND.businessName) return 'businessName';
    return alt === 255 ? 'businessName (DBA part)' : `dbas[${alt}]`;
  }

  /** Counts for health checks and reports. */
  stats(): IndexStats {
    const bySource: Record<string, number> = {};
    const counts = new Array<number>(this.data.sources.length).fill(0);
    for (const s of this.data.record.source) counts[s]++;
    this.data.sources.forEach((s, i) => (bySource[s] = counts[i]));
    let person = 0;
    for (const k of this.data.entry.kind) if (k === ENTRY_KIND.name || k === ENTRY_KIND.aka) person++;
    return {
      version: this.version,
      records: this.recordCount,
      nameEntries: { person, business: this.data.entry.kind.length - person },
      tokens: this.tokens.length,
      npiKeys: this.data.npi.keys.length,
      ssnKeys: this.data.ssn.keys.length,
      einKeys: this.data.ein.keys.length,
      bySource,
    };
  }
}
