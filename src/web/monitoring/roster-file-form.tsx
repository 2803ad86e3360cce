/**
 * A roster file through the batches' own upload and column mapping (ADR 053): drop a CSV or
 * Excel file, check the columns guessed from its headers and values, name the unique id
 * column (what tells people apart from one version to the next), then submit.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, List, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ColumnMappingInput } from '#shared/batches';
import { guessColumns, mappingOf } from '#shared/column-values';
import { quickMappingInput } from '#shared/quick-batches';
import { isApiError } from '../app/api';
import { batchKeys, errorMessage, fetchSearchTypes } from '../batches/batches-api';
import { ColumnMappingTable } from '../batches/column-mapping-table';
import { CsvDropzone, type Uploaded } from '../batches/csv-dropzone';
import { QuickSection } from '../batches/quick-batch-parts';
import { columnsOf } from '../batches/wizard-state';

const ID_HEADER = /(^|[^a-z])(id|no|number|num|code)$|employee.?(id|number|no)|badge|payroll/i;

/** The column that looks like the file's own id of each person, when one does. */
export function guessUniqueId(labels: readonly string[], mappings: Record<string, string>): string | null {
  return labels.find((l) => !mappings[l] && ID_HEADER.test(l.trim())) ?? null;
}

export interface RosterFileFormProps {
  label: string;
  submitLabel: string;
  /** Above the file: e.g. the roster's name. */
  before?: ReactNode;
  canSubmit?: boolean;
  onSubmit: (uploadId: number, input: ColumnMappingInput) => Promise<unknown>;
}

export function RosterFileForm({ label, submitLabel, before, canSubmit = true, onSubmit }: RosterFileFormProps) {
  const types = useQuery({ queryKey: batchKeys.searchTypes, queryFn: fetchSearchTypes });
  const [upload, setUpload] = useState<Uploaded | null>(null);
  const [mappings, setMappings] = useState<Record<string, string>>({});
  const [uniqueId, setUniqueId] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const offered = types.data?.map((t) => t.name) ?? [];
  const labels = columnsOf(upload?.previewData);
  const mapped = Object.fromEntries(Object.entries(mappings).filter(([l]) => l !== uniqueId));
  const kind = mapped && Object.values(mapped).includes('NPI') && !Object.values(mapped).some((c) => c === 'First Name' || c === 'Last Name' || c === 'Company Name') ? 'npi' : 'name';
  const quick = quickMappingInput(kind, labels, mapped, offered);
  const input: ColumnMappingInput | null = quick.input
    ? { ...quick.input, uniqueIdIndex: uniqueId ? labels.indexOf(uniqueId) : null, correlatedColumnIndexes: quick.input.correlatedColumnIndexes.filter((i) => labels[i] !== uniqueId) }
    : null;

  const onUploaded = (next: Uploaded) => {
    const guessed = mappingOf(guessColumns(next.previewData));
    setUpload(next);
    setMappings(guessed);
    setUniqueId(guessUniqueId(columnsOf(next.previewData), guessed));
    setError(null);
  };
  const submit = async () => {
    if (!upload || !input) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(upload.batchId, input);
    } catch (e) {
      setError(e);
      // An upload is used once: a corrected mapping goes with the file uploaded again.
      if (isApiError(e) && e.status === 409) setUpload(null);
    } finally {
      setBusy(false);
    }
  };
  const rowFields = isApiError(error) ? Object.entries(error.fields) : [];

  return (
    <Stack gap="xl">
      {before}
      <QuickSection step={before ? 2 : 1} title="Upload the file">
        <CsvDropzone fileName={upload?.fileName ?? null} label={label} onUploaded={onUploaded} onRemoved={() => setUpload(null)} />
      </QuickSection>
      {upload && (
        <QuickSection step={before ? 3 : 2} title="Check the columns">
          <ColumnMappingTable preview={upload.previewData} format={upload.format} required={kind === 'npi' ? ['NPI'] : ['First Name', 'Last Name']} mappings={mapped} onMap={(l, t) => setMappings((m) => ({ ...m, [l]: t ?? '' }))} />
          <Select
            label="Unique id column"
            description="Your own id of each person (employee or vendor number): it tells people apart when you upload a new version. Without one, people are told apart by name and date of birth."
            placeholder="None"
            clearable
            data={labels.filter((l) => !mappings[l] || l === uniqueId)}
            value={uniqueId}
            onChange={setUniqueId}
            maw={420}
          />
          {quick.input ? (
            <Text size="sm">
              Monitored searches: <strong>{quick.input.searchTypes.filter((t) => t !== 'NPI Validation').join(', ')}</strong>
            </Text>
          ) : (
            <Text size="sm" c="red.9" role="alert">
              {quick.problem}
            </Text>
          )}
        </QuickSection>
      )}
      {error !== null && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(error)}
          {rowFields.length > 0 && (
            <List size="sm" mt="xs">
              {rowFields.slice(0, 10).map(([field, message]) => (
                <List.Item key={field}>{field.startsWith('rows.') ? `Row ${Number(field.slice(5)) + 1}: ${message}` : message}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button disabled={!upload || !input || !canSubmit} loading={busy} onClick={() => void submit()}>
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}
