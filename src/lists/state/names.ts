import type { EntityKind, ListRecord } from '#shared/list-record';
import { clean, splitValues } from '../core/text';
import type { StateField, StateListConfig } from './config';
import { readFreeName } from './free-name';
import { credentialsOf, isHonorific, isSplitBusiness, isSuffix, stripPunctuation, takeRegisterNumber, tidyAliases } from './name-parts';
import { isNameChanged, tidyPersonName } from './person-name';

type Cells = Partial<Record<StateField, string | null>>;
type NameFields = Pick<ListRecord, 'firstName' | 'middleName' | 'lastName' | 'prefix' | 'suffix' | 'businessName' | 'akas' | 'dbas'>;

export interface StateName {
  kind: EntityKind;
  fields: NameFields;
  /** A business named on a person's row (their employer or practice). */
  employer: string | null;
  /** The person a business's row names as its owner (Mississippi's organization rows). */
  owner?: string;
  /** Credentials taken off a name cell (MD, RN…). */
  credentials?: string[];
  /** Roles, professions and titles taken off the name or given in a title column, as written. */
  titles?: string[];
  /** The name as the list wrote it, when the name fields hold less (credentials, roles taken off). */
  asPublished?: string;
  /** A prison register number written with the name ("#68135-298"). */
  registerNumber?: string | null;
  /** The name fields before the tidy-up: what the record's id is made of, so tidying never changes an id. */
  identity?: Pick<NameFields, 'lastName' | 'firstName' | 'middleName' | 'businessName'> & { kind: EntityKind };
}

const SUFFIX = /^(JR|SR|II|III|IV|V)\.?$/i;

interface CompiledPatterns {
  separator: RegExp;
  business: RegExp;
  aliasMarker: RegExp | null;
  businessKinds: RegExp | null;
}

// Regexes are compiled once per config, not once per row (state lists reach 10^5 rows).
const compiled = new WeakMap<StateListConfig, CompiledPatterns>();

/** The config's patterns, compiled. */
export function patternsOf(config: StateListConfig): CompiledPatterns {
  let patterns = compiled.get(config);
  if (!patterns) {
    const markers = config.aliasMarkers.map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    patterns = {
      separator: new RegExp(config.multiValuePattern),
      business: new RegExp(config.businessPattern, 'i'),
      aliasMarker: markers.length > 0 ? new RegExp(`\\s+(?:${markers.join('|')})\\.?:?\\s+`, 'i') : null,
      businessKinds: config.businessKinds === undefined ? null : new RegExp(config.businessKinds, 'i'),
    };
    compiled.set(config, patterns);
  }
  return patterns;
}

/** Cuts "NAME AKA OTHER" at an alias marker into the name and its aliases. */
export function splitAliases(value: string | null | undefined, marker: RegExp | null): [string | null, string[]] {
  const text = clean(value);
  if (text === null || marker === null) return [text, []];
  const [main, ...aliases] = text.split(marker);
  return [clean(main), aliases.map((a) => clean(a)).filter((a): a is string => a !== null)];
}

/** "SMITH, JOHN A JR" → last SMITH, first JOHN, middle A, suffix JR. */
export function splitLastFirst(name: string): Pick<NameFields, 'lastName' | 'firstName' | 'middleName' | 'suffix'> {
  const comma = name.indexOf(',');
  const last = clean(name.slice(0, comma));
  const words = name.slice(comma + 1).trim().split(/\s+/).filter(Boolean);
  const suffix = words.length > 1 && SUFFIX.test(words[words.length - 1]) ? words.pop() ?? null : null;
  return { lastName: last, firstName: words[0] ?? null, middleName: clean(words.slice(1).join(' ')), suffix: suffix?.replace('.', '') ?? null };
}

