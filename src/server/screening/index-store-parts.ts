/**
 * The index store's bookkeeping of parts (ADR 068): which part holds which active versions, the
 * parts a refresh keeps, makes or takes from a file, and how many of each it did.
 */
import { partNameOf } from '#engine/index-parts';
import type { MatchIndex } from '#engine/match-index';
import type { WrittenRecordsFile } from '../../engine-runtime/records-file';
import { indexVersionOf, type ActiveVersion } from './index-store-reads';

export type IndexParts = 'one' | 'sources';
/** The name of the only part when the index is not split. */
export const ONE_PART = 'lists';

/** A part of the index in force: its name (partNameOf), the versions it holds and their version string. */
export interface HeldPart {
  name: string;
  version: string;
  versions: ActiveVersion[];
  index: MatchIndex;
  /** Built from the database, loaded from its index file, or built from the records file of the part it replaced and the changes (ADR 086). */
  from: 'database' | 'file' | 'records';
  /** The thread that built or loaded it (0: the main thread). */
  threadId: number;
  /** Its records file, when its build wrote one (ADR 086). */
  recordsFile?: WrittenRecordsFile;
}

/** How many parts the last refresh built, loaded from files, and kept from the index before. */
export interface PartCounts {
  built: number;
  loaded: number;
  reused: number;
  /** Of the built ones, those made from the records file of the part they replaced and the changes (ADR 086). */
  fromRecords?: number;
}

/** The active versions by the part of the index that holds them (ADR 068), parts in name order. */
export function partsOfVersions(active: readonly ActiveVersion[], parts: IndexParts = 'one'): Map<string, ActiveVersion[]> {
  const out = new Map<string, ActiveVersion[]>();
  const nameOf = (source: string): string => (parts === 'sources' ? partNameOf(source) : ONE_PART);
  for (const v of active) out.set(nameOf(v.source), [...(out.get(nameOf(v.source)) ?? []), v]);
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The parts of these active versions: those held with the same versions are kept, the others made
 * by `make` (once per version string: `made` keeps them across a refresh's attempts).
 */
export async function nextParts(
  active: readonly ActiveVersion[],
  parts: IndexParts | undefined,
  held: ReadonlyMap<string, HeldPart>,
  made: Map<string, HeldPart>,
  make: (name: string, versions: ActiveVersion[], held?: HeldPart) => Promise<HeldPart>,
): Promise<{ next: HeldPart[]; counts: PartCounts }> {
  const next: HeldPart[] = [];
  const counts: PartCounts = { built: 0, loaded: 0, reused: 0 };
  for (const [name, versions] of partsOfVersions(active, parts)) {
    const version = indexVersionOf(versions);
    const kept = held.get(name);
    if (kept?.version === version) {
      next.push(kept);
      counts.reused += 1;
      continue;
    }
    let part = made.get(version);
    if (!part) {
      part = await make(name, versions, kept);
      made.set(version, part);
    }
    next.push(part);
    counts[part.from === 'file' ? 'loaded' : 'built'] += 1;
    if (part.from === 'records') counts.fromRecords = (counts.fromRecords ?? 0) + 1;
  }
  return { next, counts };
}
