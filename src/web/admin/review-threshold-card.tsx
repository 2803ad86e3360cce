/**
 * Screening sensitivity (issue 14, ADR 032): the client's administrator sets the review
 * threshold within the safe range, seeing first what it would have done to the last batch.
 */
import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Group, List, NumberInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UpdateReviewThresholdInputSchema, type ReviewThresholdSettings, type ThresholdEffect } from '#shared/review-threshold';
import { variantWarning, type VariantWarning } from './threshold-warning';
import { useAdminChange } from './admin-api';
import { fetchThresholdPreview, fetchThresholdSettings, saveThresholdSetting, thresholdKeys } from './review-threshold-api';

const two = (n: number) => n.toFixed(2);
const count = (n: number) => n.toLocaleString('en-US');
const checkInput = schemaResolver(UpdateReviewThresholdInputSchema, { sync: true });
/** The contract's message for a threshold it refuses (outside the safe range), else null. */
const thresholdError = (threshold: number) => checkInput({ threshold }).threshold ?? null;

export function ReviewThresholdCard() {
  const settings = useQuery({ queryKey: thresholdKeys.settings, queryFn: fetchThresholdSettings });
  if (!settings.data) return null;
  // Keyed: a saved value starts the form again from what the server holds.
  return <ThresholdForm key={settings.data.threshold} settings={settings.data} />;
}

function ThresholdForm({ settings }: { settings: ReviewThresholdSettings }) {
  const [value, setValue] = useState<number>(settings.threshold);
  const [debounced] = useDebouncedValue(value, 300);
  const isValid = Number.isFinite(debounced) && thresholdError(debounced) === null;
  const preview = useQuery({ queryKey: thresholdKeys.preview(debounced), queryFn: () => fetchThresholdPreview(debounced), enabled: isValid });
  const save = useAdminChange(saveThresholdSetting, (saved) => `Review threshold set to ${two(saved.threshold)}. New batches run with it.`);
  const error = thresholdError(value);
  const queryClient = useQueryClient();
  const shown = isValid && value === debounced && preview.data ? preview.data.lastBatch : null;
  const warning = shown ? variantWarning(debounced, shown) : null;
  // A warning asks for a second, deliberate step: saving then waits for the box to be ticked.
  const [confirmedAt, setConfirmedAt] = useState<number | null>(null);
  const confirmed = warning === null || confirmedAt === debounced;
  /**
   * Saves the typed value, unless its preview (read now if the debounced one is not it yet) warns
   * of dropped findings not yet confirmed: then the warning shows and nothing is saved.
   */
  const onSave = async () => {
    const typed = await queryClient.fetchQuery({ queryKey: thresholdKeys.preview(value), queryFn: () => fetchThresholdPreview(value) }).catch(() => null);
    if (typed?.lastBatch && variantWarning(value, typed.lastBatch) && confirmedAt !== value) return;
    save.mutate(value);
  };

  return (
    <Card withBorder padding="lg" radius="md" maw={640} component="section" aria-labelledby="threshold-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="threshold-title">
          Screening sensitivity
        </Title>
        <Text size="sm" c="dimmed">
          A potential match scored at or above the review threshold is shown to reviewers. Lower finds more (and more strangers who share a name); higher finds fewer.
          The default is {two(settings.defaultThreshold)}. Each batch records the threshold it ran with.
        </Text>
        <NumberInput
          label="Review threshold"
          description={`Between ${two(settings.min)} and ${two(settings.max)}`}
          min={settings.min}
          max={settings.max}
          step={0.01}
          decimalScale={2}
          fixedDecimalScale
          value={value}
          onChange={(v) => setValue(typeof v === 'number' ? v : Number(v))}
          error={error}
          w={200}
        />
        <div aria-live="polite">{isValid && preview.data && <Effect threshold={debounced} effect={preview.data.lastBatch} />}</div>
        {warning && <VariantAlert warning={warning} />}
        {warning && (
          <Checkbox
            label="Save anyway: I know these findings would no longer be shown to reviewers"
            checked={confirmedAt === debounced}
            onChange={(e) => setConfirmedAt(e.currentTarget.checked ? debounced : null)}
          />
        )}
        <Group gap="sm">
          <Button onClick={() => void onSave()} loading={save.isPending} disabled={error !== null || value === settings.own || !confirmed}>
            Save
          </Button>
          {settings.own !== null && (
            <Button variant="default" onClick={() => save.mutate(null)} loading={save.isPending}>
              Use the default
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** The warning above the save button: what kinds of likely-true findings would be dropped, and a few of them. */
function VariantAlert({ warning }: { warning: VariantWarning }) {
  return (
    <Alert color="orange" variant="light" role="alert" title={warning.title}>
      <Stack gap={4}>
        <Text size="sm">{warning.sentence}</Text>
        {warning.examples.length > 0 && (
          <List size="sm" spacing={2} aria-label="Findings that would be dropped">
            {warning.examples.map((e) => (
              <List.Item key={e.key}>{e.text}</List.Item>
            ))}
          </List>
        )}
        <Text size="sm">{warning.consequence}</Text>
      </Stack>
    </Alert>
  );
}

/** ", 9 of them on rows with no finding now" when a lower threshold adds findings. */
function addedRows(effect: ThresholdEffect): string {
  if (!effect.added || effect.rowsAdded === null) return '';
  return `, ${count(effect.rowsAdded)} of them on ${effect.rowsAdded === 1 ? 'a row' : 'rows'} with no finding now`;
}

/** What the threshold would have done to the last batch, in words. */
function Effect({ threshold, effect }: { threshold: number; effect: ThresholdEffect | null }) {
  if (!effect) return <Text size="sm">No batch has completed yet: nothing to compare with.</Text>;
  const ranWith = effect.ranWith === null ? 'a threshold not recorded' : two(effect.ranWith);
  return (
    <Stack gap={4}>
      <Text size="sm">
        Last batch <strong>{effect.fileName}</strong> ran with {ranWith} and raised {count(effect.findings)} {effect.findings === 1 ? 'finding' : 'findings'}. At {two(threshold)}:
      </Text>
      <Text size="sm" fw={600}>
        {count(effect.dropped)} {effect.dropped === 1 ? 'finding' : 'findings'} would be dropped;{' '}
        {effect.added === null ? 'how many would be added cannot be counted.' : `${count(effect.added)} would be added${addedRows(effect)}.`}
      </Text>
      {effect.added === null && (
        <Text size="xs" c="dimmed">
          That batch ran before Clearlist kept the candidates scored under its threshold, so the extra findings of a lower threshold show only when the next batch runs.
        </Text>
      )}
    </Stack>
  );
}
