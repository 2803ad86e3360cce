/** Upload wizard (/flex-search/file-upload): types and file, mapping, additional data, review, errors. */
import { useEffect, useState } from 'react';
import { Alert, Center, Container, Loader, Paper, Stack, Stepper, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { guessColumns, mappingOf } from '#shared/column-values';
import { BATCH_MESSAGES, requiredMappingMessage } from '#shared/messages';
import { rowRequiredColumnsOf, type SearchCriterion } from '#shared/search-types';
import { clearToasts, showToast } from '../app/toasts';
import { AdditionalDataStep } from './additional-data-step';
import { batchKeys, checkColumnMappings, errorMessage, fetchSearchTypes } from './batches-api';
import { ColumnMappingStep } from './column-mapping-step';
import type { Uploaded } from './csv-dropzone';
import { ErrorsStep } from './errors-step';
import { ReviewStep } from './review-step';
import { ScreeningSummary } from './screening-summary';
import { SearchTypeStep } from './search-type-step';
import { useStartSearch } from './use-start-search';
import { applyReupload, firstMissingMapping, hasAdditionalStep, INITIAL_WIZARD, mappingInput, requiredColumns, unmappedColumns, type WizardState, type WizardStep } from './wizard-state';

export function UploadWizardPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const types = useQuery({ queryKey: batchKeys.searchTypes, queryFn: fetchSearchTypes });
  const [state, setState] = useState<WizardState>(INITIAL_WIZARD);
  const update = (patch: Partial<WizardState>) => setState((s) => ({ ...s, ...patch }));
  const required = requiredColumns(types.data ?? [], state.selected);
  const withAdditional = hasAdditionalStep(required);
  // Four steps do not fit across a phone: there the bar stands upright.
  const isPhone = useMediaQuery('(max-width: 48em)');
  // A step's refusal goes once what it asked for is done (issue 19 item 7).
  useEffect(() => void (state.upload && clearToasts('wizard:upload')), [state.upload]);
  useEffect(() => void (state.selected.length && clearToasts('wizard:select')), [state.selected]);
  useEffect(() => void (firstMissingMapping(required, state.mappings) || clearToasts('wizard:mapping')), [required, state.mappings]);

  // On the review step every row is checked once per mapping: counts per search, and the rows with problems.
  const input = state.upload ? mappingInput(state) : null;
  const check = useQuery({
    queryKey: ['mapping-check', state.upload?.batchId, input],
    queryFn: () => checkColumnMappings(state.upload!.batchId, input!),
    enabled: state.step === 4 && input !== null,
    retry: false,
    staleTime: Infinity,
  });
  const start = useStartSearch({
    onInvalid: (errors) => update({ step: 5, errors }),
    onStarted: async () => {
      setState(INITIAL_WIZARD);
      await queryClient.invalidateQueries({ queryKey: ['batches'] });
      await navigate('/flex-search');
    },
  });

  const startChecked = () => {
    if (!state.upload || !input) return;
    const errors = check.data?.errors;
    if (state.skipInvalid && errors?.length) return start.mutate({ batchId: state.upload.batchId, input: { ...input, skipInvalidRows: true }, checked: [] });
    start.mutate({ batchId: state.upload.batchId, input, checked: errors });
  };

  /** Checks each step left on the way forward; the first refusal stops there with its message. */
  const goTo = (target: WizardStep) => {
    if (target <= state.step || state.step === 5) return update({ step: target });
    if (state.step === 1) {
      const refusals = [!state.upload && (['wizard:upload', BATCH_MESSAGES.uploadFirst] as const), !state.selected.length && (['wizard:select', BATCH_MESSAGES.selectSearch] as const)].filter(
        (r) => r !== false,
      );
      // Both refusals at once share one toast, a line each: one toast shows at a time.
      if (refusals.length) return void showToast(refusals.map(([, message]) => message), 'error', { cause: refusals.map(([cause]) => cause) });
      // A fresh file (or a new search type) needs its mapping first: go there.
      if (target > 2 && firstMissingMapping(required, state.mappings)) return update({ step: 2 });
    }
    if (target > 2) {
      const missing = firstMissingMapping(required, state.mappings);
      if (missing) return void showToast(requiredMappingMessage(missing), 'error', { cause: 'wizard:mapping' });
    }
    update({ step: target === 3 && !withAdditional ? 4 : target });
  };

  // Another sheet of the workbook has other columns: its mapping starts afresh, as a new file's does.
  const freshMapping = (upload: Uploaded): Partial<WizardState> => ({ upload, mappings: mappingOf(guessColumns(upload.previewData)), uniqueColumn: null, additional: [], errors: [], skipInvalid: false });

  const onReupload = (upload: Uploaded) => {
    const { state: next, isRedo } = applyReupload(state, upload, required);
    if (isRedo) showToast(BATCH_MESSAGES.redoMapping, 'error');
    setState(next);
  };

  if (!types.data) {
    return (
      <Center py="xl">{types.isPending ? <Loader aria-label="Loading search types" /> : <Alert color="red">{errorMessage(types.error)}</Alert>}</Center>
    );
  }

  return (
    <Container size={960} px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          New Batch Search
        </Title>
        <Stepper active={Math.min(state.step, 4) - 1} onStepClick={(i) => goTo((i + 1) as WizardStep)} size="sm" orientation={isPhone ? 'vertical' : 'horizontal'} aria-label="Steps">
          <Stepper.Step label="Search Types" description="And your file" />
          <Stepper.Step label="Column Mapping" />
          <Stepper.Step label="Additional Data" description={withAdditional ? undefined : 'Not needed'} allowStepSelect={withAdditional} />
          <Stepper.Step label="Review" />
        </Stepper>
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
          {state.step === 1 && (
            <SearchTypeStep
              types={types.data}
              selected={state.selected}
              fileName={state.upload?.fileName ?? null}
              onSelect={(selected) => update({ selected })}
              // A new file has new columns: its mapping starts afresh, from what the headers say.
              onUploaded={(upload) => update(freshMapping(upload))}
              onRemoved={() => update({ upload: null })}
              onContinue={() => goTo(2)}
            />
          )}
          {state.step === 2 && (
            <ColumnMappingStep
              preview={state.upload?.previewData ?? []}
              optionalPerRow={required.filter((c) => !rowRequiredColumnsOf(state.selected).includes(c as SearchCriterion))}
              format={state.upload?.format}
              sheets={state.upload ? { batchId: state.upload.batchId, onChosen: (next) => update(freshMapping({ ...next, fileName: state.upload!.fileName })) } : undefined}
              required={required}
              mappings={state.mappings}
              uniqueColumn={state.uniqueColumn}
              onMap={(label, target) => setState((s) => ({ ...s, mappings: { ...s.mappings, [label]: target ?? '' }, additional: s.additional.filter((l) => l !== label || !target) }))}
              onUniqueColumn={(uniqueColumn) => update({ uniqueColumn })}
              onBack={() => goTo(1)}
              onContinue={() => goTo(3)}
            />
          )}
          {state.step === 3 && (
            <AdditionalDataStep columns={unmappedColumns(state)} additional={state.additional} onChange={(additional) => update({ additional })} onBack={() => goTo(2)} onContinue={() => goTo(4)} />
          )}
          {state.step === 4 && (
            <ReviewStep
              fileName={state.upload?.fileName ?? ''}
              sheet={state.upload?.format?.sheet}
              selected={state.selected}
              mappings={state.mappings}
              uniqueColumn={state.uniqueColumn}
              additional={withAdditional ? state.additional : []}
              hasAdditionalStep={withAdditional}
              isStarting={start.isPending}
              isChecking={check.isFetching}
              screening={
                <ScreeningSummary
                  fileName={state.upload?.fileName ?? ''}
                  check={check.data}
                  isChecking={check.isFetching}
                  checkError={check.error ? errorMessage(check.error) : null}
                  skipInvalid={state.skipInvalid}
                  onSkipInvalid={(skipInvalid) => update({ skipInvalid })}
                  onShowProblems={() => update({ step: 5, errors: check.data?.errors ?? [] })}
                />
              }
              onEdit={goTo}
              onStart={startChecked}
            />
          )}
          {state.step === 5 && <ErrorsStep errors={state.errors} onUploaded={onReupload} />}
        </Paper>
      </Stack>
    </Container>
  );
}
