/** Upload a list's files (a licensed DMF, a state file, OFAC files): full or incremental, imported as the CLI does. */
import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import type { AdminListSource, ImportResult } from '#shared/lists-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from './admin-api';
import { formatCount, uploadListFiles } from './lists-api';

const MODES = [
  { value: 'auto', label: 'Tell from the file' },
  { value: 'full', label: 'Full list' },
  { value: 'incremental', label: 'Update to apply' },
];

export function UploadModal({ list, onClose }: { list: AdminListSource; onClose: () => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const [mode, setMode] = useState('auto');
  const [result, setResult] = useState<ImportResult | null>(null);
  const queryClient = useQueryClient();
  // The outcome is said in the dialog itself (a refusal can be long), not in a toast.
  const upload = useMutation({ mutationFn: uploadListFiles, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }) });
  const submit = () => upload.mutate({ source: list.source, files, mode }, { onSuccess: setResult });
  return (
    <Modal opened onClose={onClose} title={`Upload a file: ${list.title}`} size="lg" centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The file is checked against the layout {list.publisher} publishes and imported as a new version; a refused file changes nothing. Several files at once for lists published in parts (OFAC: sdn.csv, alt.csv, add.csv).
        </Text>
        <FileInput label="Files" placeholder="Choose the files" multiple value={files} onChange={setFiles} clearable />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Mode
          </Text>
          <SegmentedControl data={MODES} value={mode} onChange={setMode} aria-label="Mode" />
          <Text size="xs" c="dimmed">
            A full list replaces the version in use; an update (LEIE supplement, DMF or NPPES update) is applied to it.
          </Text>
        </Stack>
        {upload.error && (
          <Alert color="red" variant="light" role="alert" title="Not imported">
            {errorMessage(upload.error)}
          </Alert>
        )}
        {result && (
          <Alert color="teal" variant="light" role="status" title={`Version ${result.version} is in use`}>
            <Text size="sm">
              {formatCount(result.records)} records ({result.mode}
              {result.asOf ? `, as of ${result.asOf}` : ''}): {formatCount(result.added)} added, {formatCount(result.removed)} removed, {formatCount(result.changed)} changed, {formatCount(result.reinstated)} reinstated.
            </Text>
            {result.comparison && result.comparison.reasons.length > 0 && (
              <>
                <Text size="sm" mt={4} fw={600}>
                  Compared with version {result.comparison.against}, which it replaces:
                </Text>
                <List size="xs">
                  {result.comparison.reasons.map((r) => (
                    <List.Item key={r.kind + r.words}>{r.words}</List.Item>
                  ))}
                </List>
              </>
            )}
            {result.rowsRejected > 0 && (
              <>
                <Text size="sm" mt={4}>
                  {formatCount(result.rowsRejected)} rows were rejected:
                </Text>
                <List size="xs">
                  {result.rejected.slice(0, 5).map((row) => (
                    <List.Item key={`${row.file}-${row.line}`}>
                      {row.file ? `${row.file} ` : ''}line {row.line}: {row.reason}
                    </List.Item>
                  ))}
                </List>
              </>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {result ? 'Close' : 'Cancel'}
          </Button>
          {!result && (
            <Button onClick={submit} disabled={files.length === 0} loading={upload.isPending}>
              Upload and import
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
