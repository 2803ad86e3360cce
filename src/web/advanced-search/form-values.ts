/** The Advance Search form's values and the request they make (blank fields left out). */
import type { AdvancedSearchInput } from '#shared/advanced-search';
import { MESSAGES } from '#shared/messages';

const PERSON = ['firstName', 'middleName', 'lastName', 'otherNames', 'dateOfBirth', 'ssn', 'npi', 'licenseNumber', 'licenseState', 'address', 'city', 'state', 'postalCode'] as const;
const BUSINESS = ['name', 'dba', 'ein', 'npi', 'address', 'city', 'state', 'postalCode'] as const;

export interface AdvancedFormValues {
  subject: 'person' | 'business';
  person: Record<(typeof PERSON)[number], string>;
  business: Record<(typeof BUSINESS)[number], string>;
  sources: string[];
  matchingAlgorithm: 'Exact' | 'Fuzzy';
  sensitivity: number;
  includeReinstated: boolean;
}

const blank = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>;

export function initialValues(sources: string[], sensitivity: number): AdvancedFormValues {
  return { subject: 'person', person: blank(PERSON), business: blank(BUSINESS), sources, matchingAlgorithm: 'Fuzzy', sensitivity, includeReinstated: false };
}

const given = (record: Record<string, string>) => Object.fromEntries(Object.entries(record).filter(([, v]) => v.trim()).map(([k, v]) => [k, v.trim()]));

export function toInput(v: AdvancedFormValues): AdvancedSearchInput {
  const base = { subject: v.subject, sources: v.sources, matchingAlgorithm: v.matchingAlgorithm, sensitivity: v.sensitivity, includeReinstated: v.includeReinstated };
  if (v.subject === 'business') return { ...base, business: given(v.business) } as AdvancedSearchInput;
  const { otherNames, ...person } = given(v.person);
  const others = (otherNames ?? '').split(';').map((n) => n.trim()).filter(Boolean);
  return { ...base, person: { ...person, otherNames: others } } as AdvancedSearchInput;
}

const required = (value: string) => (value.trim() ? null : MESSAGES.required);

/** The form's own checks: the subject's name, and at least one list. */
export const validate = {
  person: { firstName: (value: string, all: AdvancedFormValues) => (all.subject === 'person' ? required(value) : null), lastName: (value: string, all: AdvancedFormValues) => (all.subject === 'person' ? required(value) : null) },
  business: { name: (value: string, all: AdvancedFormValues) => (all.subject === 'business' ? required(value) : null) },
  sources: (value: string[]) => (value.length ? null : 'Choose at least one list.'),
};
