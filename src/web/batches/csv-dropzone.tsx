/** Drop zone for one CSV file: checks it, uploads it (typeName=Flex) and hands back the answer. */
import { useState } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useMutation } from '@tanstack/react-query';
import { BATCH_MESSAGES } from '#shared/messages';
import { clearToasts, showToast } from '../app/toasts';
import { errorMessage, uploadBatchFile, type UploadResult } from './batches-api';

export type Uploaded = UploadResult & { fileName: string };

/** CSV text or an Excel workbook (.xlsx): the server reads both with one reader (issue 18). */
export const isCsvName = (name: string) => /\.(csv|xlsx)$/i.test(name);

export interface CsvDropzoneProps {
  /** The file held now, if any. */
  fileName: string | null;
  label: string;
  onUploaded: (upload: Uploaded) => void;
  /** The held file was refused and removed. */
  onRemoved?: () => void;
}

export function CsvDropzone({ fileName, label, onUploaded, onRemoved }: CsvDropzoneProps) {
  const [rejected, setRejected] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadBatchFile(file),
    onSuccess: (result, file) => {
      clearToasts('batch-file');
      onUploaded({ ...result, fileName: file.name });
    },
    onError: (error) => {
      showToast(errorMessage(error), 'error', { cause: 'batch-file' });
      onRemoved?.();
    },
  });

  const refuse = (message: string) => {
    setRejected(message);
    showToast(message, 'error', { cause: 'batch-file' });
    onRemoved?.();
  };
  // More than one file refuses the whole drop: which one was meant is anybody's guess.
  const onDropAny = (files: File[], rejections: FileRejection[]) => {
    if (files.length + rejections.length > 1) return refuse(BATCH_MESSAGES.noMoreFiles);
    const file = files[0];
    if (!file || !isCsvName(file.name)) return refuse(BATCH_MESSAGES.csvOnly);
    setRejected(null);
    upload.mutate(file);
  };

  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={() => {}}
        onDropAny={onDropAny}
        maxFiles={1}
        multiple={false}
        loading={upload.isPending}
        aria-label={label}
        p="xl"
      >
        <Group justify="center" gap="md" mih={90} style={{ pointerEvents: 'none' }}>
          <Stack gap={4} align="center" ta="center">
            <Text fw={600}>Drop your CSV or Excel file here, or click to choose it</Text>
            <Text size="sm" c="dimmed">
              One .csv or .xlsx file, with a header row naming its columns (comma, semicolon, tab or pipe separated; any common encoding).
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {fileName && !upload.isPending && (
        <Text size="sm" role="status">
          Uploaded: <strong>{fileName}</strong>
        </Text>
      )}
      {rejected && (
        <Text size="sm" c="red.9" role="alert">
          {rejected}
        </Text>
      )}
    </Stack>
  );
}
