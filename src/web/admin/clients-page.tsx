/** Client Admin (/admin): every client, filtered by text and state; Open edits one. */
import { useState } from 'react';
import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ACCOUNT_STATES, type AccountState } from '#shared/teams';
import { adminKeys, fetchClients } from './admin-api';
import { AdminFrame, LoadState } from './admin-frame';
import { ClientModal } from './client-modal';
import { ClientsTable } from './clients-table';
import { STATE_LABELS } from './labels';

export function ClientsPage() {
  const [text, setText] = useState('');
  const [state, setState] = useState<AccountState | null>(null);
  const [q] = useDebouncedValue(text, 300);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useQuery({ queryKey: adminKeys.clients(q, state), queryFn: () => fetchClients(q, state), placeholderData: keepPreviousData });

  return (
    <AdminFrame title="Client Admin" lead="Every client account. Select a client's name to edit its IP allowlist and help page, or to disable it.">
      <Group gap="sm" align="flex-end" role="search" aria-label="Filter clients">
        <TextInput
          label="Search"
          placeholder="Name or domain"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
        />
        <Select
          label="State"
          placeholder="Any state"
          clearable
          data={ACCOUNT_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] }))}
          value={state}
          onChange={(value) => setState(value as AccountState | null)}
          w={{ base: '100%', sm: 220 }}
        />
      </Group>
      {list.data ? (
        <ClientsTable clients={list.data} onOpen={(client) => setOpenId(client.id)} />
      ) : (
        <LoadState isPending={list.isPending} error={list.error} label="Loading clients" />
      )}
      {openId !== null && <ClientModal clientId={openId} onClose={() => setOpenId(null)} />}
    </AdminFrame>
  );
}
