/** The Advance Search form's values, the request they make (blank fields left out) and its check by the contract. */
import { schemaResolver, type FormErrors } from '@mantine/form';
import { AdvancedSearchInputSchema, type AdvancedSearchInput } from '#shared/advanced-search';

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

const checkInput = schemaResolver(AdvancedSearchInputSchema, { sync: true });

/**
 * The form's checks are the contract's, on the request the values make: the subject's name,
 * at least one list, and the format of each identifier, date, state and ZIP. Errors land on
 * the field of the same path; the other names' entries (person.otherNames.N) on their one input.
 */
export function validate(values: AdvancedFormValues): FormErrors {
  const errors: FormErrors = {};
  for (const [path, message] of Object.entries(checkInput(toInput(values)))) errors[path.replace(/^person\.otherNames\.\d+$/, 'person.otherNames')] ??= message;
  return errors;
}
