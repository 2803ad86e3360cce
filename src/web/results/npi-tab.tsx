/** NPI Results tab: the columns and filters of the searches the batch included; CLEARED rows show 'Clear' and cannot be selected; a row's findings show under its NPI status. */
import { MultiSelect, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EXCLUSION_STATUS_TEXTS, NPI_STATUSES, NPI_STATUS_TEXTS, OPT_OUT_TEXTS } from '#shared/result-texts';
import { type NpiPage, type NpiResult } from '#shared/results';
import { statusChoices, type ReviewStatus } from '#shared/review-status';
import { CellText, StatusText, type FlatColumn } from './flat-results-table';
import classes from './results.module.css';
import { FILTER_WIDTH } from './result-filters';
import { changeNpi, fetchNpiResults, type DetailTarget } from './results-api';
import { resultKeys } from './result-keys';
import { FlatResultsTab } from './flat-results-tab';
import { ClearText, StatusMenu } from './status-menu';
import { FoundSelect, useTabFilters } from './tab-filters';

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
  const { filters, searchCriteria, page, setPage, set } = useTabFilters(NO_FILTERS);
  const query = { ...filters, searchCriteria, page, limits: NPI_PAGE_SIZE };
  const list = useQuery({ queryKey: resultKeys.list(batchId, 'npi', query), queryFn: () => fetchNpiResults(batchId, query), placeholderData: keepPreviousData });
  const flags = list.data ?? { nameSearch: false, optOutSearch: false, exclusionSearch: false };

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
            <FoundSelect label="Opt Out Status" texts={OPT_OUT_TEXTS} value={filters.optOutStatus} onChange={(optOutStatus) => set({ optOutStatus })} />
          )}
          {flags.exclusionSearch && (
            <FoundSelect label="Exclusion Status" texts={EXCLUSION_STATUS_TEXTS} value={filters.exclusionStatus} onChange={(exclusionStatus) => set({ exclusionStatus })} />
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
