/**
 * The monthly evidence of a roster (ADR 051): when it is fully re-screened (the day of the month
 * the client chooses), and its monitoring certificates, one PDF per full re-screen, kept for years.
 */
import { Anchor, Button, Card, Group, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MONITORING_MESSAGES, RESCREEN_DAY_MAX, type Roster, type RosterDetail } from '#shared/monitoring';
import { isApiError } from '../app/api';
import { showToast } from '../app/toasts';
import { certificateUrl, formatDay, formatMonth, formatUtc, monitoringKeys, setRescreenDay } from './monitoring-api';

const DAYS = Array.from({ length: RESCREEN_DAY_MAX }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));

export function ScheduleCard({ roster }: { roster: Roster }) {
  const [day, setDay] = useState(String(roster.rescreenDay));
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () => setRescreenDay(roster.rosterId, Number(day)),
    onSuccess: () => {
      showToast(MONITORING_MESSAGES.scheduleSaved, 'success');
      void queryClient.invalidateQueries({ queryKey: monitoringKeys.all });
    },
    onError: (error) => showToast(isApiError(error) ? error.message : 'The day could not be saved.', 'error'),
  });
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="schedule-title">
      <Stack gap="xs">
        <Title order={2} fz="lg" id="schedule-title">
          Monthly full re-screen
        </Title>
        <Text size="sm" c="dimmed">
          Every list update screens these people against what changed. Once a month they are also screened in full against every list, which
          issues the month&rsquo;s monitoring certificate. A new version of the matching rules re-screens them in full at once.
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select label="Day of the month" data={DAYS} value={day} onChange={(v) => v && setDay(v)} allowDeselect={false} w={140} />
          <Button variant="default" onClick={() => save.mutate()} loading={save.isPending} disabled={Number(day) === roster.rescreenDay}>
            Save day
          </Button>
          <Text size="sm">
            Next full re-screen: <strong>{formatUtc(roster.nextRunAt)}</strong>
            <br />
            Last full re-screen: <strong>{roster.lastFullRunAt ? formatUtc(roster.lastFullRunAt) : 'not yet'}</strong>
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

export function CertificatesTable({ rosterId, certificates }: { rosterId: number; certificates: RosterDetail['certificates'] }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="certificates-title">
      <Title order={2} fz="lg" id="certificates-title">
        Monitoring certificates
      </Title>
      {certificates.length === 0 ? (
        <Text c="dimmed">The first certificate is issued by the first monthly full re-screen.</Text>
      ) : (
        <Card withBorder padding={0}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Month</Table.Th>
                <Table.Th>Issued</Table.Th>
                <Table.Th ta="right">People</Table.Th>
                <Table.Th ta="right">Findings</Table.Th>
                <Table.Th ta="right">Still to review then</Table.Th>
                <Table.Th>Certificate</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {certificates.map((c) => (
                <Table.Tr key={c.certificateId}>
                  <Table.Td>{formatMonth(c.period)}</Table.Td>
                  <Table.Td>{formatDay(c.issuedAt)}</Table.Td>
                  <Table.Td ta="right">{c.people.toLocaleString('en-US')}</Table.Td>
                  <Table.Td ta="right">{c.findings}</Table.Td>
                  <Table.Td ta="right">{c.openFindings}</Table.Td>
                  <Table.Td>
                    <Anchor href={certificateUrl(rosterId, c.certificateId)} download>
                      Download PDF <VisuallyHidden>of the certificate of {formatMonth(c.period)}</VisuallyHidden>
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
    </Stack>
  );
}
