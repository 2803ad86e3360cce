/** NPI Results tab: the columns and filters of the searches the batch included; CLEARED rows show 'Clear' and cannot be selected; a row's findings show under its NPI status. */
import { useState } from 'react';
import { MultiSelect, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EXCLUSION_STATUS_TEXTS, NPI_STATUSES, NPI_STATUS_TEXTS, OPT_OUT_TEXTS, statusChoices, type NpiPage, type NpiResult, type ReviewStatus } from '#shared/results';
import { CellText, StatusText, type FlatColumn } from './flat-results-table';
import classes from './results.module.css';
import { FILTER_WIDTH } from './result-filters';
import { changeNpi, fetchNpiResults, type DetailTarget } from './results-api';
import { resultKeys } from './result-keys';
import { FlatResultsTab } from './flat-results-tab';
import { SEARCH_DEBOUNCE_MS } from './exclusions-tab';
import { ClearText, StatusMenu } from './status-menu';

export const NPI_PAGE_SIZE = 25;

interface Filters {
  searchCriteria: string;
  recordStatus: string[];
  npiStatus: string[];
  optOutStatus: string | null;
  exclusionStatus: string | null;
}
const NO_FILTERS: Filters = { searchCriteria: '', recordStatus: [], npiStatus: [], optOutStatus: null, exclusionStatus: null };

const label = (r: NpiResult) => r.name ?? r.nppesName ?? (r.npi ? `NPI ${r.npi}` : r.searchCriteriaKey);

/** The columns the batch's searches call for (spec §2 NPI tab). */
export function npiColumns(page: Pick<NpiPage, 'nameSearch' | 'optOutSearch' | 'exclusionSearch'>, onChoose: (r: NpiResult, status: ReviewStatus) => void): FlatColumn<NpiResult>[] {
  const columns: (FlatColumn<NpiResult> | false)[] = [
    { key: 'npi', label: 'NPI', render: (r) => <CellText text={r.npi ?? '—'} isIdentifier /> },
    page.nameSearch && { key: 'name', label: 'Name', render: (r) => <CellText text={r.name} /> },
    { key: 'nppesName', label: 'Name From NPPES', render: (r) => <CellText text={r.nppesName} /> },
    { key: 'npiStatus', label: 'NPI Status', render: (r) => <NpiStatusCell result={r} /> },
    page.optOutSearch && { key: 'optOut', label: 'Opt Out Status', render: (r) => <StatusText text={r.optOutStatusText} /> },
    page.exclusionSearch && { key: 'exclusion', label: 'Exclusion Result', render: (r) => <StatusText text={r.exclusionStatusText} /> },
    {
      key: 'status',
      label: 'Status',
      render: (r) =>
        r.canChangeStatus ? <StatusMenu status={r.status} choices={statusChoices('npi', r.status)} recordLabel={label(r)} onChoose={(s) => onChoose(r, s)} /> : <ClearText />,
    },
    { key: 'latestNote', label: 'Latest Note', render: (r) => <CellText text={r.latestNote} /> },
  ];
  return columns.filter((c): c is FlatColumn<NpiResult> => c !== false);
}

/** The NPI status and, under it, what makes the row a finding (a name that differs from NPPES's, a shared NPI…). */
function NpiStatusCell({ result }: { result: NpiResult }) {
  return (
    <>
      <StatusText text={result.npiStatusText} />
      {result.findings.map((f) => (
        <Text key={f} size="xs" c="dimmed" className={classes.cellText}>
          {f}
        </Text>
      ))}
    </>
  );
}

export function NpiTab({ batchId }: { batchId: number }) {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [searchCriteria] = useDebouncedValue(filters.searchCriteria, SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const query = { ...filters, searchCriteria, page, limits: NPI_PAGE_SIZE };
  const list = useQuery({ queryKey: resultKeys.list(batchId, 'npi', query), queryFn: () => fetchNpiResults(batchId, query), placeholderData: keepPreviousData });
  const flags = list.data ?? { nameSearch: false, optOutSearch: false, exclusionSearch: false };
  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  return (
    <FlatResultsTab<NpiResult>
      batchId={batchId}
      tableLabel="NPI results"
      filterLabel="Filter NPI results"
      criteria={filters.searchCriteria}
      statuses={filters.recordStatus}
      onCriteria={(text) => set({ searchCriteria: text })}
      onStatuses={(recordStatus) => set({ recordStatus })}
      onReset={() => set(NO_FILTERS)}
      filters={
        <>
          <MultiSelect
            label="NPI Status"
            placeholder={filters.npiStatus.length ? undefined : 'Any NPI status'}
            data={NPI_STATUSES.map((s) => ({ value: s, label: NPI_STATUS_TEXTS[s] }))}
            value={filters.npiStatus}
            onChange={(npiStatus) => set({ npiStatus })}
            clearable
            w={FILTER_WIDTH}
          />
          {flags.optOutSearch && (
            <Select
              label="Opt Out Status"
              placeholder="Any"
              data={[
                { value: 'FOUND', label: OPT_OUT_TEXTS.FOUND },
                { value: 'NOT_FOUND', label: OPT_OUT_TEXTS.NOT_FOUND },
              ]}
              value={filters.optOutStatus}
              onChange={(optOutStatus) => set({ optOutStatus })}
              clearable
              w={FILTER_WIDTH}
            />
          )}
          {flags.exclusionSearch && (
            <Select
              label="Exclusion Status"
              placeholder="Any"
              data={[
                { value: 'FOUND', label: EXCLUSION_STATUS_TEXTS.FOUND },
                { value: 'NOT_FOUND', label: EXCLUSION_STATUS_TEXTS.NOT_FOUND },
              ]}
              value={filters.exclusionStatus}
              onChange={(exclusionStatus) => set({ exclusionStatus })}
              clearable
              w={FILTER_WIDTH}
            />
          )}
        </>
      }
      query={list}
      rows={list.data?.npiSearches ?? []}
      page={page}
      pageSize={NPI_PAGE_SIZE}
      onPage={setPage}
      columns={(onChoose) => npiColumns(flags, onChoose)}
      rowKey={(r) => String(r.id)}
      selectableId={(r) => (r.canChangeStatus ? r.id : null)}
      rowLabel={label}
      toTarget={(r): DetailTarget => ({ resultType: 'npi', id: r.id })}
      send={(ids, status, comment) => changeNpi(batchId, ids, status, comment)}
      loadingLabel="Loading NPI results"
      emptyText="No NPI result matches these filters."
    />
  );
}
