/** Builds the immutable match index from list records, one record at a time. */
import { checkNpi } from '#shared/identifiers';
import type { ListRecord } from '#shared/list-record';
import { businessTokens, cutAtSource, splitBusinessAliases } from './business-name';
import { packDate, parseDate } from './dates';
import { Growable, toShared } from './growable';
import { ENTRY_KIND, GROUP, ROLE, type IndexData } from './index-data';
import { jurisdictionOf, LIST_STATE, normalizeCity, normalizeState, packPostalCode, packState } from './location';
import { MatchIndex } from './match-index';
import { parsePersonName, personNameFromFields, type PersonName } from './person-name';
import { encodeHitDetails, encodeRecordView } from './record-view';
import { encodeLicenses } from './record-licenses';
import { recordProfessionKey, recordProfessions } from './record-professions';
import { buildPhoneticClasses } from './phonetic-classes';
import { StringPoolBuilder } from './string-pool';
import { buildTypoKeys } from './typo-keys';
import { sortedPairs } from './sorted-pairs';

/** Sources whose names are fuzzy-searched by default; the rest are exact-key only (NPPES, opt-out, DMF). */
export const DEFAULT_NAME_SOURCES = (source: string): boolean => source !== 'nppes' && source !== 'optout' && source !== 'dmf';

export interface BuildOptions {
  /** Version label of the index (e.g. the list versions it was built from). */
  version?: string;
  /** Which sources get fuzzy name entries (default: all but NPPES, opt-out and DMF). */
  isNameSource?: (source: string) => boolean;
  /** Put arrays on SharedArrayBuffer so worker threads can share them without copies. */
  shared?: boolean;
}

const MAX_ALTS = 64;
/** Distinct specialties, terms and link starts kept once; past this (free text) they stay with the record. */
const MAX_DETAIL_WORDS = 1 << 16;

/** Accumulates records; `finish()` freezes them into a MatchIndex. */
export class IndexBuilder {
  private readonly tokenIds = new Map<string, number>();
  private readonly tokenList: string[] = [];
  private readonly sourceIds = new Map<string, number>();
  private readonly cityIds = new Map<string, number>();
  private readonly cityPool = new StringPoolBuilder();
  private readonly views = new StringPoolBuilder();
  private readonly details = new StringPoolBuilder();
  private readonly detailWordIds = new Map<string, number>();
  private readonly detailWords = new StringPoolBuilder();
  private readonly licenseIds = new Map<string, number>();
  private readonly professionMasks = new Map<string, number>();
  private readonly licensePool = new StringPoolBuilder();
  private readonly rec = { source: new Growable(Uint8Array), dob: new Growable(Int32Array), state: new Growable(Uint16Array), postal: new Growable(Int32Array), city: new Growable(Int32Array), npi: new Growable(Float64Array), license: new Growable(Int32Array), profession: new Growable(Uint16Array) };
  private readonly ent = { record: new Growable(Int32Array), kind: new Growable(Uint8Array), alt: new Growable(Uint8Array), start: new Growable(Int32Array), tokens: new Growable(Int32Array), roles: new Growable(Uint8Array) };
  private readonly entGroup = new Growable(Uint8Array);
  private readonly npiPairs = { keys: new Growable(Float64Array), records: new Growable(Int32Array) };
  private readonly ssnPairs = { keys: new Growable(Float64Array), records: new Growable(Int32Array) };
  private readonly einPairs = { keys: new Growable(Float64Array), records: new Growable(Int32Array) };
  private readonly isNameSource: (source: string) => boolean;

  constructor(private readonly options: BuildOptions = {}) {
    this.isNameSource = options.isNameSource ?? DEFAULT_NAME_SOURCES;
    this.ent.start.push(0);
  }

  get recordCount(): number {
    return this.rec.source.length;
  }

  /** Adds one list record. */
  add(r: ListRecord): void {
    const id = this.rec.source.length;
    let src = this.sourceIds.get(r.source);
    if (src === undefined) {
      src = this.sourceIds.size;
      if (src > 255) throw new Error('too many sources for one index');
      this.sourceIds.set(r.source, src);
    }
    this.rec.source.push(src);
    this.rec.dob.push(packDate(parseDate(r.dateOfBirth)));
    const own = packState(normalizeState(r.state));
    const listOwn = own ? 0 : packState(jurisdictionOf(r.source));
    this.rec.state.push(own || (listOwn ? listOwn | LIST_STATE : 0));
    this.rec.postal.push(packPostalCode(r.postalCode));
    this.rec.city.push(this.cityId(r.city));
    const npi = r.npi && checkNpi(r.npi).ok ? Number(r.npi.replace(/\D/g, '')) : 0;
    this.rec.npi.push(npi);
    this.rec.license.push(this.licenseId(r.licenseNumbers));
    this.rec.profession.push(this.professions(r));
    this.views.add(encodeRecordView(r));
    this.details.add(encodeHitDetails(r, (w) => this.detailWordId(w)));
    // An NPI failing the check digit is kept as published (issue 50): a query carrying the same ten
    // digits finds the record by it. Only a valid one is compared for a conflict (`rec.npi`).
    const published = npi || publishedNpi(r.npi);
    if (published) this.pair(this.npiPairs, published, id);
    const ssn = String(r.ssn ?? '').replace(/\D/g, '');
    if (ssn.length === 9) this.pair(this.ssnPairs, Number(ssn), id);
    const ein = String(r.ein ?? '').replace(/\D/g, '');
    if (ein.length === 9) this.pair(this.einPairs, Number(ein), id);
    if (this.isNameSource(r.source)) this.addNames(r, id);
  }

