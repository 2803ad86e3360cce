/** System admins work on any client: the client is chosen here and kept in the URL (?clientId=). */
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { adminKeys, fetchClients } from './admin-api';

/** The client id in the URL, or undefined for the caller's own client. */
export function useChosenClientId(): [number | undefined, (clientId: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('clientId'));
  const clientId = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  return [clientId, (next) => setParams({ clientId: String(next) }, { replace: true })];
}

export function ClientPicker({ value, onChange }: { value: number; onChange: (clientId: number) => void }) {
  const clients = useQuery({ queryKey: adminKeys.clients('', null), queryFn: () => fetchClients() });
  const data = (clients.data ?? []).map((c) => ({ value: String(c.id), label: `${c.name} (${c.domainName})` }));
  return (
    <Select
      label="Client"
      w={{ base: '100%', sm: 320 }}
      searchable
      allowDeselect={false}
      data={data.length ? data : [{ value: String(value), label: 'Loading…' }]}
      value={String(value)}
      onChange={(next) => next && onChange(Number(next))}
      nothingFoundMessage="No client matches"
    />
  );
}
