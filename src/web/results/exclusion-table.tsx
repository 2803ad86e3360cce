/** The records of one search-criteria group: checkbox, the chosen columns, status dropdown; a row opens the drawer. */
import type { CSSProperties } from 'react';
import { Anchor, Checkbox, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { statusChoices, type ExclusionRecord, type ReviewStatus } from '#shared/results';
import { cellText, columnsWidth, EXCLUSION_COLUMNS, SELECT_COLUMN_WIDTH } from './exclusion-columns';
import { useFixedFirstColumn } from './fixed-first-column';
import { StatusMenu } from './status-menu';
import classes from './results.module.css';

export interface ExclusionTableProps {
  records: ExclusionRecord[];
  shown: readonly string[];
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], isOn: boolean) => void;
  onOpen: (record: ExclusionRecord) => void;
  onChoose: (record: ExclusionRecord, newStatus: ReviewStatus) => void;
}

export const recordLabel = (r: ExclusionRecord) => r.name ?? r.companyName ?? `record ${r.id}`;

export function ExclusionTable({ records, shown, selected, onSelect, onOpen, onChoose }: ExclusionTableProps) {
  const columns = EXCLUSION_COLUMNS.filter((c) => shown.includes(c.key));
  const width = columnsWidth(shown);
  const { ref, isFixed } = useFixedFirstColumn(width);
  // The checkbox and the first data column stay in view while the rest scrolls.
  const sticky = (left: number): CSSProperties | undefined => (isFixed ? { position: 'sticky', left, zIndex: 1 } : undefined);
  const stickyClass = isFixed ? classes.sticky : undefined;

  return (
    <div ref={ref} className={classes.scroller} data-first-column-fixed={isFixed}>
      <Table highlightOnHover verticalSpacing="xs" fz="sm" style={{ minWidth: width, tableLayout: 'fixed' }} aria-label="Exclusion records">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={SELECT_COLUMN_WIDTH} style={sticky(0)} className={stickyClass}>
              <VisuallyHidden>Select</VisuallyHidden>
            </Table.Th>
            {columns.map((c, i) => (
              <Table.Th key={c.key} w={c.width} style={i === 0 ? sticky(SELECT_COLUMN_WIDTH) : undefined} className={i === 0 ? stickyClass : undefined}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record) => (
            <Table.Tr key={record.id} onClick={() => onOpen(record)} className={classes.clickable} data-selected={selected.has(record.id)}>
              <Table.Td style={sticky(0)} className={stickyClass} onClick={(event) => event.stopPropagation()}>
                <Checkbox
                  aria-label={`Select ${recordLabel(record)}`}
                  checked={selected.has(record.id)}
                  onChange={(event) => onSelect([record.id], event.currentTarget.checked)}
                />
              </Table.Td>
              {columns.map((c, i) => (
                <Table.Td key={c.key} style={i === 0 ? sticky(SELECT_COLUMN_WIDTH) : undefined} className={i === 0 ? stickyClass : undefined}>
                  {i === 0 && c.key !== 'status' && c.key !== 'source' ? (
                    // Keyboard users open the drawer from the first cell.
                    <UnstyledButton
                      className={classes.openButton}
                      onClick={(event) => {
                        event.stopPropagation();
                        onOpen(record);
                      }}
                    >
                      <VisuallyHidden>Open details of</VisuallyHidden>{' '}
                      <Cell record={record} field={c.key} onChoose={onChoose} />
                    </UnstyledButton>
                  ) : (
                    <Cell record={record} field={c.key} onChoose={onChoose} />
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function Cell({ record, field, onChoose }: { record: ExclusionRecord; field: keyof ExclusionRecord; onChoose: ExclusionTableProps['onChoose'] }) {
  if (field === 'status') {
    return <StatusMenu status={record.status} choices={statusChoices('exclusions', record.status)} recordLabel={recordLabel(record)} onChoose={(s) => onChoose(record, s)} />;
  }
  if (field === 'source') {
    return record.link ? (
      <Anchor href={record.link} target="_blank" rel="noopener noreferrer" className={classes.cellText} onClick={(event) => event.stopPropagation()}>
        {record.sourceName}
      </Anchor>
    ) : (
      <Text span inherit>
        {record.sourceName}
      </Text>
    );
  }
  return (
    <Text span inherit className={classes.cellText}>
      {cellText(record[field])}
    </Text>
  );
}
