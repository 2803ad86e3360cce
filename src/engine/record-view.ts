/** The compact copy of a list record the index keeps for hits and explanations. */
import { maskSsn } from '#shared/identifiers';
import type { EntityKind, ListRecord, SourceId } from '#shared/list-record';

/**
 * Keys of ListRecord.extra the engine reads (parsers fill them): NPPES entityType
 * ("1"/"individual" or "2"/"organization"), deactivationDate, reactivationDate,
 * deactivationReasonCode, replacementNpi (ISO dates).
 */
export const EXTRA_KEYS = ['entityType', 'deactivationDate', 'reactivationDate', 'deactivationReasonCode', 'replacementNpi'] as const;

/** What a hit shows of its list record; fetch the full record by (source, sourceRecordId). */
export interface RecordView {
  /** Position of the record in the iterable the index was built from. */
  ordinal: number;
  source: SourceId;
  sourceRecordId: string;
  kind: EntityKind;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  suffix: string | null;
  businessName: string | null;
  akas: string[];
  dbas: string[];
  dateOfBirth: string | null;
  dateOfDeath: string | null;
  npi: string | null;
  /** Masked (last four digits); full SSNs never leave the index. */
  ssn: string | null;
  ein: string | null;
  state: string | null;
  city: string | null;
  postalCode: string | null;
  exclusionType: string | null;
  exclusionDate: string | null;
  reinstatementDate: string | null;
  extra: Record<string, string>;
}

const FS = '\u001f';
const RS = '\u001e';
// Separators cannot appear inside values; control characters mean nothing in a name anyway.
const clean = (s: string | null | undefined): string => (s == null ? '' : String(s).slice(0, 500).replace(/[\u0000-\u001f]/g, ' '));

/** Encodes the fields of a record that a hit shows into one string. */
export function encodeRecordView(r: ListRecord): string {
  const extra = EXTRA_KEYS.filter((k) => r.extra?.[k]).map((k) => `${k}=${clean(r.extra[k])}`);
  const scalars = (...values: (string | null | undefined)[]): string[] => values.map(clean);
  return [
    ...scalars(r.sourceRecordId, r.kind, r.firstName, r.middleName, r.lastName, r.suffix, r.businessName),
    (r.akas ?? []).map(clean).join(RS),
    (r.dbas ?? []).map(clean).join(RS),
    ...scalars(r.dateOfBirth, r.dateOfDeath, r.npi, r.ssn ? maskSsn(r.ssn) : null, r.ein, r.state, r.city, r.postalCode),
    ...scalars(r.exclusionType, r.exclusionDate, r.reinstatementDate),
    extra.join(RS),
  ].join(FS);
}

/** The first two fields of a view string (its source record id and kind), for `keyRecordView`. */
export const KEY_FIELDS = { stop: FS.charCodeAt(0), n: 2 } as const;

/**
 * A RecordView carrying only a record's key (ordinal, source, source record id) and kind, decoded from the
 * view string's first two fields; every other field empty. A batch's near misses get it (ADR 075, round 2):
 * the batch counts them by score and recognises them by source and id, and reads nothing else.
 */
export function keyRecordView(head: string, ordinal: number, source: SourceId): RecordView {
  const cut = head.indexOf(FS);
  const kind = cut < 0 ? '' : head.slice(cut + 1);
  return {
    ordinal, source, sourceRecordId: cut < 0 ? head : head.slice(0, cut), kind: kind === 'business' ? 'business' : 'person',
    firstName: null, middleName: null, lastName: null, suffix: null, businessName: null, akas: [], dbas: [],
    dateOfBirth: null, dateOfDeath: null, npi: null, ssn: null, ein: null, state: null, city: null, postalCode: null,
    exclusionType: null, exclusionDate: null, reinstatementDate: null, extra: {},
  };
}

/** Decodes a view string back into a RecordView. */
export function decodeRecordView(s: string, ordinal: number, source: SourceId): RecordView {
  const f = s.split(FS);
  const v = (i: number): string | null => (f[i] ? f[i] : null);
  const list = (i: number): string[] => (f[i] ? f[i].split(RS) : []);
  const extra: Record<string, string> = {};
  for (const kv of list(20)) {
    const eq = kv.indexOf('=');
    if (eq > 0) extra[kv.slice(0, eq)] = kv.slice(eq + 1);
  }
  return {
    ordinal, source, sourceRecordId: f[0] ?? '', kind: f[1] === 'business' ? 'business' : 'person',
    firstName: v(2), middleName: v(3), lastName: v(4), suffix: v(5), businessName: v(6), akas: list(7), dbas: list(8),
    dateOfBirth: v(9), dateOfDeath: v(10), npi: v(11), ssn: v(12), ein: v(13), state: v(14), city: v(15), postalCode: v(16),
    exclusionType: v(17), exclusionDate: v(18), reinstatementDate: v(19), extra,
  };
}

