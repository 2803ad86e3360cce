/** The Advance Search form: subject and criteria, lists, Exact or Fuzzy, sensitivity, reinstated records. */
import { Alert, Button, Checkbox, Group, Paper, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ADVANCED_TEXTS, type AdvancedOptions, type AdvancedSearchInput } from '#shared/advanced-search';
import { BusinessFields, PersonFields } from './criteria-fields';
import { initialValues, toInput, validate } from './form-values';
import { ListChoice } from './list-choice';

export interface AdvancedFormProps {
  options: AdvancedOptions;
  onSearch: (input: AdvancedSearchInput) => void;
  isSearching: boolean;
  error: string | null;
}

export function AdvancedForm({ options, onSearch, isSearching, error }: AdvancedFormProps) {
  const allowed = options.groups.flatMap((g) => g.lists.filter((l) => l.allowed).map((l) => l.source));
  const form = useForm({ initialValues: initialValues(allowed, options.sensitivity.default), validate });
  const { min, max, step } = options.sensitivity;
  const marks = [min, options.sensitivity.default, max].map((value) => ({ value, label: value.toFixed(2) }));

  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSearch(toInput(values)))} aria-label="Advance Search">
      <Stack gap="lg">
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <SegmentedControl
              aria-label="Who to search"
              data={[
                { value: 'person', label: 'Person' },
                { value: 'business', label: 'Business' },
              ]}
              {...form.getInputProps('subject')}
              w={{ base: '100%', sm: 280 }}
            />
            {form.values.subject === 'person' ? <PersonFields form={form} /> : <BusinessFields form={form} />}
            <Text size="xs" c="dimmed">
              Names, date of birth, SSN, NPI, EIN, city, state and ZIP are matched by the engine; licence number and street address are compared with each record found.
            </Text>
          </Stack>
        </Paper>

        <ListChoice groups={options.groups} value={form.values.sources} onChange={(next) => form.setFieldValue('sources', next)} error={form.errors.sources as string | undefined} />

        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Group gap="xl" align="flex-start" wrap="wrap">
              <Stack gap={4}>
                <Text fw={600} id="algorithm-label">
                  Matching
                </Text>
                <SegmentedControl aria-labelledby="algorithm-label" data={['Fuzzy', 'Exact']} {...form.getInputProps('matchingAlgorithm')} />
              </Stack>
              <Stack gap={4} style={{ flex: 1, minWidth: 240 }}>
                <Text fw={600} id="sensitivity-label">
                  Sensitivity: show scores from {form.values.sensitivity.toFixed(2)}
                </Text>
                <Slider aria-labelledby="sensitivity-label" thumbProps={{ 'aria-labelledby': 'sensitivity-label' }} min={min} max={max} step={step} marks={marks} label={(v) => v.toFixed(2)} {...form.getInputProps('sensitivity')} mb="md" />
              </Stack>
            </Group>
            <Text size="xs" c="dimmed">
              Lower shows more near misses; your account’s review threshold is {options.sensitivity.default.toFixed(2)}. The range stops where a name alone becomes noise.
            </Text>
            <Checkbox
              label="Include reinstated records"
              description={
                options.reinstatedRecords > 0
                  ? `${options.reinstatedRecords} records of the loaded lists show a reinstatement that has taken effect; they are left out unless you tick this. Records removed from a list by a later copy are not searched.`
                  : ADVANCED_TEXTS.reinstatedNone
              }
              {...form.getInputProps('includeReinstated', { type: 'checkbox' })}
            />
          </Stack>
        </Paper>

        {error && (
          <Alert color="red" variant="light" role="alert" title="The search did not run">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" size="md" loading={isSearching}>
            Run search
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
