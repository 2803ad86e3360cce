/** The search as a card: the form, its error, and the intent-of-use dialog before a search. */
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { IntentDialog } from '../auth/intent-dialog';
import { SearchForm, type SearchFormProps } from './search-form';
import { useInteractiveSearch } from './use-interactive-search';

export interface SearchCardProps extends Pick<SearchFormProps, 'hasNarrowing' | 'canSearchName' | 'canSearchNpi' | 'canListOwners'> {
  title: string;
  intro: string;
  /** Landing page: ask for the intent of use before every search. */
  asksIntent: boolean;
  headingLevel?: 1 | 2;
}

export function SearchCard({ title, intro, asksIntent, headingLevel = 2, ...form }: SearchCardProps) {
  const flow = useInteractiveSearch({ asksIntent });
  return (
    <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="lg" withBorder aria-labelledby="search-card-title" component="section">
      <Stack gap="md">
        <div>
          <Title order={headingLevel} fz={headingLevel === 1 ? 28 : 22} id="search-card-title" c="dark.8">
            {title}
          </Title>
          <Text size="sm" c="dark.6" mt={4}>
            {intro}
          </Text>
        </div>
        <SearchForm
          {...form}
          onSearch={flow.search}
          isBusy={flow.isBusy}
          readyHint={asksIntent ? 'You will be asked to acknowledge the intent of use first.' : 'Each search counts as one search of its type on your account.'}
        />
        {flow.error && (
          <Alert color="red" variant="light" role="alert">
            {flow.error}
          </Alert>
        )}
      </Stack>
      <IntentDialog {...flow.intent} />
    </Paper>
  );
}
