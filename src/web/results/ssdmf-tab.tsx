/** SSDMF tab: SSN, Name when a name search was done, SSDMF status, review status, notes, and optional columns; id-less rows show 'Clear'. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SSDMF_NOT_LOADED, SSDMF_STATUS_TEXTS } from '#shared/result-texts';
import { type SsdmfResult } from '#shared/results';
import { statusChoices, type ReviewStatus } from '#shared/review-status';
import { ColumnPicker, useColumnChoice } from './column-picker';
import { FlatResultsTab } from './flat-results-tab';
import { CellText, StatusText, type FlatColumn } from './flat-results-table';
import { changeSsdmf, fetchSsdmfResults, type DetailTarget } from './results-api';
import { resultKeys } from './result-keys';
import { ClearText, StatusMenu } from './status-menu';
import { FoundSelect, useTabFilters } from './tab-filters';

export const SSDMF_PAGE_SIZE = 25;

/** The column picker's SSDMF columns (the Name column follows the batch's name search instead). */
export const SSDMF_COLUMNS = [
  { key: 'ssn', label: 'SSN', isDefault: true },
  { key: 'ssdmfStatus', label: 'SSDMF Status', isDefault: true },
  { key: 'status', label: 'Status', isDefault: true },
  { key: 'latestNote', label: 'Latest Notes', isDefault: true },
  { key: 'ssdmfName', label: 'SSDMF Name', isDefault: false },
  { key: 'dateOfBirth', label: 'Date Of Birth', isDefault: false },
  { key: 'dateOfDeath', label: 'Date Of Death', isDefault: false },
] as const;

interface Filters {
  searchCriteria: string;
  recordStatus: string[];
  ssdmfStatus: string | null;
}
const NO_FILTERS: Filters = { searchCriteria: '', recordStatus: [], ssdmfStatus: null };

const label = (r: SsdmfResult) => r.name ?? r.ssn ?? r.searchCriteriaKey;

export function ssdmfColumns(nameSearch: boolean, shown: readonly string[], onChoose: (r: SsdmfResult, status: ReviewStatus) => void): FlatColumn<SsdmfResult>[] {
  const all: FlatColumn<SsdmfResult>[] = [
    { key: 'ssn', label: 'SSN', render: (r) => <CellText text={r.ssn ?? '—'} isIdentifier /> },
    { key: 'name', label: 'Name', render: (r) => <CellText text={r.name} /> },
    { key: 'ssdmfStatus', label: 'SSDMF Status', render: (r) => <StatusText text={r.ssdmfStatus} /> },
    {
      key: 'status',
      label: 'Status',
      // An SSN not checked (no DMF loaded) is not clear: the status column says nothing more.
      render: (r) => (r.id === null ? (r.ssdmfStatus === SSDMF_NOT_LOADED.text ? <CellText text="—" /> : <ClearText />) : <StatusMenu status={r.status} choices={statusChoices('ssdmf', r.status, true)} recordLabel={label(r)} onChoose={(s) => onChoose(r, s)} />),
    },
    { key: 'latestNote', label: 'Latest Notes', render: (r) => <CellText text={r.latestNote} /> },
    { key: 'ssdmfName', label: 'SSDMF Name', render: (r) => <CellText text={r.ssdmfName} /> },
    { key: 'dateOfBirth', label: 'Date Of Birth', render: (r) => <CellText text={r.dateOfBirth} /> },
    { key: 'dateOfDeath', label: 'Date Of Death', render: (r) => <CellText text={r.dateOfDeath} /> },
  ];
  return all.filter((c) => (c.key === 'name' ? nameSearch : shown.includes(c.key)));
}

export function SsdmfTab({ batchId }: { batchId: number }) {
  const { filters, searchCriteria, page, setPage, set } = useTabFilters(NO_FILTERS);
  const [shown, setShown] = useColumnChoice('ssdmf', SSDMF_COLUMNS);
  const query = { ...filters, searchCriteria, page, limits: SSDMF_PAGE_SIZE };
  const list = useQuery({ queryKey: resultKeys.list(batchId, 'ssdmf', query), queryFn: () => fetchSsdmfResults(batchId, query), placeholderData: keepPreviousData });

  return (
    <FlatResultsTab<SsdmfResult>
      batchId={batchId}
      tableLabel="SSDMF results"
      filterLabel="Filter SSDMF results"
      criteria={filters.searchCriteria}
      statuses={filters.recordStatus}
      onCriteria={(text) => set({ searchCriteria: text })}
      onStatuses={(recordStatus) => set({ recordStatus })}
      onReset={() => set(NO_FILTERS)}
      filters={
        <FoundSelect
          label="SSDMF Status"
          texts={SSDMF_STATUS_TEXTS}
          more={[{ value: SSDMF_NOT_LOADED.value, label: SSDMF_NOT_LOADED.text }]}
          value={filters.ssdmfStatus}
          onChange={(ssdmfStatus) => set({ ssdmfStatus })}
        />
      }
      tools={<ColumnPicker columns={SSDMF_COLUMNS} shown={shown} onChange={setShown} />}
      query={list}
      rows={list.data?.ssdmfResults ?? []}
      page={page}
      pageSize={SSDMF_PAGE_SIZE}
      onPage={setPage}
      columns={(onChoose) => ssdmfColumns(list.data?.nameSearch ?? false, shown, onChoose)}
      rowKey={(r) => `${r.id ?? 'search'}-${r.searchId}`}
      selectableId={(r) => r.id}
      rowLabel={label}
      toTarget={(r): DetailTarget => ({ resultType: 'ssdmf', id: r.id, searchId: r.searchId })}
      send={(ids, status, comment) => changeSsdmf(batchId, ids, status, comment)}
      loadingLabel="Loading SSDMF results"
      emptyText="No SSDMF result matches these filters."
    />
  );
}
