/** Search types: add options; the ones the account has are disabled, never removable (spec §4). */
import { useState } from 'react';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { ACCOUNT_MESSAGES, type AccountDetails } from '#shared/account';
import { SearchOptionsChoice } from '../registration/plan-choices';
import { updateSearchOptions } from './account-api';
import { useAccountChange } from './use-account-change';

export function SearchTypesCard({ account }: { account: AccountDetails }) {
  const [chosen, setChosen] = useState(account.searchOptions);
  const save = useAccountChange(updateSearchOptions, { success: ACCOUNT_MESSAGES.searchTypesUpdated, failurePrefix: ACCOUNT_MESSAGES.searchTypesFailed });
  const added = chosen.filter((o) => !account.searchOptions.includes(o));
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="account-search-types">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="account-search-types">
          Search types
        </Title>
        <Text size="sm" c="dimmed">
          Add the searches your team needs. Search types you have stay on your plan.
        </Text>
        <SearchOptionsChoice value={chosen} onChange={(next) => setChosen([...new Set([...account.searchOptions, ...next])])} locked={account.searchOptions} />
        <Button
          onClick={() => save.mutate(chosen, { onSuccess: (after) => setChosen(after.searchOptions) })}
          disabled={added.length === 0 || account.disabling}
          loading={save.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          Add search types
        </Button>
      </Stack>
    </Card>
  );
}
