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
  return [
    clean(r.sourceRecordId), clean(r.kind), clean(r.firstName), clean(r.middleName), clean(r.lastName), clean(r.suffix), clean(r.businessName),
    (r.akas ?? []).map(clean).join(RS),
    (r.dbas ?? []).map(clean).join(RS),
    clean(r.dateOfBirth), clean(r.dateOfDeath), clean(r.npi), clean(r.ssn ? maskSsn(r.ssn) : null), clean(r.ein), clean(r.state), clean(r.city), clean(r.postalCode),
    clean(r.exclusionType), clean(r.exclusionDate), clean(r.reinstatementDate),
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

// Module functions, not closures in decodeRecordView: tsx's keepNames would name two closures per record decoded.
const fieldOf = (f: string[], i: number): string | null => (f[i] ? f[i] : null);
const listOf = (f: string[], i: number): string[] => (f[i] ? f[i].split(RS) : []);

/** Decodes a view string back into a RecordView. */
export function decodeRecordView(s: string, ordinal: number, source: SourceId): RecordView {
  const f = s.split(FS);
  const extra: Record<string, string> = {};
  if (f[20]) {
    for (const kv of f[20].split(RS)) {
      const eq = kv.indexOf('=');
      if (eq > 0) extra[kv.slice(0, eq)] = kv.slice(eq + 1);
    }
  }
  return {
    ordinal, source, sourceRecordId: f[0] ?? '', kind: f[1] === 'business' ? 'business' : 'person',
    firstName: fieldOf(f, 2), middleName: fieldOf(f, 3), lastName: fieldOf(f, 4), suffix: fieldOf(f, 5), businessName: fieldOf(f, 6), akas: listOf(f, 7), dbas: listOf(f, 8),
    dateOfBirth: fieldOf(f, 9), dateOfDeath: fieldOf(f, 10), npi: fieldOf(f, 11), ssn: fieldOf(f, 12), ein: fieldOf(f, 13), state: fieldOf(f, 14), city: fieldOf(f, 15), postalCode: fieldOf(f, 16),
    exclusionType: fieldOf(f, 17), exclusionDate: fieldOf(f, 18), reinstatementDate: fieldOf(f, 19), extra,
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
  const [shared, own] = link === null ? ['', ''] : splitLink(link);
  return [address ?? '', wordOf(specialty, wordId), wordOf(term, wordId), link === null ? '' : wordOf(shared, wordId) + RS + own].join(FS);
}

/** A value's dictionary id, or the value in place (`encodeHitDetails`). */
function wordOf(v: string | null, wordId: (value: string) => number | null): string {
  if (v === null) return '';
  const id = wordId(v);
  return id === null ? INLINE + v : String(id);
}

const NO_DETAILS: HitDetails = Object.freeze({ address: null, specialty: null, exclusionTerm: null, link: null });

/** The details back (`words` is the index's dictionary), or null when the full record must be read. */
export function decodeHitDetails(s: string, words: readonly string[]): HitDetails | null {
  if (s === READ_RECORD) return null;
  if (s === '') return NO_DETAILS;
  const [address, specialty, term, link] = s.split(FS);
  const at = link.indexOf(RS);
  return {
    address: address === '' ? null : address,
    specialty: specialty === '' ? null : wordBack(specialty, words),
    exclusionTerm: term === '' ? null : wordBack(term, words),
    link: link === '' ? null : wordBack(link.slice(0, at), words) + link.slice(at + 1),
  };
}

const wordBack = (v: string, words: readonly string[]): string => (v.startsWith(INLINE) ? v.slice(1) : words[Number(v)]);