  /** Id of a repeated hit detail (specialty, term, start of a link); null once the dictionary is full. */
  private detailWordId(w: string): number | null {
    let id = this.detailWordIds.get(w);
    if (id === undefined) {
      if (this.detailWordIds.size >= MAX_DETAIL_WORDS) return null;
      id = this.detailWords.add(w);
      this.detailWordIds.set(w, id);
    }
    return id;
  }

  private addNames(r: ListRecord, id: number): void {
    const hasPersonName = r.firstName || r.lastName;
    let primary: PersonName | null = null;
    if (r.kind === 'person' && hasPersonName) {
      primary = personNameFromFields(r.firstName, r.middleName, r.lastName, r.suffix);
      this.addPerson(primary, id, ENTRY_KIND.name, 0);
    }
    (r.akas ?? []).slice(0, MAX_ALTS).forEach((aka, i) => {
      if (r.kind === 'business') return this.addBusiness(businessTokens(aka), id, ENTRY_KIND.businessAka, i);
      const parsed = parsePersonName(aka);
      // A one-word alias of a person is another surname (maiden or married name).
      if (!parsed.first && parsed.last.length === 1 && primary?.first) this.addPerson({ ...primary, last: parsed.last }, id, ENTRY_KIND.aka, i);
      else this.addPerson(parsed, id, ENTRY_KIND.aka, i);
    });
    if (r.businessName) {
      splitBusinessAliases(r.businessName).forEach((name, i) => this.addBusiness(businessTokens(name, i === 0 && cutAtSource(r.source, r.businessName)), id, i === 0 ? ENTRY_KIND.businessName : ENTRY_KIND.dba, i === 0 ? 0 : 255));
    } else if (r.kind === 'business' && hasPersonName) {
      this.addBusiness(businessTokens([r.firstName, r.middleName, r.lastName].filter(Boolean).join(' ')), id, ENTRY_KIND.businessName, 0);
    }
    (r.dbas ?? []).slice(0, MAX_ALTS).forEach((dba, i) => this.addBusiness(businessTokens(dba), id, ENTRY_KIND.dba, i));
  }

  private addPerson(name: PersonName, record: number, kind: number, alt: number): void {
    if (!name.first && !name.last.length && !name.middle.length) return;
    if (name.first) this.token(name.first, ROLE.first);
    for (const m of name.middle) this.token(m, ROLE.middle);
    for (const l of name.last) this.token(l, ROLE.last);
    // Compound surnames are also filed glued, so "Garcialopez" finds "Garcia-Lopez".
    if (name.last.length > 1) this.token(name.last.join(''), ROLE.gluedSurname);
    if (name.generation) this.token(name.generation, ROLE.generation);
    this.closeEntry(record, kind, alt, GROUP.person);
  }

  private addBusiness(tokens: string[], record: number, kind: number, alt: number): void {
    if (!tokens.length) return;
    for (const t of tokens) this.token(t, ROLE.business);
    this.closeEntry(record, kind, alt, GROUP.business);
  }

  private token(t: string, role: number): void {
    let id = this.tokenIds.get(t);
    if (id === undefined) {
      id = this.tokenList.length;
      this.tokenIds.set(t, id);
      this.tokenList.push(t);
    }
    this.ent.tokens.push(id);
    this.ent.roles.push(role);
  }

  private closeEntry(record: number, kind: number, alt: number, group: number): void {
    this.ent.record.push(record);
    this.ent.kind.push(kind);
    this.ent.alt.push(Math.min(alt, 255));
    this.ent.start.push(this.ent.tokens.length);
    this.entGroup.push(group);
  }

  /** The provider-type families of a record (ADR 121), worked out once per distinct text. */
  private professions(r: ListRecord): number {
    const key = recordProfessionKey(r);
    if (key === '') return 0;
    let mask = this.professionMasks.get(key);
    if (mask === undefined) {
      mask = recordProfessions(r);
      if (this.professionMasks.size < MAX_DETAIL_WORDS) this.professionMasks.set(key, mask);
    }
    return mask;
  }

  /** Id (1-based) of a record's licence set in the pool; 0 when it carries no licence number. */
  private licenseId(numbers: readonly string[] | null | undefined): number {
    if (!numbers?.length) return 0;
    const text = encodeLicenses(numbers);
    if (!text) return 0;
    let id = this.licenseIds.get(text);
    if (id === undefined) {
      id = this.licensePool.add(text) + 1;
      this.licenseIds.set(text, id);
    }
    return id;
  }

