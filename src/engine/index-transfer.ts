/**
 * Moving an index to worker threads: every array is put on shared memory once, so
 * structured cloning the result shares (not copies) the bulk of the index.
 */
import { toShared } from './growable';
import type { IndexData } from './index-data';
import { MatchIndex } from './match-index';
import { StringPool } from './string-pool';

type Pool = { bytes: Uint8Array; offsets: Float64Array };

/** Plain-data form of an index: typed arrays on SharedArrayBuffers and small metadata. */
export interface TransferableIndex {
  version: string;
  sources: string[];
  tokens: Pool;
  cities: Pool;
  views: Pool;
  details: Pool;
  detailWords: Pool;
  licenses: Pool;
  record: IndexData['record'];
  entry: IndexData['entry'];
  postings: IndexData['postings'];
  typo: IndexData['typo'];
  phonetic: { keys: Pool; start: Int32Array; tokens: Int32Array };
  npi: IndexData['npi'];
  ssn: IndexData['ssn'];
  ein: IndexData['ein'];
}

function mapArrays<T extends object>(o: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) out[k] = ArrayBuffer.isView(v) ? toShared(v as Int32Array) : v;
  return out as T;
}

const pool = (p: StringPool): Pool => ({ bytes: toShared(p.bytes), offsets: toShared(p.offsets) });

/** Converts an index to its shareable form (arrays are copied to shared memory once). */
export function toTransferable(index: MatchIndex): TransferableIndex {
  return dataToTransferable(index.data);
}

/** As toTransferable, from the arrays alone (a thread that built or read them, ADR 072). */
export function dataToTransferable(d: IndexData): TransferableIndex {
  return {
    version: d.version,
    sources: [...d.sources],
    tokens: pool(d.tokens),
    cities: pool(d.cities),
    views: pool(d.views),
    details: pool(d.details),
    detailWords: pool(d.detailWords),
    licenses: pool(d.licenses),
    record: mapArrays(d.record),
    entry: mapArrays(d.entry),
    postings: d.postings.map(mapArrays),
    typo: mapArrays(d.typo),
    phonetic: { keys: pool(d.phonetic.keys), start: toShared(d.phonetic.start), tokens: toShared(d.phonetic.tokens) },
    npi: mapArrays(d.npi),
    ssn: mapArrays(d.ssn),
    ein: mapArrays(d.ein),
  };
}

/** Revives an index from its shareable form (rebuilds only the token lookup maps). */
export function fromTransferable(t: TransferableIndex): MatchIndex {
  return new MatchIndex(transferableToData(t));
}

/** The index's arrays from its shareable form, without the lookup maps (made by MatchIndex). */
export function transferableToData(t: TransferableIndex): IndexData {
  return {
    ...t,
    tokens: new StringPool(t.tokens.bytes, t.tokens.offsets),
    cities: new StringPool(t.cities.bytes, t.cities.offsets),
    views: new StringPool(t.views.bytes, t.views.offsets),
    details: new StringPool(t.details.bytes, t.details.offsets),
    detailWords: new StringPool(t.detailWords.bytes, t.detailWords.offsets),
    licenses: new StringPool(t.licenses.bytes, t.licenses.offsets),
    phonetic: { ...t.phonetic, keys: new StringPool(t.phonetic.keys.bytes, t.phonetic.keys.offsets) },
  };
}

