/**
 * Batch Name Search (/batch/name/batchUI) and Batch NPI Search (/batch/npi/batchUI): template,
 * drop a file, confirm the columns mapped from its headers, one click to screen (ADR 037).
 */
import { useState } from 'react';
import { Alert, Anchor, Button, Center, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { guessColumns, mappingOf } from '#shared/column-values';
import { QUICK_BATCH_MESSAGES } from '#shared/messages';
import { QUICK_BATCHES, quickMappingInput, quickOfferProblem, type QuickBatchKind } from '#shared/quick-batches';
import { batchKeys, errorMessage, fetchSearchTypes, type RowError } from './batches-api';
import { ColumnMappingTable } from './column-mapping-table';
import { CsvDropzone, type Uploaded } from './csv-dropzone';
import { ErrorsStep } from './errors-step';
import { QuickSection, QuickTemplate } from './quick-batch-parts';
import { useStartSearch } from './use-start-search';
import { columnsOf } from './wizard-state';

const INTRO: Record<QuickBatchKind, string> = {
  name: 'Screen a list of people by name against every federal and state exclusion list',
  npi: 'Check a list of NPIs in NPPES (found, active, whose) and against every exclusion list that publishes NPIs',
};

export function QuickBatchPage({ kind }: { kind: QuickBatchKind }) {
  const def = QUICK_BATCHES[kind];
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const types = useQuery({ queryKey: batchKeys.searchTypes, queryFn: fetchSearchTypes });
  const [upload, setUpload] = useState<Uploaded | null>(null);
  const [mappings, setMappings] = useState<Record<string, string>>({});
  const [hasGuess, setHasGuess] = useState(true);
  const [errors, setErrors] = useState<RowError[]>([]);
  const start = useStartSearch({
    onInvalid: setErrors,
    onStarted: async () => {
      await queryClient.invalidateQueries({ queryKey: ['batches'] });
      await navigate('/flex-search');
    },
  });

  if (!types.data) {
    return <Center py="xl">{types.isPending ? <Loader aria-label="Loading search types" /> : <Alert color="red">{errorMessage(types.error)}</Alert>}</Center>;
  }
  const offered = types.data.map((type) => type.name);
  const notOffered = quickOfferProblem(kind, offered);
  const labels = columnsOf(upload?.previewData);
  const quick = quickMappingInput(kind, labels, mappings, offered);

  /** A new file is mapped from its headers; a corrected one keeps the choices made for the columns it still has. */
  const onUploaded = (next: Uploaded, isCorrection: boolean) => {
    const nextLabels = columnsOf(next.previewData);
    const guessed = mappingOf(guessColumns(next.previewData));
    const kept = isCorrection ? Object.fromEntries(Object.entries(mappings).filter(([label]) => nextLabels.includes(label))) : {};
    const nextMappings = { ...guessed, ...kept };
    setUpload(next);
    setMappings(nextMappings);
    setHasGuess(quickMappingInput(kind, nextLabels, guessed, offered).problem === null);
    setErrors([]);
  };
  const onMap = (label: string, target: string | null) => setMappings((m) => ({ ...m, [label]: target ?? '' }));
  const mappedCount = Object.values(mappings).filter(Boolean).length;

  return (
    <Container size={960} px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {def.title}
          </Title>
          <Text c="dimmed">
            {INTRO[kind]}
            {kind === 'name' && offered.includes('OFAC') ? ', and the OFAC sanctions lists' : ''}. Need other searches or settings? Use the{' '}
            <Anchor component={Link} to="/flex-search/file-upload">
              full batch search
            </Anchor>
            .
          </Text>
        </Stack>
        {notOffered ? (
          <Alert color="yellow" title="Not available for your account">
            {notOffered}
          </Alert>
        ) : errors.length > 0 ? (
          <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
            <ErrorsStep errors={errors} onUploaded={(next) => onUploaded(next, true)} />
          </Paper>
        ) : (
          <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
            <Stack gap="xl">
              <QuickTemplate kind={kind} />
              <QuickSection step={2} title="Upload your file">
                <CsvDropzone fileName={upload?.fileName ?? null} label={`${def.title} file`} onUploaded={(next) => onUploaded(next, false)} onRemoved={() => setUpload(null)} />
              </QuickSection>
              {upload && (
                <QuickSection step={3} title="Check the columns">
                  <Text size="sm" c="dimmed">
                    We recognised {mappedCount} of the {labels.length} columns of <strong>{upload.fileName}</strong> from their headers. Change any that are wrong; the other
                    columns are kept with each row for your reviewers.
                  </Text>
                  {!hasGuess && (
                    <Alert color="yellow" role="alert">
                      {kind === 'name' ? QUICK_BATCH_MESSAGES.noNameGuessed(upload.fileName) : QUICK_BATCH_MESSAGES.noNpiGuessed(upload.fileName)}
                    </Alert>
                  )}
                  <ColumnMappingTable
                    preview={upload.previewData}
                    format={upload.format}
                    sheets={{ batchId: upload.batchId, onChosen: (next) => onUploaded({ ...next, fileName: upload.fileName }, false) }}
                    required={kind === 'name' ? ['First Name', 'Last Name'] : ['NPI']} mappings={mappings} onMap={onMap} />
                  {quick.input ? (
                    <Text size="sm">
                      Searches: <strong>{quick.input.searchTypes.join(', ')}</strong>
                    </Text>
                  ) : (
                    hasGuess && (
                      <Text size="sm" c="red.9" role="alert">
                        {quick.problem}
                      </Text>
                    )
                  )}
                  <Group justify="flex-end">
                    <Button disabled={!quick.input} loading={start.isPending} onClick={() => quick.input && start.mutate({ batchId: upload.batchId, input: quick.input })}>
                      Start screening
                    </Button>
                  </Group>
                </QuickSection>
              )}
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}

export const BatchNameSearchPage = () => <QuickBatchPage kind="name" />;
export const BatchNpiSearchPage = () => <QuickBatchPage kind="npi" />;
