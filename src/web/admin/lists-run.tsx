/** A check as it runs (download, parse, import, index) or how the last one ended, for one list's row. */
import { Progress, Stack, Text } from '@mantine/core';
import { LIST_STAGES, type AdminListSource, type ListRun, type ListStage } from '#shared/lists-admin';
import { formatBytes, formatCount, formatWhen } from './lists-api';

const STAGE_LABELS: Record<ListStage, string> = { download: 'Download', parse: 'Parse', import: 'Import', index: 'Index' };

function stageDetail(run: ListRun): string {
  if (run.status === 'queued') return 'Waiting for the job queue…';
  switch (run.stage) {
    case 'download':
      return run.totalBytes ? `Downloading ${formatBytes(run.bytes)} of ${formatBytes(run.totalBytes)}` : `Downloading ${formatBytes(run.bytes)}`;
    case 'parse':
      return `Reading the file: ${formatCount(run.rows)} rows`;
    case 'import':
      return `Comparing and activating ${formatCount(run.rows)} rows`;
    case 'index':
      return 'Updating the search index';
    default:
      return 'Starting…';
  }
}

/** The open run's stages, the current one marked, with its figures. */
export function RunProgress({ run, title }: { run: ListRun; title: string }) {
  const current = run.stage ? LIST_STAGES.indexOf(run.stage) : -1;
  const percent = run.stage === 'download' && run.totalBytes ? Math.round((run.bytes / run.totalBytes) * 100) : null;
  return (
    <Stack gap={4} role="status" aria-label={`Check of ${title}`}>
      <Text size="xs">
        {LIST_STAGES.map((stage, i) => (
          <Text key={stage} span size="xs" fw={i === current ? 700 : 400} c={i < current ? 'teal' : i === current ? 'blue' : 'dimmed'} aria-current={i === current ? 'step' : undefined}>
            {i > 0 ? ' › ' : ''}
            {STAGE_LABELS[stage]}
          </Text>
        ))}
      </Text>
      {percent !== null && <Progress value={percent} size="sm" aria-label={`Downloaded ${percent}%`} />}
      <Text size="xs" c="dimmed">
        {stageDetail(run)}
      </Text>
    </Stack>
  );
}

const OUTCOMES: Record<string, string> = {
  imported: 'new version imported',
  held: 'new file held for approval',
  unchanged: 'unchanged',
  'not-configured': 'no download configured',
  failed: 'failed',
};

const OUTCOME_COLORS: Record<string, string | undefined> = { failed: 'red', held: 'orange.8' };

/** The last check: when and how it ended, and the current error in words. */
export function LastCheck({ list }: { list: AdminListSource }) {
  return (
    <Stack gap={2}>
      {list.lastCheck ? (
        <Text size="sm">
          {formatWhen(list.lastCheck.at)}:{' '}
          <Text span size="sm" c={OUTCOME_COLORS[list.lastCheck.outcome]} fw={OUTCOME_COLORS[list.lastCheck.outcome] ? 600 : undefined}>
            {OUTCOMES[list.lastCheck.outcome] ?? list.lastCheck.outcome}
          </Text>
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Never checked
        </Text>
      )}
      {list.lastError && (
        <Text size="xs" c="red" title={list.lastError.detail}>
          {list.lastError.words}
          {list.lastError.since ? ` (failing since ${formatWhen(list.lastError.since)})` : ''}
        </Text>
      )}
      {!list.lastError && list.downloadHint && (
        <Text size="xs" c="dimmed">
          No download configured: upload the files.
        </Text>
      )}
    </Stack>
  );
}
