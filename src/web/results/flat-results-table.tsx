/** The NPI and SSDMF tables: a checkbox for rows that can change (none for 'Clear' rows), the tab's columns; a row opens the drawer. */
import type { ReactNode } from 'react';
import { Checkbox, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { statusTextColor } from '../app/theme';
import classes from './results.module.css';

export interface FlatColumn<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
}

export interface FlatResultsTableProps<T> {
  label: string;
  rows: T[];
  columns: FlatColumn<T>[];
  /** Key of a row (its id, or its search id when it has none). */
  rowKey: (row: T) => string;
  /** The id a selectable row changes with; null: not selectable ('Clear'). */
  selectableId: (row: T) => number | null;
  rowLabel: (row: T) => string;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], isOn: boolean) => void;
  onOpen: (row: T) => void;
}

export function FlatResultsTable<T>({ label, rows, columns, rowKey, selectableId, rowLabel, selected, onSelect, onOpen }: FlatResultsTableProps<T>) {
  // 'Clear' rows never join a bulk selection.
  const ids = rows.map(selectableId).filter((id): id is number => id !== null);
  const selectedCount = ids.filter((id) => selected.has(id)).length;
  return (
    <Table.ScrollContainer minWidth={Math.max(640, columns.length * 130)}>
      <Table highlightOnHover verticalSpacing="xs" fz="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44}>
              <Checkbox
                aria-label="Select every record of this page"
                checked={ids.length > 0 && selectedCount === ids.length}
                indeterminate={selectedCount > 0 && selectedCount < ids.length}
                disabled={ids.length === 0}
                onChange={(event) => onSelect(ids, event.currentTarget.checked)}
              />
            </Table.Th>
            {columns.map((c) => (
              <Table.Th key={c.key}>{c.label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const id = selectableId(row);
            return (
              <Table.Tr key={rowKey(row)} onClick={() => onOpen(row)} className={classes.clickable} data-selected={id !== null && selected.has(id)}>
                <Table.Td onClick={(event) => event.stopPropagation()}>
                  {id !== null && <Checkbox aria-label={`Select ${rowLabel(row)}`} checked={selected.has(id)} onChange={(event) => onSelect([id], event.currentTarget.checked)} />}
                </Table.Td>
                {columns.map((c, i) => (
                  <Table.Td key={c.key}>
                    {i === 0 ? (
                      <UnstyledButton
                        className={classes.openButton}
                        onClick={(event) => {
                          event.stopPropagation();
                          onOpen(row);
                        }}
                      >
                        <VisuallyHidden>Open details of</VisuallyHidden>{' '}
                        {c.render(row)}
                      </UnstyledButton>
                    ) : (
                      c.render(row)
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A result status text, red for the spec's red statuses, dark grey otherwise (spec §9). */
export function StatusText({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Text span inherit fw={500} style={{ color: statusTextColor(text) }}>
      {text}
    </Text>
  );
}

/** Plain cell text that wraps anywhere, or never (identifiers such as an NPI or an SSN). */
export function CellText({ text, isIdentifier = false }: { text: string | null; isIdentifier?: boolean }) {
  return (
    <Text span inherit className={classes.cellText} style={isIdentifier ? { whiteSpace: 'nowrap' } : undefined}>
      {text ?? ''}
    </Text>
  );
}
