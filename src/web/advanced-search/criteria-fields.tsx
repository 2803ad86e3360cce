/** The subject's criteria: a person's (names, birth, identifiers, licence, address) or a business's. */
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { US_STATES } from '../interactive/us-states';
import type { AdvancedFormValues } from './form-values';

type Form = UseFormReturnType<AdvancedFormValues>;

const StateSelect = ({ form, path, label }: { form: Form; path: string; label: string }) => (
  <Select label={label} data={[...US_STATES]} searchable clearable {...form.getInputProps(path)} />
);

export function PersonFields({ form }: { form: Form }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <TextInput label="First name" required autoComplete="off" {...form.getInputProps('person.firstName')} />
      <TextInput label="Middle name" autoComplete="off" {...form.getInputProps('person.middleName')} />
      <TextInput label="Last name" required autoComplete="off" {...form.getInputProps('person.lastName')} />
      <TextInput label="Other or maiden names" description="Separate names with ;  (“Smith; Mary Jones”)" {...form.getInputProps('person.otherNames')} style={{ gridColumn: '1 / -1' }} />
      <TextInput label="Date of birth" placeholder="YYYY-MM-DD" {...form.getInputProps('person.dateOfBirth')} />
      <TextInput label="SSN" placeholder="123-45-6789" autoComplete="off" {...form.getInputProps('person.ssn')} />
      <TextInput label="NPI" placeholder="10 digits" {...form.getInputProps('person.npi')} />
      <TextInput label="Licence number" {...form.getInputProps('person.licenseNumber')} />
      <StateSelect form={form} path="person.licenseState" label="Licence state" />
      <div />
      <TextInput label="Address" {...form.getInputProps('person.address')} style={{ gridColumn: '1 / -1' }} />
      <TextInput label="City" {...form.getInputProps('person.city')} />
      <StateSelect form={form} path="person.state" label="State" />
      <TextInput label="ZIP" {...form.getInputProps('person.postalCode')} />
    </SimpleGrid>
  );
}

export function BusinessFields({ form }: { form: Form }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput label="Business name" required {...form.getInputProps('business.name')} />
      <TextInput label="DBA (doing business as)" {...form.getInputProps('business.dba')} />
      <TextInput label="EIN" placeholder="12-3456789" {...form.getInputProps('business.ein')} />
      <TextInput label="NPI" placeholder="10 digits" {...form.getInputProps('business.npi')} />
      <TextInput label="Address" {...form.getInputProps('business.address')} style={{ gridColumn: '1 / -1' }} />
      <TextInput label="City" {...form.getInputProps('business.city')} />
      <SimpleGrid cols={2} spacing="sm">
        <StateSelect form={form} path="business.state" label="State" />
        <TextInput label="ZIP" {...form.getInputProps('business.postalCode')} />
      </SimpleGrid>
    </SimpleGrid>
  );
}