/** Reads the name columns of a row as the config describes, a person's name tidied (`person-name.ts`); null when there is no name at all. */
export function readStateName(config: StateListConfig, cells: Cells): StateName | null {
  const read = readNameCells(config, cells);
  if (read === null) return null;
  const { lastName, firstName, middleName, businessName } = read.fields;
  const name: StateName = { ...read, identity: { kind: read.kind, lastName, firstName, middleName, businessName } };
  if (name.kind !== 'person') return name;
  const business = patternsOf(config).business;
  if (config.nameLayout === 'separate' && isSplitBusiness(name.fields, business)) {
    const businessName = [name.fields.lastName, name.fields.firstName, name.fields.middleName].map((p) => (p ? stripPunctuation(p) : null)).filter(Boolean).join(' ');
    return { kind: 'business', fields: { ...name.fields, firstName: null, middleName: null, lastName: null, prefix: null, suffix: null, businessName, dbas: [...name.fields.akas, ...(name.employer ? [name.employer] : [])], akas: [] }, employer: null, identity: name.identity };
  }
  const tidied = tidyPersonName(name.fields, business);
  const titles = [...(name.titles ?? []), ...tidied.titles];
  const credentials = [...new Set([...(name.credentials ?? []), ...tidied.credentials])];
  const akas = [...name.fields.akas, ...tidied.akas].flatMap(tidyAliases);
  const fields = { ...name.fields, ...tidied.fields, akas: akas.filter((a, i) => akas.indexOf(a) === i) };
  const isChanged = isNameChanged(name.fields, tidied.fields) || titles.length > 0 || credentials.length > (name.credentials?.length ?? 0) || Boolean(name.registerNumber);
  return {
    kind: 'person',
    fields,
    employer: name.employer ?? tidied.employer,
    credentials,
    titles,
    asPublished: isChanged || name.credentials?.length ? publishedName(cells) ?? undefined : undefined,
    registerNumber: name.registerNumber ?? tidied.registerNumber,
    identity: name.identity,
  };
}

/** The name as the list wrote it: its one name cell, else the split cells in the list's order. */
function publishedName(cells: Cells): string | null {
  if (cells.name) return clean(cells.name);
  const given = [cells.title && isHonorific(cells.title) ? cells.title : null, cells.first, cells.middle].filter(Boolean).join(' ');
  const last = [cells.last, cells.suffix].filter(Boolean).join(' ');
  const title = cells.title && !isHonorific(cells.title) ? `, ${cells.title}` : '';
  return clean(last && given ? `${last}, ${given}${title}` : `${last}${given}${title}`);
}

/** A title column's value (PA's NAM_TITLE_PROVR): an honorific is the prefix, a suffix the suffix, credentials credentials, anything else a role. */
function titleCell(cells: Cells): { prefix: string | null; suffix: string | null; titles: string[]; credentials: string[] } {
  const title = clean(cells.title);
  const none = { prefix: null, suffix: null, titles: [], credentials: [] };
  if (title === null) return none;
  if (isHonorific(title)) return { ...none, prefix: title.replace(/\.$/, '') };
  if (isSuffix(title)) return { ...none, suffix: title };
  const credentials = credentialsOf(title);
  return credentials ? { ...none, credentials } : { ...none, titles: [title] };
}

