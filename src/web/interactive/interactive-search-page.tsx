/** /interactive/search (menu Interactive Search): the same search for signed-in users, billed and kept in Search History. */
import { Alert, Anchor, Container, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatLongDate } from '#shared/account';
import type { TrialAllowance } from '#shared/home';
import { hasAnyRole } from '#shared/roles';
import { useCurrentUser } from '../app/current-user';
import { fetchTrialAllowance } from './interactive-api';
import { SearchCard } from './search-card';

const BILLED = 'Each search counts as one search of its type on your monthly bill, and each owner as one more name search.';

/** Where a search is counted: the monthly bill, or a trial's allowance (issue 55). */
function countedText(trial: TrialAllowance | null | undefined): string {
  if (!trial) return BILLED;
  return `Each search counts as one of your trial’s ${trial.searchesPerMonth} searches this month (${trial.searchesLeft} left, back on ${formatLongDate(trial.resetsOn)}), and each owner as one more name search; nothing is billed.`;
}

export function InteractiveSearchPage() {
  const { data: user } = useCurrentUser();
  const trial = useQuery({ queryKey: ['interactive', 'trial-allowance'], queryFn: fetchTrialAllowance, enabled: Boolean(user) });
  if (!user) return null;
  const canSearchName = hasAnyRole(user.roles, ['name_search_user']);
  const canSearchNpi = hasAnyRole(user.roles, ['npi_search_user']);
  const isPaying = hasAnyRole(user.roles, ['paying_user']);
  return (
    <Container size={760} px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        {canSearchName || canSearchNpi ? (
          <SearchCard
            title="Interactive Search"
            headingLevel={1}
            intro={`Check one person or business by name (a business with its owners too), or one NPI, against every exclusion list your account covers. ${trial.isPending ? '' : countedText(trial.data)}`.trim()}
            asksIntent={false}
            hasNarrowing={canSearchName}
            canListOwners={canSearchName}
            canSearchName={canSearchName}
            canSearchNpi={canSearchNpi}
          />
        ) : (
          <Alert color="brand" variant="light" title="Interactive Search">
            Your user has neither name nor NPI searching. Ask your account administrator to give you the role.
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {isPaying ? (
            <>
              Every search is kept with its result in{' '}
              <Anchor component={Link} to="/searchhistory/main">
                Search History
              </Anchor>
              .
            </>
          ) : (
            'Print or save each result page as a PDF to keep a dated proof of search.'
          )}
        </Text>
      </Stack>
    </Container>
  );
}
