/** Shared frame of the result pages: loading, a result no longer at hand, the content, a new search link. */
import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Center, Container, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { InteractiveResult } from '#shared/interactive-search';
import { useSessionUser } from '../app/current-user';
import { useSearchResult } from './use-search-result';

export function ResultFrame<K extends InteractiveResult['kind']>({ kind, children }: { kind: K; children: (result: Extract<InteractiveResult, { kind: K }>) => ReactNode }) {
  const state = useSearchResult(kind);
  const user = useSessionUser();
  const searchPath = user ? '/interactive/search' : '/';
  return (
    <Container size={1000} px="md" py={{ base: 'lg', sm: 40 }}>
      {state.status === 'loading' && (
        <Center py="xl" aria-busy="true">
          <Loader aria-label="Loading the result" />
        </Center>
      )}
      {state.status === 'missing' && (
        <Alert color="brand" variant="light" title="This result is not available here" role="status">
          <Text>
            Results are kept in the browser tab that ran the search; signed-in paying users can reopen every search from{' '}
            <Anchor component={Link} to="/searchhistory/main">
              Search History
            </Anchor>
            .
          </Text>
          <Button component={Link} to={searchPath} mt="md">
            Start a new search
          </Button>
        </Alert>
      )}
      {state.status === 'ready' && (
        <Stack gap="xl">
          {children(state.result as Extract<InteractiveResult, { kind: K }>)}
          <Group data-print="hide">
            <Button component={Link} to={searchPath} variant="default">
              New search
            </Button>
          </Group>
        </Stack>
      )}
    </Container>
  );
}
