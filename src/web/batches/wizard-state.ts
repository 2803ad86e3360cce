/** State and pure rules of the upload wizard (spec §2 Upload wizard, §4, §5). */
import { normaliseSelection, showsAdditionalDataStep, type SearchCriterion } from '#shared/search-types';
import type { ColumnMappingInput, RowError, SearchTypeInfo, UploadResult } from './batches-api';

/** 1 types and file, 2 mapping, 3 additional data, 4 review, 5 errors (not in the bar). */
export type WizardStep = 1 | 2 | 3 | 4 | 5;

export interface WizardState {
  step: WizardStep;
  selected: string[];
  upload: (UploadResult & { fileName: string }) | null;
  /** CSV column label → search criterion. */
  mappings: Record<string, string>;
  uniqueColumn: string | null;
  additional: string[];
  errors: RowError[];
  /** "Screen the valid rows and skip the others", chosen on the review step (issue 18). */
  skipInvalid: boolean;
}

export const INITIAL_WIZARD: WizardState = { step: 1, selected: [], upload: null, mappings: {}, uniqueColumn: null, additional: [], errors: [], skipInvalid: false };

/** Column labels of the preview: each preview row is a column, label first then samples. */
export const columnsOf = (preview: string[][] | undefined): string[] => (preview ?? []).map((column) => column[0] ?? '');

/** The radio value plus the checkboxes, with the NPI Validation add-on applied. */
export function selectTypes(types: SearchTypeInfo[], radio: string | null, checked: string[]): string[] {
  const required = types.filter((t) => t.required).map((t) => t.name);
  return normaliseSelection([...(radio ? [radio] : []), ...checked.filter((n) => !required.includes(n))]);
}

/** Columns the selected types require, each once, in the order the server lists the types. */
export function requiredColumns(types: SearchTypeInfo[], selected: string[]): string[] {
  const out = new Set<string>();
  for (const type of types) if (selected.includes(type.name)) for (const c of type.requiredColumns) out.add(c);
  return [...out];
}

/** First required column no CSV column is mapped to, or null. */
export function firstMissingMapping(required: string[], mappings: Record<string, string>): string | null {
  const targets = new Set(Object.values(mappings));
  return required.find((c) => !targets.has(c)) ?? null;
}

export const hasAdditionalStep = (required: string[]) => showsAdditionalDataStep(required as SearchCriterion[]);

/** Columns that can be added as additional data: the unmapped ones, the unique identifier left out (it travels with each row already). */
export const unmappedColumns = (state: WizardState) => columnsOf(state.upload?.previewData).filter((label) => !state.mappings[label] && label !== state.uniqueColumn);

/** The body of POST …/columnmappings. */
export function mappingInput(state: WizardState): ColumnMappingInput {
  const labels = columnsOf(state.upload?.previewData);
  const indexOf = (label: string) => labels.indexOf(label);
  const unmapped = new Set(unmappedColumns(state));
  return {
    columnMappings: Object.fromEntries(Object.entries(state.mappings).filter(([label, target]) => target && labels.includes(label))),
    searchTypes: state.selected,
    correlatedColumnIndexes: state.additional.filter((l) => unmapped.has(l)).map(indexOf).filter((i) => i >= 0),
    uniqueIdIndex: state.uniqueColumn && indexOf(state.uniqueColumn) >= 0 ? indexOf(state.uniqueColumn) : null,
  };
}

/**
 * A file re-uploaded from the errors step keeps the mappings of the columns it still has.
 * More columns than before force a redo of the mapping from step 2 (`isRedo`).
 */
export function applyReupload(state: WizardState, upload: WizardState['upload'] & object, required: string[]): { state: WizardState; isRedo: boolean } {
  const before = columnsOf(state.upload?.previewData);
  const after = columnsOf(upload.previewData);
  const keep = (label: string) => after.includes(label);
  const mappings = Object.fromEntries(Object.entries(state.mappings).filter(([label]) => keep(label)));
  const next: WizardState = {
    ...state,
    upload,
    mappings,
    uniqueColumn: state.uniqueColumn && keep(state.uniqueColumn) ? state.uniqueColumn : null,
    additional: state.additional.filter(keep),
    errors: [],
    skipInvalid: false,
  };
  const isRedo = after.length > before.length;
  const isComplete = firstMissingMapping(required, mappings) === null;
  return { state: { ...next, step: isRedo || !isComplete ? 2 : 4 }, isRedo };
}
