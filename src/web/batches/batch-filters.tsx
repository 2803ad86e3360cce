/** Filters of the batch list: file name, client (system admins), team (team owners), uploader, Reset. */
import { Button, Group, Select, TextInput } from '@mantine/core';
import type { BatchFilterOptions, FilterOption } from './batches-api';

export interface FilterValues {
  text: string;
  client: string | null;
  team: string | null;
  uploader: string | null;
}

export const NO_FILTERS: FilterValues = { text: '', client: null, team: null, uploader: null };

export interface BatchFiltersProps {
  values: FilterValues;
  options: BatchFilterOptions | undefined;
  showsClient: boolean;
  showsTeam: boolean;
  onChange: (values: FilterValues) => void;
}

const toData = (options: FilterOption[] | undefined) => (options ?? []).map((o) => ({ value: String(o.id), label: o.name }));

export function BatchFilters({ values, options, showsClient, showsTeam, onChange }: BatchFiltersProps) {
  const set = (patch: Partial<FilterValues>) => onChange({ ...values, ...patch });
  const width = { base: '100%', sm: 220 };
  return (
    <Group gap="sm" align="flex-end" role="search" aria-label="Filter batches">
      <TextInput
        label="Search"
        placeholder="File name"
        value={values.text}
        onChange={(event) => set({ text: event.currentTarget.value })}
        w={width}
      />
      {showsClient && (
        <Select
          label="Client"
          placeholder="All clients"
          clearable
          searchable
          data={toData(options?.clients)}
          value={values.client}
          // A new client has other teams and uploaders.
          onChange={(client) => set({ client, team: null, uploader: null })}
          w={width}
        />
      )}
      {showsTeam && (
        <Select
          label="Team"
          placeholder="All teams"
          clearable
          data={toData(options?.teams)}
          value={values.team}
          onChange={(team) => set({ team, uploader: null })}
          w={width}
        />
      )}
      <Select
        label="Uploaded by"
        placeholder="Anyone"
        clearable
        searchable
        data={toData(options?.uploaders)}
        value={values.uploader}
        onChange={(uploader) => set({ uploader })}
        w={width}
      />
      <Button variant="default" onClick={() => onChange(NO_FILTERS)}>
        Reset
      </Button>
    </Group>
  );
}
