import type { EntityKind, ListRecord } from '#shared/list-record';
import { clean, splitValues } from '../core/text';
import type { StateField, StateListConfig } from './config';
import { readFreeName } from './free-name';

type Cells = Partial<Record<StateField, string | null>>;
type NameFields = Pick<ListRecord, 'firstName' | 'middleName' | 'lastName' | 'prefix' | 'suffix' | 'businessName' | 'akas' | 'dbas'>;

export interface StateName {
  kind: EntityKind;
  fields: NameFields;
  /** A business named on a person's row (their employer or practice). */
  employer: string | null;
  /** Credentials taken off a name cell (MD, RN…). */
  credentials?: string[];
}

const SUFFIX = /^(JR|SR|II|III|IV|V)\.?$/i;

interface CompiledPatterns {
  separator: RegExp;
  business: RegExp;
  aliasMarker: RegExp | null;
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

/** Reads the name columns of a row as the config describes; null when there is no name at all. */
export function readStateName(config: StateListConfig, cells: Cells): StateName | null {
  const { separator, business: businessPattern, aliasMarker } = patternsOf(config);
  const aliases = splitValues(cells.aka, separator);
  const base: NameFields = { firstName: null, middleName: null, lastName: null, prefix: cells.prefix ?? null, suffix: cells.suffix ?? null, businessName: null, akas: [], dbas: [] };

  if (config.nameLayout === 'single') {
    const [named, inline] = splitAliases(cells.name, aliasMarker);
    // A row naming only a firm (NJ Treasury's firm_name with an empty name).
    const name = named ?? (config.nameOrder !== 'comma' ? cells.business ?? null : null);
    if (name === null) return null;
    if (named === null) return { kind: 'business', fields: { ...base, businessName: name, dbas: aliases }, employer: null };
    if (config.nameOrder !== 'comma') {
      const free = readFreeName(name, config.nameOrder, businessPattern, config.aliasSeparator ?? null, config.businessWithoutComma);
      if (free === null) return null;
      const { kind, akas, dbas, credentials, ...fields } = free;
      const others = [...inline, ...aliases];
      const business = named === null ? null : cells.business ?? cells.employer ?? null;
      return {
        kind,
        fields: { ...base, ...fields, suffix: base.suffix ?? fields.suffix, akas: kind === 'person' ? [...akas, ...others] : akas, dbas: kind === 'business' ? [...dbas, ...others, ...(business && business !== fields.businessName ? [business] : [])] : dbas },
        employer: kind === 'person' ? business : null,
        credentials,
      };
    }
    const all = [...inline, ...aliases];
    if (businessPattern.test(name) || !name.includes(',')) {
      return { kind: 'business', fields: { ...base, businessName: name, dbas: all }, employer: null };
    }
    const person = splitLastFirst(name);
    return { kind: 'person', fields: { ...base, ...person, suffix: base.suffix ?? person.suffix, akas: all }, employer: null };
  }

  const [lastWithSuffix, lastAliases] = splitAliases(cells.last, aliasMarker);
  // "Fremin, Jr." in a last-name column: the suffix comes off.
  const suffixInLast = lastWithSuffix?.match(/^(.*?)[\s,]+(JR|SR|II|III|IV)\.?$/i) ?? null;
  const last = suffixInLast ? suffixInLast[1] : lastWithSuffix;
  if (suffixInLast && base.suffix === null) base.suffix = suffixInLast[2].toUpperCase();
  const first = cells.first ?? null;
  // A full-name column beside the split ones (West Virginia) names a business when they are empty.
  const [business, businessAliases] = splitAliases(cells.business ?? (last === null && first === null ? cells.name : null), aliasMarker);
  const isBusiness = (business !== null && last === null && first === null) || (config.businessWhenFirstEmpty && first === null && last !== null);
  if (isBusiness) {
    return { kind: 'business', fields: { ...base, businessName: business ?? last, dbas: [...lastAliases, ...businessAliases, ...aliases] }, employer: null };
  }
  if (last === null && first === null) return null;
  return {
    kind: 'person',
    fields: { ...base, lastName: last, firstName: first, middleName: cells.middle ?? null, akas: [...lastAliases, ...aliases] },
    employer: business ?? cells.employer ?? null,
  };
}
