/**
 * Chooses which columns a results table shows: every column listed, defaults first, Reset to
 * defaults. The choice is remembered in this browser for every batch's table of that kind.
 */
import { Button, Checkbox, Popover, Stack, Text, Group, ScrollArea } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';

export interface PickableColumn {
  key: string;
  label: string;
  isDefault: boolean;
}

export interface ColumnPickerProps {
  columns: readonly PickableColumn[];
  shown: readonly string[];
  onChange: (shown: string[]) => void;
}

export const defaultColumnKeys = (columns: readonly PickableColumn[]) => columns.filter((c) => c.isDefault).map((c) => c.key);

/**
 * The columns shown in a kind of results table (`table`: exclusions, ssdmf), remembered in
 * local storage; keys no longer offered are dropped, and the table's order is kept.
 */
export function useColumnChoice(table: string, columns: readonly PickableColumn[]): [string[], (shown: string[]) => void] {
  const [stored, setStored] = useLocalStorage<string[] | null>({ key: `clearlist.results.columns.${table}`, defaultValue: null, getInitialValueInEffect: false });
  const shown = Array.isArray(stored) ? columns.map((c) => c.key).filter((key) => stored.includes(key)) : defaultColumnKeys(columns);
  return [shown, setStored];
}

export function ColumnPicker({ columns, shown, onChange }: ColumnPickerProps) {
  const toggle = (key: string, isOn: boolean) =>
    // Kept in the table's order whatever order they were ticked in.
    onChange(columns.map((c) => c.key).filter((k) => (k === key ? isOn : shown.includes(k))));
  const group = (isDefault: boolean) => (
    <Stack gap={6}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {isDefault ? 'Default columns' : 'Optional columns'}
      </Text>
      {columns
        .filter((c) => c.isDefault === isDefault)
        .map((c) => (
          <Checkbox key={c.key} label={c.label} checked={shown.includes(c.key)} onChange={(event) => toggle(c.key, event.currentTarget.checked)} />
        ))}
    </Stack>
  );
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button variant="default">Columns</Button>
      </Popover.Target>
      <Popover.Dropdown>
        <ScrollArea.Autosize mah={420} type="auto">
          <Stack gap="md" pr="sm">
            {group(true)}
            {group(false)}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end" mt="sm">
          <Button variant="subtle" size="compact-sm" onClick={() => onChange(defaultColumnKeys(columns))}>
            Default columns
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
