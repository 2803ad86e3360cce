import type { EntityKind, ListRecord } from '#shared/list-record';
import { clean, splitValues } from '../core/text';
import type { StateField, StateListConfig } from './config';

type Cells = Partial<Record<StateField, string | null>>;
type NameFields = Pick<ListRecord, 'firstName' | 'middleName' | 'lastName' | 'prefix' | 'suffix' | 'businessName' | 'akas' | 'dbas'>;

export interface StateName {
  kind: EntityKind;
  fields: NameFields;
  /** A business named on a person's row (their employer or practice). */
  employer: string | null;
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
    const [name, inline] = splitAliases(cells.name, aliasMarker);
    if (name === null) return null;
    const all = [...inline, ...aliases];
    if (businessPattern.test(name) || !name.includes(',')) {
      return { kind: 'business', fields: { ...base, businessName: name, dbas: all }, employer: null };
    }
    const person = splitLastFirst(name);
    return { kind: 'person', fields: { ...base, ...person, suffix: base.suffix ?? person.suffix, akas: all }, employer: null };
  }

  const [last, lastAliases] = splitAliases(cells.last, aliasMarker);
  const [business, businessAliases] = splitAliases(cells.business, aliasMarker);
  const first = cells.first ?? null;
  const isBusiness = (business !== null && last === null && first === null) || (config.businessWhenFirstEmpty && first === null && last !== null);
  if (isBusiness) {
    return { kind: 'business', fields: { ...base, businessName: business ?? last, dbas: [...lastAliases, ...businessAliases, ...aliases] }, employer: null };
  }
  if (last === null && first === null) return null;
  return {
    kind: 'person',
    fields: { ...base, lastName: last, firstName: first, middleName: cells.middle ?? null, akas: [...lastAliases, ...aliases] },
    employer: business,
  };
}
