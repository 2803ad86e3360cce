/** The audit entries about one user. */
import { Modal } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AdminUser } from '#shared/admin';
import { adminKeys, fetchUserHistory } from './admin-api';
import { LoadState } from './admin-frame';
import { HistoryTable } from './history-table';

export function UserHistoryModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const history = useQuery({ queryKey: adminKeys.userHistory(user.id), queryFn: () => fetchUserHistory(user.id) });
  return (
    <Modal opened onClose={onClose} title={`History of ${user.username}`} size="xl" centered>
      {history.data ? <HistoryTable entries={history.data} /> : <LoadState isPending={history.isPending} error={history.error} label="Loading the history" />}
    </Modal>
  );
}
