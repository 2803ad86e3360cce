/**
 * The review step's check of the whole file (issue 18): how many rows each search runs on (add-on
 * searches skip, and do not bill, rows without their field), and the rows with problems, with the
 * problem list to download and the choice to screen the valid rows and skip the others.
 */
import { Alert, Button, Checkbox, Group, List, Loader, Stack, Text } from '@mantine/core';
import { SEARCH_TYPES } from '#shared/search-types';
import type { MappingCheck } from './batches-api';
import { downloadProblemList } from './problem-list';

export interface ScreeningSummaryProps {
  fileName: string;
  check: MappingCheck | undefined;
  isChecking: boolean;
  checkError: string | null;
  skipInvalid: boolean;
  onSkipInvalid: (skip: boolean) => void;
  onShowProblems: () => void;
}

const count = (n: number, word = 'row') => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

export function ScreeningSummary({ fileName, check, isChecking, checkError, skipInvalid, onSkipInvalid, onShowProblems }: ScreeningSummaryProps) {
  if (isChecking) {
    return (
      <Group gap="xs">
        <Loader size="sm" aria-label="Checking the file" />
        <Text size="sm">Checking every row of the file…</Text>
      </Group>
    );
  }
  if (checkError) return <Alert color="red">{checkError}</Alert>;
  const summary = check?.summary;
  if (!summary) return null;
  const invalid = summary.invalidRows;
  const listed = check.errors.length;
  return (
    <Stack gap="sm">
      <List size="sm" spacing={4} aria-label="Rows each search runs on">
        {summary.searches.map(({ searchType, rows }) => {
          const type = SEARCH_TYPES.find((t) => t.name === searchType);
          const skipped = summary.validRows - rows;
          return (
            <List.Item key={searchType}>
              <strong>{searchType}</strong>: {count(rows)}
              {skipped > 0 && type && !type.required && ` (${count(skipped)} without ${type.requiredColumns.join(' and ')} skipped, not billed)`}
            </List.Item>
          );
        })}
      </List>
      {(summary.notedRows ?? 0) > 0 && <NotedRows notedRows={summary.notedRows ?? 0} notes={summary.notes ?? []} />}
      {invalid > 0 && (
        <Alert color="yellow" title={`${count(invalid)} of ${summary.rows.toLocaleString('en-US')} ${invalid === 1 ? 'has a problem' : 'have problems'}`}>
          <Stack gap="sm">
            <Text size="sm">
              Download the list of problems (row, column, reason){listed < invalid ? ` — the first ${listed.toLocaleString('en-US')} rows` : ''}, fix the file and upload it again, or screen
              the valid rows now and skip the others: the skipped rows are listed in the batch’s audit report.
            </Text>
            <Group gap="sm">
              <Button variant="light" size="xs" onClick={() => downloadProblemList(check.errors, fileName)}>
                Download the problem list (CSV)
              </Button>
              <Button variant="default" size="xs" onClick={onShowProblems}>
                See the problems and upload a corrected file
              </Button>
            </Group>
            <Checkbox
              checked={skipInvalid}
              onChange={(event) => onSkipInvalid(event.currentTarget.checked)}
              label={`Screen the ${count(summary.validRows, 'valid row')} and skip the ${count(invalid, 'other')}`}
            />
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

/** Shown in the summary: the first rows screened despite an NPI problem; the rest are counted. */
const NOTES_SHOWN = 5;

/** Rows screened all the same despite an NPI problem (issue 50): their results say the problem. */
function NotedRows({ notedRows, notes }: { notedRows: number; notes: readonly { rowIndx: number; note: string }[] }) {
  const shown = notes.slice(0, NOTES_SHOWN);
  return (
    <Alert color="blue" title={`${count(notedRows)} with an NPI problem ${notedRows === 1 ? 'is' : 'are'} screened all the same`}>
      <Text size="sm">A bad NPI never stops a row’s other searches: each is screened by name (an NPI failing only the check digit is still compared with the lists’ NPIs), and its results show the problem.</Text>
      <List size="sm" spacing={2} mt="xs" aria-label="Rows with an NPI problem">
        {shown.map((n) => (
          <List.Item key={n.rowIndx}>
            Row {n.rowIndx + 1}: {n.note}
          </List.Item>
        ))}
        {notedRows > shown.length && <List.Item>and {count(notedRows - shown.length, 'more row')}</List.Item>}
      </List>
    </Alert>
  );
}
