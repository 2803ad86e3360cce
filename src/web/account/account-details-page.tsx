/** Account Overview (/account-details, account owners): the trial view or the paid view. */
import { Alert, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { accountKeys, fetchAccount } from './account-api';
import { ACCOUNT_TEXTS } from './account-texts';
import { PaidView } from './paid-view';
import { TrialView } from './trial-view';

export function AccountDetailsPage() {
  const account = useQuery({ queryKey: accountKeys.details, queryFn: fetchAccount });
  const data = account.data;
  return (
    <Container size={1200} px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Account Overview
          </Title>
          {data && (
            <Text c="dimmed">
              {data.clientName}: {data.trial ? 'free trial' : data.disabling ? 'company account, cancelled' : 'company account'}
            </Text>
          )}
        </Stack>
        {account.isPending && (
          <Center py="xl">
            <Loader aria-label="Loading your account" />
          </Center>
        )}
        {account.isError && (
          <Alert color="red" variant="light" role="alert">
            {ACCOUNT_TEXTS.loadFailed}
          </Alert>
        )}
        {data && (data.trial ? <TrialView account={data} /> : <PaidView account={data} />)}
      </Stack>
    </Container>
  );
}
