/**
 * The quick batch pages (Batch Name Search, Batch NPI Search; ADR 037): their templates and
 * which of the client's search types one click runs for a mapping. Batches are created through
 * the same upload and column-mapping endpoints as the wizard's.
 */
import { z } from 'zod';
import type { ColumnMappingInput } from './batches';
import { QUICK_BATCH_MESSAGES } from './messages';
import type { Role } from './roles';
import type { SearchCriterion } from './search-types';

export type QuickBatchKind = 'name' | 'npi';

export interface QuickBatchDef {
  kind: QuickBatchKind;
  title: string;
  path: string;
  role: Role;
  /** Headers of the template, each a search criterion (so the automatic mapping reads them back). */
  templateHeaders: SearchCriterion[];
  /** Name of the downloaded template, without extension. */
  templateName: string;
}

export const QUICK_BATCHES: Record<QuickBatchKind, QuickBatchDef> = {
  name: {
    kind: 'name',
    title: 'Batch Name Search',
    path: '/batch/name/batchUI',
    role: 'name_search_user',
    templateHeaders: ['First Name', 'Middle Name', 'Last Name', 'Date of Birth', 'State'],
    templateName: 'clearlist-name-search-template',
  },
  npi: {
    kind: 'npi',
    title: 'Batch NPI Search',
    path: '/batch/npi/batchUI',
    role: 'npi_search_user',
    templateHeaders: ['NPI', 'First Name', 'Last Name'],
    templateName: 'clearlist-npi-search-template',
  },
};

export const QUICK_TEMPLATE_FORMATS = ['csv', 'xlsx'] as const;
export type QuickTemplateFormat = (typeof QUICK_TEMPLATE_FORMATS)[number];

/** GET /services/batch/{name|npi}/template */
export const QuickTemplateQuerySchema = z.strictObject({ format: z.enum(QUICK_TEMPLATE_FORMATS).default('csv') });

/** The template endpoint of a kind (role-checked on the server). */
export const quickTemplatePath = (kind: QuickBatchKind, format: QuickTemplateFormat) => `/services/batch/${kind}/template?format=${format}`;

export type QuickPlan = { searchTypes: string[]; problem: null } | { searchTypes: null; problem: string };

const INDIVIDUAL = 'Exclusion Search by Individual Name';
const BUSINESS = 'Exclusion Search by Business Name';
const BY_NPI = 'Exclusion Search by NPI';

/** Why the client cannot run this kind at all (its search options lack it), or null. */
export function quickOfferProblem(kind: QuickBatchKind, offered: readonly string[]): string | null {
  if (kind === 'npi') return offered.includes(BY_NPI) && offered.includes('NPI Validation') ? null : QUICK_BATCH_MESSAGES.npiNotOffered;
  return offered.includes(INDIVIDUAL) ? null : QUICK_BATCH_MESSAGES.nameNotOffered;
}


/**
 * The search types one click runs: for names the individual search (or the business one when the
 * file has only company names) plus OFAC when the client has it; for NPIs NPI validation and the
 * exclusion search by NPI. `offered` are the client's search type names.
 */
export function quickSearchTypes(kind: QuickBatchKind, mappings: Record<string, string>, offered: readonly string[]): QuickPlan {
  const mapped = new Set(Object.values(mappings).filter(Boolean));
  const plan = (searchTypes: string[]): QuickPlan => ({ searchTypes, problem: null });
  const refuse = (problem: string): QuickPlan => ({ searchTypes: null, problem });
  const notOffered = quickOfferProblem(kind, offered);
  if (notOffered) return refuse(notOffered);
  if (kind === 'npi') return mapped.has('NPI') ? plan(['NPI Validation', BY_NPI]) : refuse(QUICK_BATCH_MESSAGES.needNpi);
  const ofac = offered.includes('OFAC') ? ['OFAC'] : [];
  if (mapped.has('First Name') && mapped.has('Last Name')) return plan([INDIVIDUAL, ...ofac]);
  if (mapped.has('Company Name') && !mapped.has('First Name') && !mapped.has('Last Name')) return plan([BUSINESS, ...ofac]);
  return refuse(QUICK_BATCH_MESSAGES.needName);
}

export type QuickMapping = { input: ColumnMappingInput; problem: null } | { input: null; problem: string };

/**
 * The body of POST …/columnmappings that one click sends: the confirmed mapping, the plan's search
 * types, and every column left unmapped kept as additional data for the reviewer.
 */
export function quickMappingInput(kind: QuickBatchKind, labels: readonly string[], mappings: Record<string, string>, offered: readonly string[]): QuickMapping {
  const columnMappings = Object.fromEntries(Object.entries(mappings).filter(([label, target]) => target && labels.includes(label)));
  const plan = quickSearchTypes(kind, columnMappings, offered);
  if (plan.problem !== null) return { input: null, problem: plan.problem };
  const correlatedColumnIndexes = labels.flatMap((label, index) => (columnMappings[label] ? [] : [index]));
  return { input: { columnMappings, searchTypes: plan.searchTypes, correlatedColumnIndexes, uniqueIdIndex: null }, problem: null };
}
