/** One exclusion record's row: checkbox, the chosen columns, status dropdown; a click opens the drawer. */
import type { CSSProperties } from 'react';
import { Anchor, Checkbox, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { exclusionTypeMeaning } from '#shared/exclusion-types';
import { type ExclusionRecord } from '#shared/results';
import { statusChoices, type ReviewStatus } from '#shared/review-status';
import { cellText, SELECT_COLUMN_WIDTH, type ExclusionColumn } from './exclusion-columns';
import { StatusMenu } from './status-menu';
import classes from './results.module.css';

export interface RowHandlers {
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], isOn: boolean) => void;
  onOpen: (record: ExclusionRecord) => void;
  onChoose: (record: ExclusionRecord, newStatus: ReviewStatus) => void;
}

export const recordLabel = (r: ExclusionRecord) => r.name ?? r.companyName ?? `record ${r.id}`;

/** The checkbox and the first data column stay in view while the rest scrolls, when the table is too wide. */
export const stickyStyle = (isFixed: boolean, left: number): CSSProperties | undefined => (isFixed ? { position: 'sticky', left, zIndex: 1 } : undefined);

export function ExclusionRow({ record, columns, isFixed, selected, onSelect, onOpen, onChoose }: RowHandlers & { record: ExclusionRecord; columns: readonly ExclusionColumn[]; isFixed: boolean }) {
  const stickyClass = isFixed ? classes.sticky : undefined;
  return (
    <Table.Tr onClick={() => onOpen(record)} className={classes.clickable} data-selected={selected.has(record.id)}>
      <Table.Td style={stickyStyle(isFixed, 0)} className={stickyClass} onClick={(event) => event.stopPropagation()}>
        <Checkbox aria-label={`Select ${recordLabel(record)}`} checked={selected.has(record.id)} onChange={(event) => onSelect([record.id], event.currentTarget.checked)} />
      </Table.Td>
      {columns.map((c, i) => (
        <Table.Td key={c.key} style={i === 0 ? stickyStyle(isFixed, SELECT_COLUMN_WIDTH) : undefined} className={i === 0 ? stickyClass : undefined}>
          {i === 0 && c.key !== 'status' && c.key !== 'source' ? (
            // Keyboard users open the drawer from the first cell.
            <UnstyledButton
              className={classes.openButton}
              onClick={(event) => {
                event.stopPropagation();
                onOpen(record);
              }}
            >
              <VisuallyHidden>Open details of</VisuallyHidden> <Cell record={record} field={c.key} onChoose={onChoose} />
            </UnstyledButton>
          ) : (
            <Cell record={record} field={c.key} onChoose={onChoose} />
          )}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

function Cell({ record, field, onChoose }: { record: ExclusionRecord; field: keyof ExclusionRecord; onChoose: RowHandlers['onChoose'] }) {
  if (field === 'status') {
    return <StatusMenu status={record.status} choices={statusChoices('exclusions', record.status)} recordLabel={recordLabel(record)} onChoose={(s) => onChoose(record, s)} />;
  }
  if (field === 'score') return <span className={classes.score}>{record.score === null ? '' : record.score.toFixed(2)}</span>;
  if (field === 'source') {
    return record.link ? (
      <Anchor href={record.link} target="_blank" rel="noopener noreferrer" className={classes.cellText} onClick={(event) => event.stopPropagation()}>
        {record.sourceName}
      </Anchor>
    ) : (
      <Text span inherit className={classes.cellText}>
        {record.sourceName}
      </Text>
    );
  }
  if (field === 'exclusionType') return <ExclusionType code={record.exclusionType} />;
  return (
    <Text span inherit className={classes.cellText}>
      {cellText(record[field])}
    </Text>
  );
}

/** The list's code with its meaning on a second line (two lines at most; the whole meaning on hover). */
function ExclusionType({ code }: { code: string | null }) {
  const meaning = exclusionTypeMeaning(code);
  if (!meaning) return <Text span inherit className={classes.cellText}>{cellText(code)}</Text>;
  return (
    <span title={`${code}: ${meaning}`}>
      <Text span inherit className={classes.cellText}>
        {code}
      </Text>
      <Text span lineClamp={2} className={classes.typeMeaning}>
        {meaning}
      </Text>
    </span>
  );
}
