/**
 * The slide-in detail of a record (spec §2 Detail drawer), 960 wide: match status with its
 * dropdown, why it matched, the list version, details sections, the customer's own row and
 * the change history; clear-only records show 'Clear' and no history.
 */
import { Alert, Badge, Center, Divider, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { ListVersionInfo, MatchDetail } from '#shared/result-detail';
import { ChangeHistory, formatUtcTime } from './change-history';
import { DetailSections } from './detail-sections';
import { MatchExplanationView } from './match-explanation';
import { changeExclusions, changeNpi, changeSsdmf, errorMessage, fetchDetail, type DetailTarget } from './results-api';
import { resultKeys } from './result-keys';
import { ClearText, StatusMenu } from './status-menu';
import { useStatusChange } from './use-status-change';
import { criteriaBesideUniqueId } from '#shared/search-criteria';

export const DRAWER_WIDTH = 960;

const SENDERS = { exclusions: changeExclusions, npi: changeNpi, ssdmf: changeSsdmf } as const;

export interface DetailDrawerProps {
  batchId: number;
  target: DetailTarget | null;
  onClose: () => void;
}

const targetId = (t: DetailTarget) => (t.resultType === 'ssdmf' ? (t.id ?? -t.searchId) : t.id);

export function DetailDrawer({ batchId, target, onClose }: DetailDrawerProps) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  const detail = useQuery({
    queryKey: target ? resultKeys.detail(batchId, target.resultType, targetId(target)) : ['results', batchId, 'none'],
    queryFn: () => fetchDetail(batchId, target!),
    enabled: target !== null,
  });
  const change = useStatusChange(batchId, (ids, status, comment) => SENDERS[target?.resultType ?? 'exclusions'](batchId, ids, status, comment));

  return (
    <>
      <Drawer opened={target !== null} onClose={onClose} position="right" size={isPhone ? '100%' : DRAWER_WIDTH} title="Record details" padding="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
        {detail.data ? (
          <DetailBody detail={detail.data} onChoose={(status) => change.ask([detail.data.id], status)} />
        ) : detail.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(detail.error)}
          </Alert>
        ) : (
          <Center py="xl">
            <Loader aria-label="Loading the record" />
          </Center>
        )}
      </Drawer>
      {change.dialog}
    </>
  );
}

function DetailBody({ detail, onChoose }: { detail: MatchDetail; onChoose: (status: MatchDetail['matchStatus']) => void }) {
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
          {criteriaBesideUniqueId(detail.searchCriteriaKey, detail.uniqueId)}
        </Text>
        {detail.uniqueId && (
          <Badge variant="outline" color="gray" tt="none">
            Unique ID: {detail.uniqueId}
          </Badge>
        )}
        <Group gap="sm" align="center">
          <Text size="sm" fw={600}>
            Match status
          </Text>
          {detail.clearOnly ? (
            <ClearText />
          ) : (
            <StatusMenu status={detail.matchStatus} choices={detail.statusChoices} recordLabel="this record" onChoose={onChoose} />
          )}
        </Group>
        {!detail.clearOnly && detail.latestNote && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span size="sm" fw={600}>
              Latest note:
            </Text>{' '}
            {detail.latestNote}
          </Text>
        )}
      </Stack>
      {detail.listVersion && <ListVersionLine version={detail.listVersion} checkedOnly={detail.resultType === 'ssdmf' && detail.clearOnly} />}
      {detail.explanation && detail.explanationWords && <MatchExplanationView score={detail.explanation.score} threshold={detail.explanation.threshold} words={detail.explanationWords} algorithmVersion={detail.explanation.algorithmVersion} />}
      <Divider />
      <DetailSections sections={detail.details} />
      {detail.userData.length > 0 && (
        <>
          <Divider />
          <DetailSections heading="Your data" sections={detail.userData} />
        </>
      )}
      {!detail.clearOnly && (
        <>
          <Divider />
          <ChangeHistory entries={detail.changeHistorys} />
        </>
      )}
    </Stack>
  );
}

/** Where the record came from; for an SSN not in the DMF (`checkedOnly`), the version it was checked against. */
function ListVersionLine({ version, checkedOnly }: { version: ListVersionInfo; checkedOnly: boolean }) {
  return (
    <Text size="sm" c="dimmed" aria-label="List version">
      {checkedOnly ? 'Checked against' : 'From'} {version.sourceName}, list version {version.versionId}
      {version.asOf ? `, as of ${version.asOf}` : ''} (fetched {formatUtcTime(version.fetchedAt)}).
    </Text>
  );
}
