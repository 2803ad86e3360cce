/** One search-criteria group: the criteria and unique id, its status card with the counts text, and its records. */
import { ActionIcon, Badge, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { groupHeader, type ExclusionRecord, type ReviewStatus, type ScGroup } from '#shared/results';
import { ExclusionTable } from './exclusion-table';
import { textOnLight, toneColor } from './review-status';

export interface ExclusionGroupProps {
  group: ScGroup;
  records: ExclusionRecord[];
  isCollapsed: boolean;
  onToggle: () => void;
  shown: readonly string[];
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], isOn: boolean) => void;
  onOpen: (record: ExclusionRecord) => void;
  onChoose: (record: ExclusionRecord, newStatus: ReviewStatus) => void;
}

export function ExclusionGroup({ group, records, isCollapsed, onToggle, shown, selected, onSelect, onOpen, onChoose }: ExclusionGroupProps) {
  const header = groupHeader(group.counts);
  const ids = records.map((r) => r.id);
  const selectedCount = ids.filter((id) => selected.has(id)).length;
  const title = group.searchCriteria;
  return (
    <Card withBorder radius="md" padding={0} component="section" aria-label={`Search criteria ${title}`}>
      <Group justify="space-between" gap="sm" p="sm" wrap="nowrap" align="flex-start" bg="gray.0">
        <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
          <Checkbox
            mt={4}
            aria-label={`Select every record of ${title}`}
            checked={ids.length > 0 && selectedCount === ids.length}
            indeterminate={selectedCount > 0 && selectedCount < ids.length}
            disabled={ids.length === 0}
            onChange={(event) => onSelect(ids, event.currentTarget.checked)}
          />
          <Stack gap={4} miw={0}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Text>
            <Group gap={6} wrap="wrap">
              {group.uniqueId && (
                <Badge variant="outline" color="gray" tt="none">
                  Unique ID: {group.uniqueId}
                </Badge>
              )}
              <Badge color={toneColor(header.tone)} c={textOnLight(toneColor(header.tone))} variant="light" tt="none" data-tone={header.tone}>
                {header.text}
              </Badge>
              <Text size="xs" c="dimmed">
                {group.total} {group.total === 1 ? 'record' : 'records'}
              </Text>
            </Group>
          </Stack>
        </Group>
        <ActionIcon variant="subtle" color="gray" onClick={onToggle} aria-expanded={!isCollapsed} aria-label={`${isCollapsed ? 'Expand' : 'Collapse'} ${title}`}>
          <span aria-hidden="true" style={{ display: 'inline-block', transform: isCollapsed ? 'rotate(-90deg)' : undefined }}>
            ▾
          </span>
        </ActionIcon>
      </Group>
      {!isCollapsed &&
        (records.length ? (
          <ExclusionTable records={records} shown={shown} selected={selected} onSelect={onSelect} onOpen={onOpen} onChoose={onChoose} />
        ) : (
          <Text size="sm" c="dimmed" p="sm">
            No record of this group matches the filters.
          </Text>
        ))}
    </Card>
  );
}
