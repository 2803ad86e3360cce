/**
 * Lists (/admin/lists, system administrators, ADR 049): every list with the version in use,
 * its origin and freshness, the last check and its error in words, a check running live; check
 * now, upload a file, compare versions and roll back; approve or reject a file held (ADR 109).
 */
import { useState } from 'react';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LISTS_REFRESH_MS, type AdminListSource } from '#shared/lists-admin';
import { StateCoverage } from '../components/state-coverage';
import { useAdminChange } from './admin-api';
import { AdminFrame, LoadState } from './admin-frame';
import { checkLists, fetchListsOverview, formatWhen, listsKeys } from './lists-api';
import { HeldVersions } from './lists-held';
import { ListsTable, type ListAction } from './lists-table';
import { UploadModal } from './lists-upload-modal';
import { VersionsModal } from './lists-versions-modal';

const IDLE_REFRESH_MS = 30_000;

/** "daily at 06:00 UTC" for a daily cron, the cron itself otherwise. */
function describeSchedule(cron: string): string {
  const daily = /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(cron.trim());
  return daily ? `daily at ${daily[2].padStart(2, '0')}:${daily[1].padStart(2, '0')} UTC` : `"${cron}" (UTC)`;
}

export function ListsAdminPage() {
  const query = useQuery({
    queryKey: listsKeys.overview,
    queryFn: fetchListsOverview,
    // Live while a check runs; slowly otherwise (a scheduled check may start any time).
    refetchInterval: (q) => (q.state.data?.sources.some((s) => s.run && s.run.status !== 'done') ? LISTS_REFRESH_MS : IDLE_REFRESH_MS),
  });
  const check = useAdminChange(checkLists, (r) => r.message);
  const [open, setOpen] = useState<{ list: AdminListSource; action: Exclude<ListAction, 'check'> } | null>(null);
  const data = query.data;
  const onAction = (list: AdminListSource, action: ListAction) => {
    if (action === 'check') check.mutate([list.source]);
    else setOpen({ list, action });
  };
  const running = data?.sources.filter((s) => s.run && s.run.status !== 'done').length ?? 0;
  return (
    <AdminFrame
      title="Lists"
      lead="Every list Clearlist screens against: the version in use, where it came from, how fresh it is, and its checks for updates."
      actions={
        data && (
          <Button onClick={() => check.mutate(undefined)} loading={check.isPending}>
            Check all now
          </Button>
        )
      }
    >
      {!data ? (
        <LoadState isPending={query.isPending} error={query.error} label="Loading the lists" />
      ) : (
        <Stack gap="lg">
          {data.offline && (
            <Alert color="red" variant="light" title="This server cannot reach the list publishers" role="alert">
              The last checks could not connect to any publisher ({data.offline.detail}, {formatWhen(data.offline.since)}). Until it can, upload the files here, or run
              &quot;clearlist lists import&quot; on a machine that has them.
            </Alert>
          )}
          {data.isSamplesOnly && (
            <Alert color="yellow" variant="light" title="Screening uses the synthetic samples" role="status">
              Only the sample lists shipped with Clearlist are loaded: results are not real.{' '}
              {data.offline
                ? 'Real lists arrive once the publishers can be reached, or when you upload them.'
                : running
                  ? 'The official lists are being downloaded now.'
                  : data.nextCheck
                    ? `The official lists are downloaded at the next check (${formatWhen(data.nextCheck)}), or now with "Check all now".`
                    : 'Scheduled checks are off: use "Check all now" or upload the files.'}
            </Alert>
          )}
          <HeldVersions lists={data.sources} />
          <Text size="sm" c="dimmed" aria-live="polite">
            {data.schedule ? `Scheduled checks: ${describeSchedule(data.schedule)}; next ${formatWhen(data.nextCheck)}.` : 'Scheduled checks are off (LIST_UPDATE_SCHEDULE=off).'}{' '}
            {running ? `${running} check${running === 1 ? '' : 's'} running; this page follows them live.` : ''}
          </Text>
          <ListsTable lists={data.sources} now={data.now} nextCheck={data.nextCheck} onAction={onAction} />
          <Stack gap="xs" component="section" aria-labelledby="every-state">
            <Title order={2} fz="lg" id="every-state">
              Every state
            </Title>
            <StateCoverage />
          </Stack>
        </Stack>
      )}
      {open?.action === 'upload' && <UploadModal list={open.list} onClose={() => setOpen(null)} />}
      {open?.action === 'versions' && <VersionsModal list={data?.sources.find((s) => s.source === open.list.source) ?? open.list} onClose={() => setOpen(null)} />}
    </AdminFrame>
  );
}
