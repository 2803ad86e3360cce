/**
 * One search-criteria group inside the page's one table: a header row (select the group, the
 * criteria and unique id, its status card, collapse) and its records. Its rows are a row group
 * named after the criteria.
 */
import { ActionIcon, Badge, Checkbox, Group, Table, Text } from '@mantine/core';
import { type ExclusionRecord } from '#shared/results';
import { groupHeader, type ScGroup } from '#shared/review-status';
import { ExclusionRow, type RowHandlers } from './exclusion-row';
import type { ExclusionColumn } from './exclusion-columns';
import { textOnLight, toneColor } from './review-status';
import classes from './results.module.css';
import { criteriaBesideUniqueId } from '#shared/search-criteria';

export interface ExclusionGroupProps extends RowHandlers {
  group: ScGroup;
  records: ExclusionRecord[];
  columns: readonly ExclusionColumn[];
  isCollapsed: boolean;
  onToggle: () => void;
  isFixed: boolean;
}

export function ExclusionGroup({ group, records, columns, isCollapsed, onToggle, isFixed, ...handlers }: ExclusionGroupProps) {
  const header = groupHeader(group.counts);
  const ids = records.map((r) => r.id);
  const selectedCount = ids.filter((id) => handlers.selected.has(id)).length;
  // Names keep the whole key (the unique ID tells groups apart); the heading shows the ID once, in its badge (issue 55).
  const title = group.searchCriteria;
  const heading = criteriaBesideUniqueId(group.searchCriteria, group.uniqueId);
  return (
    <Table.Tbody aria-label={`Search criteria ${title}`} className={classes.group}>
      <Table.Tr className={classes.groupRow}>
        <Table.Td colSpan={columns.length + 1} p={0}>
          <Group justify="space-between" gap="sm" px="sm" py={6} wrap="nowrap" className={isFixed ? classes.groupHeadFixed : undefined}>
            <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
              <Checkbox
                aria-label={`Select every record of ${title}`}
                checked={ids.length > 0 && selectedCount === ids.length}
                indeterminate={selectedCount > 0 && selectedCount < ids.length}
                disabled={ids.length === 0}
                onChange={(event) => handlers.onSelect(ids, event.currentTarget.checked)}
              />
              {/* Wraps on a phone: beside two badges and the count, the criteria would be left a letter's width. */}
              <Group gap="sm" wrap="wrap" miw={0} style={{ rowGap: 4 }}>
                <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {heading}
                </Text>
                {group.uniqueId && (
                  <Badge variant="outline" color="gray" tt="none" style={{ flexShrink: 0 }}>
                    Unique ID: {group.uniqueId}
                  </Badge>
                )}
                <Badge color={toneColor(header.tone)} c={textOnLight(toneColor(header.tone))} variant="light" tt="none" data-tone={header.tone} style={{ flexShrink: 0 }}>
                  {header.text}
                </Badge>
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {group.total} {group.total === 1 ? 'record' : 'records'}
                </Text>
              </Group>
            </Group>
            <ActionIcon variant="subtle" color="gray" onClick={onToggle} aria-expanded={!isCollapsed} aria-label={`${isCollapsed ? 'Expand' : 'Collapse'} ${title}`}>
              <span aria-hidden="true" style={{ display: 'inline-block', transform: isCollapsed ? 'rotate(-90deg)' : undefined }}>
                ▾
              </span>
            </ActionIcon>
          </Group>
        </Table.Td>
      </Table.Tr>
      {!isCollapsed &&
        (records.length ? (
          records.map((record) => <ExclusionRow key={record.id} record={record} columns={columns} isFixed={isFixed} {...handlers} />)
        ) : (
          <Table.Tr>
            <Table.Td colSpan={columns.length + 1}>
              <Text size="sm" c="dimmed">
                No record of this group matches the filters.
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
    </Table.Tbody>
  );
}
