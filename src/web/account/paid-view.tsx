/** Paid view (spec §2 Account Details): plan, billing and payment, search types, help, invoices; the cancelled notice. */
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { cancelNotice, formatDollars, formatLongDate, type AccountDetails } from '#shared/account';
import { reactivateAccount } from './account-api';
import { ACCOUNT_TEXTS } from './account-texts';
import { BillingCard } from './billing-card';
import { HelpCard } from './help-card';
import { InvoicesCard } from './invoices-card';
import { monthOf } from './month';
import { PlanCard } from './plan-card';
import { SearchTypesCard } from './search-types-card';
import { useAccountChange } from './use-account-change';

export function PaidView({ account }: { account: AccountDetails }) {
  const reactivate = useAccountChange(() => reactivateAccount(), { success: ACCOUNT_TEXTS.reactivated, failurePrefix: ACCOUNT_TEXTS.reactivateFailed });
  const charge = account.failedCharge;
  return (
    <Stack gap="lg">
      {account.disabling && (
        <Alert color="orange" variant="light" title="Account cancelled" role="status">
          <Stack gap="sm">
            <Text size="sm">{cancelNotice(account.accessEndsOn ?? account.nextBillingDate ?? '')}</Text>
            <Group>
              <Button size="xs" onClick={() => reactivate.mutate(undefined)} loading={reactivate.isPending}>
                Reactivate
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {charge && (
        <Alert color="red" variant="light" title="Payment failed" role="alert">
          The charge of {formatDollars(charge.total)} for {monthOf(charge.period)} failed ({charge.lastError}) after {charge.attempts}{' '}
          {charge.attempts === 1 ? 'attempt' : 'attempts'}.
          {charge.nextAttemptOn ? ` We will try again on ${formatLongDate(charge.nextAttemptOn)}.` : ''} Update your card below to settle it.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <PlanCard account={account} />
        <BillingCard account={account} />
        <SearchTypesCard account={account} key={account.searchOptions.join(',')} />
        <HelpCard />
      </SimpleGrid>
      <InvoicesCard />
    </Stack>
  );
}
