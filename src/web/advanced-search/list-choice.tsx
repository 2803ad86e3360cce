/** Which lists to search, by group; lists the account's search options do not include are shown, not offered. */
import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AdvancedOptions } from '#shared/advanced-search';

export function ListChoice({ groups, value, onChange, error }: { groups: AdvancedOptions['groups']; value: string[]; onChange: (next: string[]) => void; error?: string }) {
  const allowed = groups.flatMap((g) => g.lists.filter((l) => l.allowed).map((l) => l.source));
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600}>Lists to search</Text>
        <Group gap="xs">
          <Button size="compact-sm" variant="subtle" onClick={() => onChange(allowed)}>
            All my lists
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={() => onChange([])}>
            None
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {groups.map((group) => (
          <Paper key={group.id} withBorder radius="md" p="sm">
            <Checkbox.Group label={group.title} value={value} onChange={onChange}>
              <Stack gap={6} mt={6}>
                {group.lists.map((list) => (
                  <Checkbox
                    key={list.source}
                    value={list.source}
                    label={list.title}
                    disabled={!list.allowed}
                    description={list.allowed ? undefined : 'Not in your account’s search options'}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          </Paper>
        ))}
      </SimpleGrid>
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
