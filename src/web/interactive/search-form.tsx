/**
 * The interactive search form (spec §2 Landing interactive search form, §5): Name or NPI;
 * Individual or Business; every field required and trimmed; the NPI rule checked on blur;
 * Search blocked until the form is valid. Signed-in users with the role also get fuzzy
 * matching and the optional date of birth, state, licence and provider type (issue 52).
 */
import { useState, type FormEvent } from 'react';
import { Button, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { NameSearchQuerySchema, npiFieldError, npiFieldHint, type MatchingAlgorithm } from '#shared/interactive-search';
import type { NameSearchInput } from './interactive-api';
import { OwnerFields, ownerErrorsOf, ownersToSearch } from './owner-fields';
import { US_STATES } from './us-states';

export type SearchRequest = { kind: 'name'; input: NameSearchInput } | { kind: 'npi'; npi: string; name?: string };

export interface SearchFormProps {
  onSearch: (request: SearchRequest) => void;
  isBusy: boolean;
  /** Fuzzy matching, date of birth and state (signed-in users with name searching). */
  hasNarrowing?: boolean;
  canSearchName?: boolean;
  canSearchNpi?: boolean;
  /** What the hint under the form says once it is valid. */
  readyHint?: string;
  /** A business's owners, each screened as a person with it (signed-in users, ADR 119). */
  canListOwners?: boolean;
}

type Field = 'firstName' | 'lastName' | 'companyName' | 'npi';
const checkName = schemaResolver(NameSearchQuerySchema, { sync: true });

/**
 * The name fields' errors are the contract's. It asks for a first and last name unless a
 * company name is given, so a blank business name comes back as the missing person's name:
 * the business input shows that message. The NPI keeps the shared `npiFieldError` (10 digits);
 * one failing the check digit is searched all the same, the hint under it saying so (issue 50).
 */
function errorsOf(entity: 'individual' | 'business', values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors = entity === 'business' ? checkName({ companyName: values.companyName }) : checkName({ firstName: values.firstName, lastName: values.lastName });
  const of = (field: string) => (typeof errors[field] === 'string' ? (errors[field] as string) : undefined);
  const npi = npiFieldError(values.npi) ?? undefined;
  return entity === 'business' ? { companyName: of('companyName') ?? of('firstName'), npi } : { firstName: of('firstName'), lastName: of('lastName'), npi };
}

export function SearchForm({ onSearch, isBusy, hasNarrowing = false, canSearchName = true, canSearchNpi = true, readyHint = 'Ready to search.', canListOwners = false }: SearchFormProps) {
  const [mode, setMode] = useState<'name' | 'npi'>(canSearchName ? 'name' : 'npi');
  const [entity, setEntity] = useState<'individual' | 'business'>('individual');
  const [values, setValues] = useState<Record<Field, string>>({ firstName: '', lastName: '', companyName: '', npi: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [algorithm, setAlgorithm] = useState<MatchingAlgorithm>('Exact');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [state, setState] = useState<string | null>(null);
  const [licenseNumber, setLicenseNumber] = useState('');
  const [licenseState, setLicenseState] = useState<string | null>(null);
  const [providerType, setProviderType] = useState('');
  const [npiName, setNpiName] = useState('');
  const [owners, setOwners] = useState<string[]>([]);
  const [ownersTouched, setOwnersTouched] = useState<boolean[]>([]);
  const hasOwners = canListOwners && mode === 'name' && entity === 'business';

  const fields: Field[] = mode === 'npi' ? ['npi'] : entity === 'business' ? ['companyName'] : ['firstName', 'lastName'];
  const errors = errorsOf(entity, values);
  const errorOf = (field: Field) => errors[field] ?? null;
  const isValid = fields.every((f) => errorOf(f) === null) && (!hasOwners || ownerErrorsOf(owners).every((e) => e === null));
  const shownError = (field: Field) => (touched[field] ? errorOf(field) : null);
  const bind = (field: Field) => ({
    value: values[field],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
    },
    onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
    error: shownError(field),
    required: true,
    withAsterisk: true,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(Object.fromEntries(fields.map((f) => [f, true])));
    setOwnersTouched(owners.map(() => true));
    if (!isValid || isBusy) return;
    if (mode === 'npi') return onSearch({ kind: 'npi', npi: values.npi.trim(), ...(npiName.trim() ? { name: npiName.trim() } : {}) });
    const licence = licenseNumber.trim() ? { licenseNumber: licenseNumber.trim(), licenseState: licenseState ?? undefined } : {};
    const kind = providerType.trim() ? { providerType: providerType.trim() } : {};
    const narrowing = hasNarrowing ? { matchingAlgorithm: algorithm, dateOfBirth: dateOfBirth || undefined, state: state ?? undefined, ...licence, ...kind } : { matchingAlgorithm: 'Exact' as const };
    const input: NameSearchInput =
      entity === 'business'
        ? { companyName: values.companyName.trim(), ...narrowing, dateOfBirth: undefined, ...(hasOwners && ownersToSearch(owners).length ? { owners: ownersToSearch(owners) } : {}) }
        : { firstName: values.firstName.trim(), lastName: values.lastName.trim(), ...narrowing };
    onSearch({ kind: 'name', input });
  }

  const modes = [...(canSearchName ? [{ value: 'name', label: 'Name' }] : []), ...(canSearchNpi ? [{ value: 'npi', label: 'NPI' }] : [])];
  return (
    <form onSubmit={submit} noValidate aria-label="Interactive search">
      <Stack gap="md">
        {modes.length > 1 && (
          <div>
            <Text component="span" id="search-by" size="sm" fw={500}>
              Search by
            </Text>
            <SegmentedControl fullWidth aria-labelledby="search-by" value={mode} onChange={(v) => setMode(v as 'name' | 'npi')} data={modes} mt={4} />
          </div>
        )}
        {mode === 'name' && (
          <div>
            <Text component="span" id="search-who" size="sm" fw={500}>
              Who
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="search-who"
              value={entity}
              onChange={(v) => setEntity(v as 'individual' | 'business')}
              data={[
                { value: 'individual', label: 'Individual' },
                { value: 'business', label: 'Business' },
              ]}
              mt={4}
            />
          </div>
        )}
        {mode === 'npi' ? (
          <>
            <TextInput label="NPI" description={npiFieldHint(values.npi) ?? 'The 10-digit National Provider Identifier.'} inputMode="numeric" autoComplete="off" maxLength={14} {...bind('npi')} />
            <TextInput
              label="Provider's name"
              description="Optional: the name you have for this NPI, checked against the name NPPES holds for it."
              autoComplete="off"
              maxLength={200}
              value={npiName}
              onChange={(e) => setNpiName(e.currentTarget.value)}
            />
          </>
        ) : entity === 'business' ? (
          <TextInput label="Business Name" autoComplete="organization" {...bind('companyName')} />
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="First Name" autoComplete="off" {...bind('firstName')} />
            <TextInput label="Last Name" autoComplete="off" {...bind('lastName')} />
          </SimpleGrid>
        )}
        {hasOwners && (
          <OwnerFields owners={owners} onChange={setOwners} touched={ownersTouched} onTouch={(i) => setOwnersTouched((t) => Object.assign([...t], { [i]: true }))} />
        )}
        {hasNarrowing && mode === 'name' && (
          <SimpleGrid cols={{ base: 1, xs: entity === 'individual' ? 3 : 2 }} spacing="sm">
            <Select
              label="Matching"
              value={algorithm}
              onChange={(v) => setAlgorithm((v as MatchingAlgorithm) ?? 'Exact')}
              allowDeselect={false}
              data={[
                { value: 'Exact', label: 'Exact name' },
                { value: 'Fuzzy', label: 'Fuzzy (nicknames, typos)' },
              ]}
            />
            {entity === 'individual' && (
              <TextInput label="Date of birth" description="Optional" type="date" value={dateOfBirth} onChange={(e) => setDateOfBirth(e.currentTarget.value)} />
            )}
            <Select label="State" description="Optional" placeholder="Any state" data={US_STATES as { value: string; label: string }[]} value={state} onChange={setState} searchable clearable />
          </SimpleGrid>
        )}
        {hasNarrowing && mode === 'name' && (
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <TextInput label="Licence number" description="Optional" autoComplete="off" maxLength={40} value={licenseNumber} onChange={(e) => setLicenseNumber(e.currentTarget.value)} />
            <Select
              label="Licence state"
              description="Optional: who issued it"
              placeholder="Any state"
              data={US_STATES as { value: string; label: string }[]}
              value={licenseState}
              onChange={setLicenseState}
              searchable
              clearable
              disabled={!licenseNumber.trim()}
            />
            <TextInput label="Provider type" description='Optional: "RN", "Pharmacist"' autoComplete="off" maxLength={80} value={providerType} onChange={(e) => setProviderType(e.currentTarget.value)} />
          </SimpleGrid>
        )}
        <Group justify="space-between" align="center" gap="sm">
          <Text size="xs" c="dimmed" id="search-hint" maw={320}>
            {isValid ? readyHint : 'Fill in the required fields to search.'}
          </Text>
          <Button type="submit" size="md" disabled={!isValid} loading={isBusy} aria-describedby="search-hint">
            Search
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
