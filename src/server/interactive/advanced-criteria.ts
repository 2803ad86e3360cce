/**
 * Advance Search criteria (ADR 036): the engine queries they make (one per name the subject
 * went by), the criteria as printed on the proof, and the checks of criteria the engine does
 * not index (licence number, street address) against a hit's full record.
 */
import type { AdvancedCriteria, AdvancedSearchInput } from '#shared/advanced-search';
import type { ListRecord } from '#shared/list-record';
import { npiProblemOf } from '#shared/npi-problems';
import type { ScreenQuery } from '#engine/query-types';
import { licenseAgreement, licenseKeysOf } from '#engine/license-numbers';

type Person = NonNullable<AdvancedSearchInput['person']>;
type Business = NonNullable<AdvancedSearchInput['business']>;

const upper = (v: string | undefined) => (v ? v.toUpperCase() : null);

/** "Smith" is a former last name; "Mary Smith" (or "Mary Ann Smith") a whole other name. */
function otherNameQuery(p: Person, other: string): ScreenQuery {
  const words = other.split(/\s+/).filter(Boolean);
  const firstName = words.length > 1 ? words[0] : (p.firstName ?? '');
  const lastName = words[words.length - 1];
  return { ...personQuery(p), firstName, middleName: words.length > 2 ? words.slice(1, -1).join(' ') : null, lastName };
}

function personQuery(p: Person): ScreenQuery & { type: 'individual' } {
  return {
    type: 'individual',
    firstName: p.firstName ?? '',
    middleName: p.middleName ?? null,
    lastName: p.lastName ?? '',
    dateOfBirth: p.dateOfBirth ?? null,
    ssn: p.ssn ?? null,
    npi: p.npi ?? null,
    state: upper(p.state),
    city: p.city ?? null,
    postalCode: p.postalCode ?? null,
    // Compared by the engine with the list record's licence numbers (ADR 120).
    licenseNumber: p.licenseNumber ?? null,
    licenseState: upper(p.licenseState),
  };
}

function businessQuery(b: Business, name: string): ScreenQuery {
  return { type: 'business', name, npi: b.npi ?? null, ein: b.ein ?? null, state: upper(b.state), city: b.city ?? null, postalCode: b.postalCode ?? null };
}

/** The engine queries of a search: the subject's name first, then each other name or DBA. */
export function queriesOf(input: AdvancedSearchInput): ScreenQuery[] {
  if (input.subject === 'person') {
    const p = input.person ?? { otherNames: [] };
    return [personQuery(p as Person), ...(p.otherNames ?? []).map((o) => otherNameQuery(p as Person, o))];
  }
  const b = input.business as Business;
  return [businessQuery(b, b.name ?? ''), ...(b.dba ? [businessQuery(b, b.dba)] : [])];
}

const maskedSsn = (ssn: string) => `***-**-${ssn.replace(/\D/g, '').slice(-4)}`;

/** Every criterion given, labelled as on the form (the SSN masked: the proof is printed). */
/** The NPI as printed on the proof, with its problem when it fails the check digit (searched all the same, issue 50). */
function npiField(npi: string | undefined, byName: boolean): string | undefined {
  const problem = npiProblemOf(npi, byName);
  return npi && problem ? `${npi} (${problem})` : npi;
}

export function criteriaFields(input: AdvancedSearchInput): AdvancedCriteria['fields'] {
  const p = input.person;
  const b = input.business;
  const rows: [string, string | undefined][] =
    input.subject === 'person'
      ? [
          ['First name', p?.firstName], ['Middle name', p?.middleName], ['Last name', p?.lastName],
          ['Other names', p?.otherNames?.join('; ') || undefined], ['Date of birth', p?.dateOfBirth],
          ['SSN', p?.ssn ? maskedSsn(p.ssn) : undefined], ['NPI', npiField(p?.npi, Boolean(p?.firstName || p?.lastName))],
          ['Licence number', p?.licenseNumber ? `${p.licenseNumber}${p.licenseState ? ` (${p.licenseState.toUpperCase()})` : ''}` : undefined],
          ['Address', p?.address], ['City', p?.city], ['State', upper(p?.state) ?? undefined], ['ZIP', p?.postalCode],
        ]
      : [
          ['Business name', b?.name], ['DBA', b?.dba], ['EIN', b?.ein], ['NPI', npiField(b?.npi, Boolean(b?.name))],
          ['Address', b?.address], ['City', b?.city], ['State', upper(b?.state) ?? undefined], ['ZIP', b?.postalCode],
        ];
  return rows.filter((r): r is [string, string] => Boolean(r[1])).map(([label, value]) => ({ label, value }));
}

/** One line with the criteria, as Search History lists them. */
export function criteriaLine(c: AdvancedCriteria): string {
  const pick = (label: string) => c.fields.find((f) => f.label === label)?.value;
  const who = c.subject === 'person' ? [pick('First name'), pick('Middle name'), pick('Last name')].filter(Boolean).join(' ') : (pick('Business name') ?? '');
  const extras = c.fields.filter((f) => !['First name', 'Middle name', 'Last name', 'Business name'].includes(f.label)).map((f) => `${f.label} ${f.value}`);
  return `Advance: ${who}${extras.length ? `, ${extras.join(', ')}` : ''} · ${c.matchingAlgorithm} ${c.sensitivity.toFixed(2)}`;
}

const squash = (v: string) => v.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Licence number and street address compared with the record (the engine indexes neither). */
export function recordChecks(input: AdvancedSearchInput, record: ListRecord | null): string[] {
  if (!record) return [];
  const licence = input.subject === 'person' ? input.person?.licenseNumber : undefined;
  const address = input.subject === 'person' ? input.person?.address : input.business?.address;
  const out: string[] = [];
  if (licence && record.licenseNumbers.length) {
    // The engine's reading of licence numbers (ADR 120): leading zeros and the licence's state prefix aside.
    const states = [upper(input.person?.licenseState), upper(record.state ?? undefined), record.source.startsWith('state-') ? record.source.slice(6, 8).toUpperCase() : null];
    const same = licenseAgreement(licenseKeysOf([licence]), licenseKeysOf(record.licenseNumbers), states) !== null || record.licenseNumbers.some((l) => squash(l) === squash(licence));
    out.push(same ? `Licence number: same (${licence})` : `Licence number: different (${licence} vs ${record.licenseNumbers.join(', ')})`);
  }
  if (address && record.address) {
    const same = squash(record.address) === squash(address);
    out.push(same ? 'Street address: same' : `Street address: different (${address} vs ${record.address})`);
  }
  return out;
}
