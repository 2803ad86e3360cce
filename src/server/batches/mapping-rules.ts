/** Checks a column mapping against the file's header and the client's search types. */
import { BATCH_MESSAGES, requiredMappingMessage } from '#shared/messages';
import type { ColumnMappingInput } from '#shared/batches';
import { normaliseSelection, requiredColumnsOf, rowRequiredColumnsOf, SEARCH_CRITERIA, SEARCH_TYPES, searchTypesFor, type SearchCriterion } from '#shared/search-types';
import { AppError } from '../http/errors';
import type { MappedColumns } from './row-validation';

export const MAPPING_MESSAGES = {
  unknownType: (name: string) => `Unknown search type "${name}".`,
  notOffered: (name: string) => `Your account does not offer the search type "${name}".`,
  oneExclusionSearch: 'Choose one exclusion search.',
  unknownColumn: (label: string) => `The file has no column "${label}".`,
  unknownCriterion: (criterion: string) => `Unknown search criterion "${criterion}".`,
  usedTwice: (criterion: string) => `${criterion} is mapped to more than one column.`,
  badIndex: (what: string, index: number) => `The ${what} column ${index} is not in the file.`,
  additionalMapped: (label: string) => `The column "${label}" is mapped, so it cannot be additional data.`,
} as const;

export interface CheckedMapping {
  searchTypes: string[];
  columns: MappedColumns;
  /** Label → criterion, only the mapped ones. */
  columnMappings: Record<string, SearchCriterion>;
  correlatedColumnIndexes: number[];
}

const bad = (message: string) => new AppError('BAD_REQUEST', message);

/** Validates the mapping request; throws a 400 with the first problem. */
export function checkMapping(input: ColumnMappingInput, header: readonly string[], searchOptions: readonly string[]): CheckedMapping {
  if (input.searchTypes.length === 0) throw bad(BATCH_MESSAGES.selectSearch);
  const offered = searchTypesFor(searchOptions).map((t) => t.name);
  for (const name of input.searchTypes) {
    if (!SEARCH_TYPES.some((t) => t.name === name)) throw bad(MAPPING_MESSAGES.unknownType(name));
    if (!offered.includes(name)) throw bad(MAPPING_MESSAGES.notOffered(name));
  }
  const searchTypes = normaliseSelection(input.searchTypes);
  if (SEARCH_TYPES.filter((t) => t.required && searchTypes.includes(t.name)).length > 1) throw bad(MAPPING_MESSAGES.oneExclusionSearch);
  for (const name of searchTypes) if (!offered.includes(name)) throw bad(MAPPING_MESSAGES.notOffered(name));

  const criteria = new Map<number, SearchCriterion>();
  const columnMappings: Record<string, SearchCriterion> = {};
  for (const [label, target] of Object.entries(input.columnMappings)) {
    if (target.trim() === '') continue;
    const index = header.indexOf(label);
    if (index < 0) throw bad(MAPPING_MESSAGES.unknownColumn(label));
    if (!(SEARCH_CRITERIA as readonly string[]).includes(target)) throw bad(MAPPING_MESSAGES.unknownCriterion(target));
    const criterion = target as SearchCriterion;
    if ([...criteria.values()].includes(criterion)) throw bad(MAPPING_MESSAGES.usedTwice(criterion));
    criteria.set(index, criterion);
    columnMappings[label] = criterion;
  }
  const required = requiredColumnsOf(searchTypes);
  for (const column of required) if (![...criteria.values()].includes(column)) throw bad(requiredMappingMessage(column));

  const inHeader = (i: number) => i >= 0 && i < header.length;
  if (input.uniqueIdIndex !== null && !inHeader(input.uniqueIdIndex)) throw bad(MAPPING_MESSAGES.badIndex('unique identifier', input.uniqueIdIndex));
  // The unique identifier is kept with each row already: not a second time as additional data.
  const correlatedColumnIndexes = [...new Set(input.correlatedColumnIndexes)].filter((i) => i !== input.uniqueIdIndex).sort((a, b) => a - b);
  for (const i of correlatedColumnIndexes) {
    if (!inHeader(i)) throw bad(MAPPING_MESSAGES.badIndex('additional data', i));
    if (criteria.has(i)) throw bad(MAPPING_MESSAGES.additionalMapped(header[i]));
  }
  return {
    searchTypes,
    // Every mapped column of the selection must be there; each row needs only the exclusion search's (issue 18).
    columns: { criteria, required: rowRequiredColumnsOf(searchTypes), uniqueIdIndex: input.uniqueIdIndex, columnCount: header.length, additionalIndexes: correlatedColumnIndexes, labels: header, searchTypes },
    columnMappings,
    correlatedColumnIndexes,
  };
}
