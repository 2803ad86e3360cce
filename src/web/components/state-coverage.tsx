/**
 * Every state and DC by name: the ones whose list is searched, and the ones that publish none
 * (OIG's LEIE covers them) or whose list is not read yet, each with its reason. Read from the
 * registry (src/shared/state-lists.ts), so a state added there appears here by itself.
 */
import { List, SimpleGrid, Text } from '@mantine/core';
import { everyJurisdiction } from '#shared/state-lists';

export function StateCoverage() {
  const rows = everyJurisdiction();
  const searched = rows.filter((r) => r.searched);
  const others = rows.filter((r) => !r.searched);
  return (
    <>
      <Text size="sm">
        {searched.length} {searched.length === 1 ? 'jurisdiction has its' : 'jurisdictions have their'} list searched; {others.length} {others.length === 1 ? 'has' : 'have'} none searched, for the reason given.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" verticalSpacing={4} component="ul" data-testid="state-coverage" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {searched.map((r) => (
          <Text component="li" key={r.state} size="sm" data-state={r.state}>
            <Text span fw={600} size="sm">
              {r.stateName}
            </Text>
            : list searched
          </Text>
        ))}
      </SimpleGrid>
      {others.length > 0 && (
        <List size="sm" spacing={2} data-testid="states-without-list">
          {others.map((r) => (
            <List.Item key={r.state} data-state={r.state}>
              {r.words}
            </List.Item>
          ))}
        </List>
      )}
    </>
  );
}
