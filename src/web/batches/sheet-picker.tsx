/**
 * The sheet picker of an uploaded Excel workbook (issue 18): each sheet with its rows, the one read
 * marked, why it was chosen, and the sheets that cannot be screened with their reason. Choosing
 * another sheet reads it on the server (the draft keeps it) and hands back its preview.
 */
import { Badge, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { FileFormat } from '#shared/batches';
import { clearToasts, showToast } from '../app/toasts';
import { chooseSheet, errorMessage, type UploadResult } from './batches-api';

export interface SheetPickerProps {
  batchId: number;
  format: FileFormat | undefined;
  /** The draft now reads this sheet: its preview, to map afresh. */
  onChosen: (next: UploadResult) => void;
}

const rowsText = (rows: number) => `${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'}`;

/** Shown for a workbook of more than one sheet; nothing otherwise. */
export function SheetPicker({ batchId, format, onChosen }: SheetPickerProps) {
  const choose = useMutation({
    mutationFn: (sheet: string) => chooseSheet(batchId, sheet),
    onSuccess: (next) => {
      clearToasts('batch-sheet');
      onChosen(next);
    },
    onError: (error) => showToast(errorMessage(error), 'error', { cause: 'batch-sheet' }),
  });
  const details = format?.kind === 'xlsx' ? (format.sheetDetails ?? []) : [];
  if (details.length < 2) return null;
  const description = format?.sheetReason ?? `The workbook has ${details.length} sheets; “${format?.sheet ?? ''}” is read.`;
  return (
    <Radio.Group
      value={choose.isPending ? choose.variables : format?.sheet}
      onChange={(sheet) => sheet !== format?.sheet && choose.mutate(sheet)}
      label="Sheet to screen"
      description={`${description} Choosing another sheet maps its columns afresh.`}
      aria-busy={choose.isPending}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" mt="xs">
        {details.map((sheet) => (
          <Radio.Card key={sheet.name} value={sheet.name} disabled={sheet.problem !== null || choose.isPending} radius="md" p="sm" aria-label={`${sheet.name}, ${rowsText(sheet.rows)}`} style={{ opacity: sheet.problem ? 0.65 : 1 }}>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={2} />
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} style={{ wordBreak: 'break-word' }}>
                  {sheet.name}
                </Text>
                <Group gap={6}>
                  <Text size="sm" c="dimmed">
                    {sheet.problem && sheet.rows > 0 ? `more than ${rowsText(sheet.rows - 1)}` : rowsText(sheet.rows)}
                  </Text>
                  {sheet.isHidden && (
                    <Badge size="xs" variant="light" color="gray">
                      Hidden in Excel
                    </Badge>
                  )}
                </Group>
                {sheet.problem && (
                  <Text size="xs" c="red.9">
                    {sheet.problem}
                  </Text>
                )}
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