  private cityId(city: string | null): number {
    const c = normalizeCity(city);
    if (!c) return 0;
    let id = this.cityIds.get(c);
    if (id === undefined) {
      id = this.cityPool.add(c) + 1;
      this.cityIds.set(c, id);
    }
    return id;
  }

  private pair(p: { keys: Growable<Float64ArrayConstructor>; records: Growable<Int32ArrayConstructor> }, key: number, record: number): void {
    p.keys.push(key);
    p.records.push(record);
  }

  /** Freezes everything into the immutable index. */
  finish(): MatchIndex {
    return new MatchIndex(this.finishData(), this.tokenList);
  }

  /** As finish, the arrays only: a worker thread builds them and the serving thread makes the lookups (ADR 072). */
  finishData(): IndexData {
    const shared = this.options.shared ?? false;
    const tokensPool = new StringPoolBuilder();
    for (const t of this.tokenList) tokensPool.add(t);
    const entry = { record: this.ent.record.finish(shared), kind: this.ent.kind.finish(shared), alt: this.ent.alt.finish(shared), start: this.ent.start.finish(shared), tokens: this.ent.tokens.finish(shared), roles: this.ent.roles.finish(shared) };
    const data: IndexData = {
      version: this.options.version ?? 'unversioned',
      sources: [...this.sourceIds.keys()],
      tokens: tokensPool.finish(shared),
      cities: this.cityPool.finish(shared),
      views: this.views.finish(shared),
      details: this.details.finish(shared),
      detailWords: this.detailWords.finish(shared),
      licenses: this.licensePool.finish(shared),
      record: { source: this.rec.source.finish(shared), dob: this.rec.dob.finish(shared), state: this.rec.state.finish(shared), postal: this.rec.postal.finish(shared), city: this.rec.city.finish(shared), npi: this.rec.npi.finish(shared), license: this.rec.license.finish(shared), profession: this.rec.profession.finish(shared) },
      entry,
      postings: [GROUP.person, GROUP.business].map((g) => buildPostings(entry, this.entGroup.finish(), g, this.tokenList.length, shared)),
      typo: buildTypoKeys(this.tokenList),
      phonetic: buildPhoneticClasses(this.tokenList, shared),
      npi: sortedPairs(this.npiPairs.keys.finish(), this.npiPairs.records.finish(), Float64Array),
      ssn: sortedPairs(this.ssnPairs.keys.finish(), this.ssnPairs.records.finish(), Uint32Array),
      ein: sortedPairs(this.einPairs.keys.finish(), this.einPairs.records.finish(), Uint32Array),
    };
    if (shared) {
      // Arrays built outside Growable are moved too, so the worker pool never copies the index.
      data.typo = { ...data.typo, hashes: toShared(data.typo.hashes), tokens: toShared(data.typo.tokens) };
      for (const key of ['npi', 'ssn', 'ein'] as const) data[key] = { keys: toShared(data[key].keys), records: toShared(data[key].records) } as never;
    }
    return data;
  }
}

/** Inverted lists (CSR layout) of one entry group; the generation suffix is not searchable. */
function buildPostings(entry: IndexData['entry'], groups: Uint8Array, group: number, tokenCount: number, shared: boolean): { start: Int32Array; entries: Int32Array } {
  const counts = new Int32Array(tokenCount + 1);
  const n = entry.record.length;
  const each = (fn: (token: number, e: number) => void): void => {
    for (let e = 0; e < n; e++) {
      if (groups[e] !== group) continue;
      const s = entry.start[e];
      const end = entry.start[e + 1];
      for (let k = s; k < end; k++) {
        if (entry.roles[k] === ROLE.generation) continue;
        let dup = false;
        for (let j = s; j < k; j++) if (entry.tokens[j] === entry.tokens[k]) dup = true;
        if (!dup) fn(entry.tokens[k], e);
      }
    }
  };
  each((t) => counts[t + 1]++);
  for (let t = 0; t < tokenCount; t++) counts[t + 1] += counts[t];
  const mk = (len: number): Int32Array => new Int32Array(shared ? new SharedArrayBuffer(len * 4) : new ArrayBuffer(len * 4));
  const start = mk(tokenCount + 1);
  start.set(counts);
  const entries = mk(counts[tokenCount]);
  const fill = counts.slice(0, tokenCount);
  each((t, e) => {
    entries[fill[t]++] = e;
  });
  return { start, entries };
}

/** Builds an index from records (an array or any iterable, e.g. a generator over parsed files). */
export function buildIndex(records: Iterable<ListRecord>, options: BuildOptions = {}): MatchIndex {
  const builder = new IndexBuilder(options);
  for (const r of records) builder.add(r);
  return builder.finish();
}

/** Ten digits of an NPI as a list published it (0 when it is not ten digits). */
function publishedNpi(npi: string | null | undefined): number {
  const digits = String(npi ?? '').replace(/[\s\-.\u00a0]/g, '');
  return /^\d{10}$/.test(digits) ? Number(digits) : 0;
}
