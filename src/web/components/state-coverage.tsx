/**
 * Every state and DC by name: the ones whose list is searched, and the ones that publish none
 * (OIG's LEIE covers them) or whose list is not read yet, each with its reason. Read from the
 * registry (src/shared/state-lists.ts), so a state added there appears here by itself.
 */
import { List, SimpleGrid, Text } from '@mantine/core';
import { DOCUMENTED_LAYOUT_WORDS, everyJurisdiction } from '#shared/state-lists';

export function StateCoverage() {
  const rows = everyJurisdiction();
  const searched = rows.filter((r) => r.searched);
  const others = rows.filter((r) => !r.searched);
  return (
    <>
      <Text size="sm" fw={600}>
        Searched: the lists of {searched.length} {searched.length === 1 ? 'jurisdiction' : 'jurisdictions'}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs" verticalSpacing={2} component="ul" data-testid="state-coverage" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {searched.map((r) => (
          <Text component="li" key={r.state} size="sm" data-state={r.state}>
            {r.stateName}
            {r.documented && (
              <span title={DOCUMENTED_LAYOUT_WORDS} data-testid="documented-mark">
                {' *'}
              </span>
            )}
          </Text>
        ))}
      </SimpleGrid>
      {searched.some((r) => r.documented) && (
        <Text size="xs" c="dimmed">
          * {DOCUMENTED_LAYOUT_WORDS}
        </Text>
      )}
      {others.length > 0 && (
        <>
          <Text size="sm" fw={600} mt="xs">
            Not searched: {others.length} {others.length === 1 ? 'state' : 'states'}
          </Text>
          <List size="sm" spacing={2} data-testid="states-without-list">
            {others.map((r) => (
              <List.Item key={r.state} data-state={r.state}>
                {r.words}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </>
  );
}
