/** Upload a new version of a roster (/monitoring/{rosterId}/update, ADR 053): compared before anything changes. */
import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { compareVersion } from './intake-api';
import { fetchRoster, monitoringKeys } from './monitoring-api';
import { RosterFileForm } from './roster-file-form';

export function RosterUpdatePage() {
  const rosterId = Number(useParams().rosterId);
  const navigate = useNavigate();
  const roster = useQuery({ queryKey: monitoringKeys.roster(rosterId), queryFn: () => fetchRoster(rosterId), enabled: rosterId > 0 });
  const name = roster.data?.roster.name ?? 'the roster';
  return (
    <Container size={960} px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Anchor component={Link} to={`/monitoring/${rosterId}`} size="sm">
            ← {name}
          </Anchor>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Upload a new version of {name}
          </Title>
          <Text c="dimmed">
            The file is compared with the people monitored now. You see who was added, who is gone and what changed for each
            person before anything is applied.
          </Text>
        </Stack>
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
          <RosterFileForm
            label="New version of the roster"
            submitLabel="Compare with the roster"
            onSubmit={async (uploadId, mapping) => {
              const version = await compareVersion(rosterId, uploadId, mapping);
              await navigate(`/monitoring/${rosterId}/versions/${version.versionId}`);
            }}
          />
        </Paper>
      </Stack>
    </Container>
  );
}