/** The name columns of a row as published: a person's or a business's name fields, before the tidy-up. */
function readNameCells(config: StateListConfig, cells: Cells): StateName | null {
  const { separator, business: businessPattern, aliasMarker, businessKinds } = patternsOf(config);
  const aliases = splitValues(cells.aka, separator);
  const title = titleCell(cells);
  const base: NameFields = { firstName: null, middleName: null, lastName: null, prefix: cells.prefix ?? title.prefix, suffix: cells.suffix ?? title.suffix, businessName: null, akas: [], dbas: [] };

  if (config.nameLayout === 'single') {
    const [cell, inline] = splitAliases(cells.name, aliasMarker);
    // "BADO, JEFFREY #71927-066": a person's register number, not the digits of a business name.
    const [named, registerNumber] = cell !== null && cell.includes(',') ? takeRegisterNumber(cell) : [cell, null];
    // A row naming only a firm (NJ Treasury's firm_name with an empty name).
    const name = named ?? (config.nameOrder !== 'comma' ? cells.business ?? null : null);
    if (name === null) return null;
    if (named === null) return { kind: 'business', fields: { ...base, businessName: name, dbas: aliases }, employer: null };
    if (config.nameOrder !== 'comma') {
      const free = readFreeName(name, config.nameOrder, businessPattern, config.aliasSeparator ?? null, config.businessWithoutComma);
      if (free === null) return null;
      const { kind, akas, dbas, credentials, titles, ...fields } = free;
      const others = [...inline, ...aliases];
      const business = named === null ? null : cells.business ?? cells.employer ?? null;
      return {
        kind,
        fields: { ...base, ...fields, suffix: base.suffix ?? fields.suffix, akas: kind === 'person' ? [...akas, ...others] : akas, dbas: kind === 'business' ? [...dbas, ...others, ...(business && business !== fields.businessName ? [business] : [])] : dbas },
        employer: kind === 'person' ? business : null,
        credentials,
        titles,
        registerNumber,
      };
    }
    const all = [...inline, ...aliases];
    if (businessPattern.test(name) || !name.includes(',')) {
      return { kind: 'business', fields: { ...base, businessName: name, dbas: all }, employer: null };
    }
    const person = splitLastFirst(name);
    return { kind: 'person', fields: { ...base, ...person, suffix: base.suffix ?? person.suffix, akas: all }, employer: null, registerNumber };
  }

  const [lastWithSuffix, lastAliases] = splitAliases(cells.last, aliasMarker);
  // "Fremin, Jr." in a last-name column: the suffix comes off.
  const suffixInLast = lastWithSuffix?.match(/^(.*?)[\s,]+(JR|SR|II|III|IV)\.?$/i) ?? null;
  const last = suffixInLast ? suffixInLast[1] : lastWithSuffix;
  if (suffixInLast && base.suffix === null) base.suffix = suffixInLast[2].toUpperCase();
  // "Adebowale a.k.a Ted" in a first-name column (Wyoming): the other first name goes with the last name.
  const [first, otherFirsts] = splitAliases(cells.first ?? null, aliasMarker);
  const firstAliases = otherFirsts.map((other) => [other, last].filter(Boolean).join(' '));
  // A full-name column beside the split ones (West Virginia, PA's ProviderName) is read alone when they are empty: "Smith, John" a person, else a business.
  if (last === null && first === null && !cells.business && cells.name) {
    const free = readFreeName(cells.name, 'last-first', businessPattern, null, true);
    if (free === null) return null;
    const { kind, akas, dbas, credentials, titles, ...fields } = free;
    return { kind, fields: { ...base, ...fields, suffix: base.suffix ?? fields.suffix, akas: [...akas, ...(kind === 'person' ? aliases : [])], dbas: [...dbas, ...(kind === 'business' ? aliases : [])] }, employer: null, credentials, titles };
  }
  const [business, businessAliases] = splitAliases(cells.business ?? null, aliasMarker);
  if (businessKinds !== null && business !== null && businessKinds.test(cells.entityType ?? '')) {
    const owner = [first, cells.middle, last].filter(Boolean).join(' ');
    return { kind: 'business', fields: { ...base, prefix: null, suffix: null, businessName: business, dbas: [...businessAliases, ...aliases] }, employer: null, ...(owner ? { owner } : {}) };
  }
  const isBusiness = (business !== null && last === null && first === null) || (config.businessWhenFirstEmpty && first === null && last !== null);
  if (isBusiness) {
    return { kind: 'business', fields: { ...base, businessName: business ?? last, dbas: [...lastAliases, ...businessAliases, ...aliases] }, employer: null };
  }
  if (last === null && first === null) return null;
  return {
    kind: 'person',
    fields: { ...base, lastName: last, firstName: first, middleName: cells.middle ?? null, akas: [...lastAliases, ...firstAliases, ...aliases] },
    employer: business ?? cells.employer ?? null,
    titles: title.titles,
    credentials: title.credentials,
  };
}
