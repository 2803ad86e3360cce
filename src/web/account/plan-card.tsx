/** Plan card: the team plan (upgrade to unlimited teams; downgrade only through support) and cancelling. */
import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { ACCOUNT_MESSAGES, cancelNotice, formatCents, formatDollars, formatLongDate, PLAN_NAMES, PLAN_PRICE_CENTS, type AccountDetails } from '#shared/account';
import { showToast } from '../app/toasts';
import { cancelAccount, updateTeamOption } from './account-api';
import { ACCOUNT_TEXTS } from './account-texts';
import { readableBadge } from './badge-text';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useAccountChange } from './use-account-change';

export function PlanCard({ account }: { account: AccountDetails }) {
  const [asking, setAsking] = useState<'upgrade' | 'cancel' | null>(null);
  const teamPlan = useAccountChange(updateTeamOption, { success: ACCOUNT_MESSAGES.teamPlanUpdated, failurePrefix: ACCOUNT_MESSAGES.teamPlanFailed });
  const cancel = useAccountChange(() => cancelAccount(), {
    success: (after) => cancelNotice(after.accessEndsOn ?? after.nextBillingDate ?? ''),
    failurePrefix: ACCOUNT_TEXTS.cancelFailed,
    successKind: 'info',
  });
  const isMulti = account.teamType === 'MULTI_TEAM';
  const close = () => setAsking(null);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="account-plan">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={2} fz="lg" id="account-plan">
            Your plan
          </Title>
          <Badge color={account.disabling ? 'orange' : 'green'} variant="light" styles={readableBadge(account.disabling ? 'orange' : 'green')}>
            {account.disabling ? 'Cancelled' : 'Active'}
          </Badge>
        </Group>
        <Text fz="xl" fw={700}>
          {PLAN_NAMES[account.teamType]}{' '}
          <Text span c="dimmed" fz="sm" fw={400}>
            {formatCents(PLAN_PRICE_CENTS[account.teamType])} / month
          </Text>
        </Text>
        <Text size="sm" c="dimmed">
          {isMulti ? 'As many teams as you need, each with its own searches and owner.' : 'One team for everyone in your company.'}
        </Text>
        <Group gap="sm">
          {isMulti ? (
            // Downgrading is blocked here (spec §4): support does it.
            <Button variant="default" onClick={() => showToast(ACCOUNT_MESSAGES.downgradeInfo, 'info')}>
              Change to Single Team
            </Button>
          ) : (
            <Button variant="light" onClick={() => setAsking('upgrade')} disabled={account.disabling}>
              Upgrade to Unlimited Teams
            </Button>
          )}
          {!account.disabling && (
            <Button variant="subtle" color="red" onClick={() => setAsking('cancel')}>
              Cancel account
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={asking === 'upgrade'}
        title="Upgrade to Unlimited Teams?"
        confirmLabel="Upgrade"
        isBusy={teamPlan.isPending}
        onClose={close}
        onConfirm={() => teamPlan.mutate('MULTI_TEAM', { onSuccess: close })}
      >
        {upgradeText(account)}
      </ConfirmDialog>
      <ConfirmDialog
        opened={asking === 'cancel'}
        title="Cancel your account?"
        confirmLabel="Cancel account"
        cancelLabel="Keep my account"
        isDanger
        isBusy={cancel.isPending}
        onClose={close}
        onConfirm={() => cancel.mutate(undefined, { onSuccess: close })}
      >
        You keep access until your next billing date{account.nextBillingDate ? `, ${formatLongDate(account.nextBillingDate)}` : ''}; then the account is disabled. The month is not refunded. You can
        reactivate until then.
      </ConfirmDialog>
    </Card>
  );
}

/** The upgrade's price in the words of the calculation the invoice uses (ADR 030). */
function upgradeText(account: AccountDetails): string {
  const preview = account.planPreviews.find((p) => p.teamType === 'MULTI_TEAM');
  const price = preview ? formatDollars(preview.monthlyPrice) : formatCents(PLAN_PRICE_CENTS.MULTI_TEAM);
  const month = preview ? ` This month's plan charge becomes ${formatDollars(preview.thisMonth)}: the days before today at your current plan's rate, today and after at the new one.` : '';
  return `Your plan becomes ${price} a month from today, and your administrators can create as many teams as they need.${month}`;
}