/**
 * The fields of its full record a search hit shows beyond the view (ADR 057): the index keeps
 * them so answering a search needs no read of the records.
 */
export interface HitDetails {
  address: string | null;
  specialty: string | null;
  exclusionTerm: string | null;
  link: string | null;
}

const isShownExactly = (s: unknown): boolean => s === null || (typeof s === 'string' && s !== '' && clean(s) === s);
const isListShownExactly = (l: unknown): boolean => Array.isArray(l) && l.every((s) => typeof s === 'string' && s !== '' && clean(s) === s);

/**
 * True when the view decodes to exactly the record's own values of every field a search hit
 * shows (names, aliases, dates, NPI, place, exclusion): no control character, no value cut,
 * no empty string (the view reads it back as null).
 */
export function viewShowsRecord(r: ListRecord): boolean {
  if (r.kind !== 'person' && r.kind !== 'business') return false;
  const scalars = [r.firstName, r.middleName, r.lastName, r.suffix, r.businessName, r.dateOfBirth, r.npi, r.state, r.city, r.postalCode, r.exclusionType, r.exclusionDate, r.reinstatementDate];
  return scalars.every(isShownExactly) && isListShownExactly(r.akas) && isListShownExactly(r.dbas);
}

/** Read the full record instead (its view does not show it exactly). */
const READ_RECORD = 'R';
/** Marks a value kept in place rather than in the index's dictionary of shared values. */
const INLINE = '~';
const CONTROL = /[\u0000-\u001f]/;

/** A link cut into what many records share (up to its last "/", "=" or "?") and the record's own rest. */
function splitLink(link: string): [string, string] {
  const cut = Math.max(link.lastIndexOf('/'), link.lastIndexOf('='), link.lastIndexOf('?')) + 1;
  return [link.slice(0, cut), link.slice(cut)];
}

/**
 * A record's hit details as one string: "" when all are empty, "R" when the record must be
 * read, else address, specialty, term and link apart. Specialties, terms and the shared start
 * of links repeat across records, so they are kept once in a dictionary (`wordId` files a
 * value and answers its id, or null when the dictionary is full: the value is kept in place).
 */
export function encodeHitDetails(r: ListRecord, wordId: (value: string) => number | null): string {
  if (!viewShowsRecord(r)) return READ_RECORD;
  const address = r.address ?? null;
  const specialty = r.specialty ?? null;
  const term = r.exclusionTerm ?? null;
  const link = r.link ?? null;
  const values = [address, specialty, term, link];
  if (values.every((v) => v === null)) return '';
  // An empty value reads back as null and a control character would break the separators: such records are read.
  if (!values.every((v) => v === null || (typeof v === 'string' && v !== '' && !CONTROL.test(v)))) return READ_RECORD;
  const word = (v: string | null): string => {
    if (v === null) return '';
    const id = wordId(v);
    return id === null ? INLINE + v : String(id);
  };
  const [shared, own] = link === null ? ['', ''] : splitLink(link);
  return [address ?? '', word(specialty), word(term), link === null ? '' : word(shared) + RS + own].join(FS);
}

const NO_DETAILS: HitDetails = Object.freeze({ address: null, specialty: null, exclusionTerm: null, link: null });

/** The details back (`words` is the index's dictionary), or null when the full record must be read. */
export function decodeHitDetails(s: string, words: readonly string[]): HitDetails | null {
  if (s === READ_RECORD) return null;
  if (s === '') return NO_DETAILS;
  const [address, specialty, term, link] = s.split(FS);
  const word = (v: string): string => (v.startsWith(INLINE) ? v.slice(1) : words[Number(v)]);
  const at = link.indexOf(RS);
  return {
    address: address === '' ? null : address,
    specialty: specialty === '' ? null : word(specialty),
    exclusionTerm: term === '' ? null : word(term),
    link: link === '' ? null : word(link.slice(0, at)) + link.slice(at + 1),
  };
}
