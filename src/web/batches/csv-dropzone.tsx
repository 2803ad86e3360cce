/** Drop zone for one CSV file: checks it, uploads it (typeName=Flex) and hands back the answer. */
import { useState } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useMutation } from '@tanstack/react-query';
import { BATCH_MESSAGES } from '#shared/messages';
import { CUSTOMER_FILE_TYPES, isAcceptedFileName, unsupportedFileText, type CustomerFileType } from '#shared/customer-file-types';
import { clearToasts, showToast } from '../app/toasts';
import { errorMessage, uploadBatchFile, type UploadResult } from './batches-api';

export type Uploaded = UploadResult & { fileName: string };

/** What the drop zone says it takes. */
function typeWords(types: readonly CustomerFileType[]): { title: string; hint: string } {
  const excel = types.includes('xlsx');
  return {
    title: `Drop your ${excel ? 'CSV or Excel file' : 'CSV file'} here, or click to choose it`,
    hint: `One ${excel ? '.csv or .xlsx file' : '.csv file'}, with a header row naming its columns (comma, semicolon, tab or pipe separated; any common encoding).`,
  };
}

export interface CsvDropzoneProps {
  /** The file held now, if any. */
  fileName: string | null;
  label: string;
  onUploaded: (upload: Uploaded) => void;
  /** The held file was refused and removed. */
  onRemoved?: () => void;
  /** The types the page takes: CSV or an Excel workbook, as the server reads both (issue 18). */
  types?: readonly CustomerFileType[];
}

export function CsvDropzone({ fileName, label, onUploaded, onRemoved, types = CUSTOMER_FILE_TYPES }: CsvDropzoneProps) {
  const words = typeWords(types);
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
    if (!file || !isAcceptedFileName(file.name, types)) return refuse(unsupportedFileText(types));
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
            <Text fw={600}>{words.title}</Text>
            <Text size="sm" c="dimmed">
              {words.hint}
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
