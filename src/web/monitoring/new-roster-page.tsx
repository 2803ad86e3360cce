/** New monitored roster from a file (/monitoring/new, ADR 053): a name, the file, its columns. */
import { useState } from 'react';
import { Anchor, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { RosterNameSchema } from '#shared/monitoring';
import { QuickSection } from '../batches/quick-batch-parts';
import { createRosterFromUpload } from './intake-api';
import { monitoringKeys } from './monitoring-api';
import { RosterFileForm } from './roster-file-form';

export function NewRosterPage() {
  const [name, setName] = useState('');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Container size={960} px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Anchor component={Link} to="/monitoring" size="sm">
            ← Monitoring
          </Anchor>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Monitor a roster from a file
          </Title>
          <Text c="dimmed">
            Upload your workforce, vendors or contractors once: everyone is screened now against every exclusion list, and again
            whenever a list changes. What is new arrives as an alert to review. Upload a new version of the file whenever people join or leave.
          </Text>
        </Stack>
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
          <RosterFileForm
            label="Roster file"
            submitLabel="Create the roster and screen it"
            canSubmit={RosterNameSchema.safeParse(name).success}
            before={
              <QuickSection step={1} title="Name the roster">
                <TextInput label="Roster name" placeholder="e.g. Nursing staff, Contractors" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={200} maw={420} required />
              </QuickSection>
            }
            onSubmit={async (uploadId, mapping) => {
              const roster = await createRosterFromUpload(uploadId, name.trim(), mapping);
              await queryClient.invalidateQueries({ queryKey: monitoringKeys.all });
              await navigate(`/monitoring/${roster.rosterId}`);
            }}
          />
        </Paper>
      </Stack>
    </Container>
  );
}
