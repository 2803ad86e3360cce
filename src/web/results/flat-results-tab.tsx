/** What the NPI and SSDMF tabs share: filters, bulk change of the selectable rows, the table, paging, the drawer. */
import { useState, type ReactNode } from 'react';
import { Alert, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReviewStatus } from '#shared/review-status';
import { showToast } from '../app/toasts';
import { BulkStatusBar } from './bulk-status-bar';
import { DetailDrawer } from './detail-drawer';
import { FlatResultsTable, type FlatColumn } from './flat-results-table';
import { ResultFilters } from './result-filters';
import { errorMessage, type DetailTarget } from './results-api';
import { ResultsPager } from './results-pager';
import { useSelection } from './use-selection';
import { useStatusChange, type SendStatusChange } from './use-status-change';

export interface FlatResultsTabProps<T extends { status: string }> {
  batchId: number;
  tableLabel: string;
  filterLabel: string;
  criteria: string;
  statuses: string[];
  onCriteria: (text: string) => void;
  onStatuses: (statuses: string[]) => void;
  onReset: () => void;
  /** The tab's own filters. */
  filters: ReactNode;
  /** Tools beside the bulk change (the column picker). */
  tools?: ReactNode;
  query: UseQueryResult<{ total: number | null }>;
  rows: T[];
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  columns: (onChoose: (row: T, status: ReviewStatus) => void) => FlatColumn<T>[];
  rowKey: (row: T) => string;
  selectableId: (row: T) => number | null;
  rowLabel: (row: T) => string;
  toTarget: (row: T) => DetailTarget;
  send: SendStatusChange;
  loadingLabel: string;
  emptyText: string;
}

export function FlatResultsTab<T extends { status: string }>(props: FlatResultsTabProps<T>) {
  const { batchId, query, rows, selectableId } = props;
  const { selected, select, clear } = useSelection();
  const [open, setOpen] = useState<DetailTarget | null>(null);
  const change = useStatusChange(batchId, props.send, clear);
  // A new filter or page shows other rows: the selection starts again.
  const thenClear =
    <A,>(run: (arg: A) => void) =>
    (arg: A) => {
      run(arg);
      clear();
    };
  const bulk = (status: ReviewStatus) => {
    const ids = rows.filter((r) => r.status !== status).map(selectableId).filter((id): id is number => id !== null && selected.has(id));
    if (ids.length) change.ask(ids, status);
    else showToast('The selected records already have this status.', 'info');
  };

  return (
    <Stack gap="md">
      <ResultFilters
        label={props.filterLabel}
        criteria={props.criteria}
        statuses={props.statuses}
        onCriteria={thenClear(props.onCriteria)}
        onStatuses={thenClear(props.onStatuses)}
        onReset={() => thenClear(props.onReset)(undefined)}
      >
        {props.filters}
      </ResultFilters>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <BulkStatusBar count={selected.size} onChoose={bulk} onClear={clear} />
        {props.tools}
      </Group>
      {query.data ? (
        <>
          {rows.length === 0 ? (
            <Text c="dimmed">{props.emptyText}</Text>
          ) : (
            <FlatResultsTable<T>
              label={props.tableLabel}
              rows={rows}
              columns={props.columns((row, status) => {
                const id = selectableId(row);
                if (id !== null) change.ask([id], status);
              })}
              rowKey={props.rowKey}
              selectableId={selectableId}
              rowLabel={props.rowLabel}
              selected={selected}
              onSelect={select}
              onOpen={(row) => setOpen(props.toTarget(row))}
            />
          )}
          <ResultsPager page={props.page} total={query.data.total ?? 0} pageSize={props.pageSize} noun="records" onChange={thenClear(props.onPage)} />
        </>
      ) : query.isPending ? (
        <Center py="xl">
          <Loader aria-label={props.loadingLabel} />
        </Center>
      ) : (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(query.error)}
        </Alert>
      )}
      {change.dialog}
      <DetailDrawer batchId={batchId} target={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
