/**
 * Exclusions tab: summary, filters, view controls (sort, page size, density), bulk change of
 * the selection or of every record the filter matches, the groups in one table, paging.
 */
import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, MultiSelect, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ExclusionRecord } from '#shared/results';
import type { ReviewStatus } from '#shared/review-status';
import { SCORE_BAND_LABELS, SCORE_BANDS, type ExclusionOrder, type ScoreBand } from '#shared/results-order';
import { showToast } from '../app/toasts';
import { BulkStatusBar } from './bulk-status-bar';
import { ColumnPicker, useColumnChoice } from './column-picker';
import { DetailDrawer } from './detail-drawer';
import { EXCLUSION_COLUMNS } from './exclusion-columns';
import { ExclusionTable } from './exclusion-table';
import { ResultFilters, FILTER_WIDTH } from './result-filters';
import { changeExclusions, changeExclusionsByFilter, errorMessage, fetchExclusions, fetchMatchingCount, fetchSources, type DetailTarget, type ExclusionFilterQuery } from './results-api';
import { resultKeys } from './result-keys';
import { ResultsPager } from './results-pager';
import { ResultsSummary } from './results-summary';
import { SelectMatching } from './select-matching';
import { TriageToolbar, type SortDirection } from './triage-toolbar';
import { idsToChange, useSelection } from './use-selection';
import { useStatusChange } from './use-status-change';
import { useDensity, useGroupPageSize } from './use-triage-view';

export const SEARCH_DEBOUNCE_MS = 500;

const NO_FILTERS: ExclusionFilterQuery = { sc: '', status: [], sources: [], scoreBand: [] };
const SCORE_BAND_OPTIONS = SCORE_BANDS.map((value) => ({ value, label: SCORE_BAND_LABELS[value] }));

export function ExclusionsTab({ batchId }: { batchId: number }) {
  const [filters, setFilters] = useState<ExclusionFilterQuery>(NO_FILTERS);
  const [sc] = useDebouncedValue(filters.sc, SEARCH_DEBOUNCE_MS);
  const [order, setOrder] = useState<{ orderBy: ExclusionOrder; sort: SortDirection }>({ orderBy: 'name', sort: 'ASC' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useGroupPageSize();
  const [density, setDensity] = useDensity();
  const [shown, setShown] = useColumnChoice('exclusions', EXCLUSION_COLUMNS);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<DetailTarget | null>(null);
  const { selected, select, clear } = useSelection();
  /** How many records the filter matched when the person selected them all; null: only ids are selected. */
  const [matching, setMatching] = useState<number | null>(null);
  const [isCounting, setCounting] = useState(false);
  const clearAll = () => {
    clear();
    setMatching(null);
  };

  const filter = { ...filters, sc };
  const query = { page, limits: pageSize, ...order, ...filter };
  const list = useQuery({ queryKey: resultKeys.list(batchId, 'exclusions', query), queryFn: () => fetchExclusions(batchId, query), placeholderData: keepPreviousData });
  const sources = useQuery({ queryKey: resultKeys.sources, queryFn: fetchSources, staleTime: 10 * 60_000 });
  const change = useStatusChange(batchId, (ids, status, comment) => changeExclusions(batchId, ids, status, comment), clearAll);
  const changeAll = useStatusChange(batchId, (_ids, status, comment) => changeExclusionsByFilter(batchId, filter, matching ?? 0, status, comment), clearAll);

  const records = list.data?.records ?? [];
  const groups = list.data?.scGroups ?? [];
  const total = list.data?.total ?? 0;
  const restart = () => {
    setPage(1);
    clearAll();
  };
  const update = (patch: Partial<ExclusionFilterQuery>) => {
    setFilters((f) => ({ ...f, ...patch }));
    restart();
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
    if (matching !== null) return changeAll.ask([], status, matching);
    const ids = idsToChange(records, selected, status);
    if (ids.length) change.ask(ids, status);
    else showToast('The selected records already have this status.', 'info');
  };
  const selectMatching = async () => {
    setCounting(true);
    try {
      setMatching(await fetchMatchingCount(batchId, filter));
    } catch (error) {
      showToast(errorMessage(error), 'error');
    } finally {
      setCounting(false);
    }
  };
  const isPageSelected = records.length > 0 && records.every((r) => selected.has(r.id));

  return (
    <Stack gap="md">
      <ResultsSummary batchId={batchId} />
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
        <MultiSelect
          label="Score"
          placeholder={filters.scoreBand.length ? undefined : 'Any score'}
          data={SCORE_BAND_OPTIONS}
          value={filters.scoreBand}
          onChange={(values) => update({ scoreBand: values as ScoreBand[] })}
          clearable
          w={FILTER_WIDTH}
        />
      </ResultFilters>
      <Group justify="space-between" gap="sm" wrap="wrap" align="flex-end">
        <TriageToolbar
          orderBy={order.orderBy}
          sort={order.sort}
          onSort={(orderBy, sort) => {
            setOrder({ orderBy, sort });
            restart();
          }}
          pageSize={pageSize}
          onPageSize={(size) => {
            setPageSize(size);
            restart();
          }}
          density={density}
          onDensity={setDensity}
        />
        <Group gap="xs" wrap="wrap">
          <Button variant="default" onClick={() => setCollapsed(allCollapsed ? new Set() : new Set(groups.map((g) => g.searchCriteria)))}>
            {allCollapsed ? 'Expand all' : 'Collapse all'}
          </Button>
          <ColumnPicker columns={EXCLUSION_COLUMNS} shown={shown} onChange={setShown} />
        </Group>
      </Group>
      <BulkStatusBar count={matching ?? selected.size} onChoose={bulk} onClear={clearAll} />
      {(isPageSelected || matching !== null) && (
        <SelectMatching pageCount={records.length} matching={matching} isCounting={isCounting} hasMorePages={total > groups.length} onSelectMatching={selectMatching} />
      )}
      {list.data ? (
        <>
          {groups.length === 0 ? (
            <Text c="dimmed">No exclusion record matches these filters.</Text>
          ) : (
            <ExclusionTable
              groups={groups}
              records={records}
              shown={shown}
              collapsed={collapsed}
              onToggle={toggle}
              density={density}
              selected={selected}
              onSelect={(ids, isOn) => {
                setMatching(null);
                select(ids, isOn);
              }}
              onOpen={(r: ExclusionRecord) => setOpen({ resultType: 'exclusions', id: r.id })}
              onChoose={(r, status) => change.ask([r.id], status)}
            />
          )}
          <ResultsPager
            page={page}
            total={total}
            pageSize={pageSize}
            noun="search criteria groups"
            onChange={(p) => {
              setPage(p);
              clearAll();
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
      {changeAll.dialog}
      <DetailDrawer batchId={batchId} target={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
