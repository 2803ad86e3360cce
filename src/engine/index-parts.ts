/**
 * The match index in parts by source (ADR 068): each large list its own part, the state lists in a
 * few groups. A list change rebuilds (or loads) only the parts whose versions changed; the others
 * are the same objects in the old and the new index, so a swap holds the index plus the changed
 * parts, never two full copies. Records keep one ordinal space: a part's ordinals follow the parts
 * before it.
 */
import type { SourceId } from '#shared/list-record';
import type { IndexStats, MatchIndex } from './match-index';
import type { HitDetails, RecordView } from './record-view';

/** One part: its name (partNameOf), the version string of the list versions it holds, its index. */
export interface IndexPart {
  name: string;
  index: MatchIndex;
}

/** State lists by the first letter of their state, so a state's new version rebuilds one small group. */
const STATE_GROUPS: readonly [string, string][] = [
  ['a', 'k'],
  ['l', 'n'],
  ['o', 'z'],
];

/** The part a source's records go to: its own for every fixed list, a group for the state lists. */
export function partNameOf(source: string): string {
  const state = /^state-([a-z])/.exec(source);
  if (!state) return source;
  const group = STATE_GROUPS.find(([from, to]) => state[1] >= from && state[1] <= to) ?? STATE_GROUPS[STATE_GROUPS.length - 1];
  return `states-${group[0]}-${group[1]}`;
}

/** An index made of parts, answering as one index would (screen() merges its parts' hits). */
export class PartedIndex {
  readonly parts: readonly IndexPart[];
  /** starts[i]: the ordinal of part i's first record; starts[parts.length] = recordCount. */
  private readonly starts: number[];

  constructor(
    readonly version: string,
    parts: readonly IndexPart[],
  ) {
    if (!parts.length) throw new Error('a parted index needs at least one part');
    this.parts = [...parts];
    this.starts = [0];
    for (const p of this.parts) this.starts.push(this.starts[this.starts.length - 1] + p.index.recordCount);
    Object.freeze(this);
  }

  get recordCount(): number {
    return this.starts[this.starts.length - 1];
  }

  /** Ordinal of part i's first record. */
  startOf(part: number): number {
    return this.starts[part];
  }

  /** The part holding an ordinal and the record's ordinal inside it. */
  locate(ordinal: number): { part: number; local: number } {
    if (!(ordinal >= 0 && ordinal < this.recordCount)) throw new RangeError(`no record ${ordinal} in index ${this.version}`);
    let lo = 0;
    let hi = this.parts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= ordinal) lo = mid;
      else hi = mid - 1;
    }
    return { part: lo, local: ordinal - this.starts[lo] };
  }

  sourceOf(ordinal: number): SourceId {
    const { part, local } = this.locate(ordinal);
    return this.parts[part].index.sourceOf(local);
  }

  recordView(ordinal: number): RecordView {
    const { part, local } = this.locate(ordinal);
    return { ...this.parts[part].index.recordView(local), ordinal };
  }

  hitDetails(ordinal: number): HitDetails | null {
    const { part, local } = this.locate(ordinal);
    return this.parts[part].index.hitDetails(local);
  }

  /** The parts' counts added up (tokens: per part, so a token in two parts counts twice). */
  stats(): IndexStats {
    const out: IndexStats = { version: this.version, records: 0, nameEntries: { person: 0, business: 0 }, tokens: 0, npiKeys: 0, ssnKeys: 0, einKeys: 0, bySource: {} };
    for (const p of this.parts) {
      const s = p.index.stats();
      out.records += s.records;
      out.nameEntries.person += s.nameEntries.person;
      out.nameEntries.business += s.nameEntries.business;
      out.tokens += s.tokens;
      out.npiKeys += s.npiKeys;
      out.ssnKeys += s.ssnKeys;
      out.einKeys += s.einKeys;
      for (const [source, n] of Object.entries(s.bySource)) out.bySource[source] = (out.bySource[source] ?? 0) + n;
    }
    return out;
  }
}

/** What the server screens against: one index, or an index in parts. */
export type SearchIndex = MatchIndex | PartedIndex;
