/**
 * "Monitor these people" on a batch's results page (ADR 046): names a roster made of the batch's
 * rows; a batch already monitored links to its roster, and a roster's own batch links back.
 */
import { Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MONITORING_MESSAGES, RosterNameSchema } from '#shared/monitoring';
import { isApiError } from '../app/api';
import { showToast } from '../app/toasts';
import { createRoster, fetchRosters, monitoringKeys } from './monitoring-api';

export interface MonitorButtonProps {
  batchId: number;
  fileName: string;
}

export function MonitorButton({ batchId, fileName }: MonitorButtonProps) {
  const rosters = useQuery({ queryKey: monitoringKeys.rosters, queryFn: fetchRosters });
  const [isOpen, setOpen] = useState(false);
  const [name, setName] = useState(fileName.replace(/\.csv$/i, ''));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: () => createRoster(batchId, name.trim()),
    onSuccess: async (roster) => {
      showToast(MONITORING_MESSAGES.created, 'success');
      await queryClient.invalidateQueries({ queryKey: monitoringKeys.all });
      navigate(`/monitoring/${roster.rosterId}`);
    },
    onError: (error) => showToast(isApiError(error) ? error.message : 'Monitoring could not be started.', 'error'),
  });
  if (!rosters.data) return null;
  const own = rosters.data.rosters.find((r) => r.batchId === batchId);
  if (own) {
    return (
      <Anchor component={Link} to={`/monitoring/${own.rosterId}`} fw={600}>
        Monitored roster “{own.name}”: alerts and runs
      </Anchor>
    );
  }
  const from = rosters.data.rosters.find((r) => r.sourceBatchId === batchId);
  if (from) {
    return (
      <Anchor component={Link} to={`/monitoring/${from.rosterId}`} fw={600}>
        Monitored as “{from.name}”
      </Anchor>
    );
  }
  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)}>
        Monitor these people
      </Button>
      <Modal opened={isOpen} onClose={() => setOpen(false)} title="Monitor these people" centered>
        <Stack>
          <Text size="sm">
            Clearlist screens the people of this batch again each time a list they were searched against changes, and shows
            what is new as alerts to review. Their earlier decisions carry forward.
          </Text>
          <TextInput label="Roster name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={200} required />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={() => create.mutate()} loading={create.isPending} disabled={!RosterNameSchema.safeParse(name).success}>
              Start monitoring
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
