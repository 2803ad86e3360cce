/** What the server detected of an uploaded file (issue 18): delimiter and encoding, or the sheet read. */
import { Alert, List, Stack, Text } from '@mantine/core';
import type { FileFormat } from '#shared/batches';

const DELIMITER_WORDS: Record<NonNullable<FileFormat['delimiter']>, string> = {
  comma: 'comma-separated',
  semicolon: 'semicolon-separated',
  tab: 'tab-separated',
  pipe: 'pipe-separated (|)',
};

/** "Read as semicolon-separated text, UTF-8 with BOM." or "Read from the sheet "Staff" of the workbook." */
export function fileFormatWords(format: FileFormat): string {
  if (format.kind === 'xlsx') {
    const others = format.sheets.length > 1 ? ` (one of its ${format.sheets.length} sheets)` : '';
    return `Read from the sheet “${format.sheet ?? ''}” of the Excel workbook${others}.`;
  }
  return `Read as ${format.delimiter ? DELIMITER_WORDS[format.delimiter] : 'comma-separated'} text, ${format.encoding ?? 'UTF-8'}.`;
}

export function FileFormatNote({ format }: { format: FileFormat | undefined }) {
  if (!format) return null;
  const notes = format.notes ?? [];
  return (
    <Stack gap="xs">
      <Text size="sm" data-testid="file-format">
        {fileFormatWords(format)} If the columns below look wrong, check the file was saved as you meant.
      </Text>
      {notes.length > 0 && (
        <Alert color="yellow" title="What we noticed in the sheet" data-testid="file-notes">
          <List size="sm" spacing={4}>
            {notes.map((note) => (
              <List.Item key={note}>{note}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
