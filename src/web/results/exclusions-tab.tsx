/** Exclusions tab: filters, toolbar (collapse/expand all, columns, sort, bulk change), groups by search criteria, paging. */
import { useId, useState } from 'react';
import { Alert, Button, Center, Group, Loader, MultiSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ExclusionRecord, ReviewStatus } from '#shared/results';
import { showToast } from '../app/toasts';
import { BulkStatusBar } from './bulk-status-bar';
import { ColumnPicker, useColumnChoice } from './column-picker';
import { DetailDrawer } from './detail-drawer';
import { EXCLUSION_COLUMNS } from './exclusion-columns';
import { ExclusionGroup } from './exclusion-group';
import { ResultFilters, FILTER_WIDTH } from './result-filters';
import { changeExclusions, errorMessage, fetchExclusions, fetchSources, type DetailTarget } from './results-api';
import { resultKeys } from './result-keys';
import { ResultsPager } from './results-pager';
import { idsToChange, useSelection } from './use-selection';
import { useStatusChange } from './use-status-change';

/** Groups per page. */
export const GROUP_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 500;

interface Filters {
  sc: string;
  status: string[];
  sources: string[];
}
const NO_FILTERS: Filters = { sc: '', status: [], sources: [] };

export function ExclusionsTab({ batchId }: { batchId: number }) {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [sc] = useDebouncedValue(filters.sc, SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<'ASC' | 'DESC'>('ASC');
  const sortLabelId = useId();
  const [page, setPage] = useState(1);
  const [shown, setShown] = useColumnChoice('exclusions', EXCLUSION_COLUMNS);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<DetailTarget | null>(null);
  const { selected, select, clear } = useSelection();

  const query = { page, limits: GROUP_PAGE_SIZE, sort, sc, status: filters.status, sources: filters.sources };
  const list = useQuery({ queryKey: resultKeys.list(batchId, 'exclusions', query), queryFn: () => fetchExclusions(batchId, query), placeholderData: keepPreviousData });
  const sources = useQuery({ queryKey: resultKeys.sources, queryFn: fetchSources, staleTime: 10 * 60_000 });
  const change = useStatusChange(batchId, (ids, status, comment) => changeExclusions(batchId, ids, status, comment), clear);

  const records = list.data?.records ?? [];
  const groups = list.data?.scGroups ?? [];
  const update = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
    clear();
  };
  const allCollapsed = groups.length > 0 && groups.every((g) => collapsed.has(g.searchCriteria));
  const toggle = (key: string) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const bulk = (status: ReviewStatus) => {
    const ids = idsToChange(records, selected, status);
    if (ids.length) change.ask(ids, status);
    else showToast('The selected records already have this status.', 'info');
  };

  return (
    <Stack gap="md">
      <ResultFilters
        label="Filter exclusions"
        criteria={filters.sc}
        statuses={filters.status}
        onCriteria={(text) => update({ sc: text })}
        onStatuses={(status) => update({ status })}
        onReset={() => update(NO_FILTERS)}
      >
        <MultiSelect
          label="Source"
          placeholder={filters.sources.length ? undefined : 'Any source'}
          data={(sources.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={filters.sources}
          onChange={(values) => update({ sources: values })}
          searchable
          clearable
          w={FILTER_WIDTH}
        />
      </ResultFilters>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <BulkStatusBar count={selected.size} onChoose={bulk} onClear={clear} />
        <Group gap="xs" wrap="wrap">
          <Button variant="default" onClick={() => setCollapsed(allCollapsed ? new Set() : new Set(groups.map((g) => g.searchCriteria)))}>
            {allCollapsed ? 'Expand all' : 'Collapse all'}
          </Button>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600} id={sortLabelId}>
              Sort criteria
            </Text>
            <SegmentedControl
              aria-labelledby={sortLabelId}
              data={[
                { value: 'ASC', label: 'A–Z' },
                { value: 'DESC', label: 'Z–A' },
              ]}
              value={sort}
              onChange={(value) => {
                setSort(value === 'DESC' ? 'DESC' : 'ASC');
                setPage(1);
                clear();
              }}
            />
          </Group>
          <ColumnPicker columns={EXCLUSION_COLUMNS} shown={shown} onChange={setShown} />
        </Group>
      </Group>
      {list.data ? (
        <>
          {groups.length === 0 && <Text c="dimmed">No exclusion record matches these filters.</Text>}
          {groups.map((group) => (
            <ExclusionGroup
              key={group.searchCriteria}
              group={group}
              records={records.filter((r) => r.searchCriteriaKey === group.searchCriteria)}
              isCollapsed={collapsed.has(group.searchCriteria)}
              onToggle={() => toggle(group.searchCriteria)}
              shown={shown}
              selected={selected}
              onSelect={select}
              onOpen={(r: ExclusionRecord) => setOpen({ resultType: 'exclusions', id: r.id })}
              onChoose={(r, status) => change.ask([r.id], status)}
            />
          ))}
          <ResultsPager
            page={page}
            total={list.data.total ?? 0}
            pageSize={GROUP_PAGE_SIZE}
            noun="search criteria groups"
            onChange={(p) => {
              setPage(p);
              clear();
            }}
          />
        </>
      ) : list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading exclusions" />
        </Center>
      ) : (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(list.error)}
        </Alert>
      )}
      {change.dialog}
      <DetailDrawer batchId={batchId} target={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
