/** Billing and payment: base price, this month's usage lines, next billing date, the card and its update. */
import { useRef, useState } from 'react';
import { Alert, Button, Card, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES, formatDollars, formatLongDate, lastBillNotice, type AccountDetails } from '#shared/account';
import { isApiError } from '../app/api';
import { showToast } from '../app/toasts';
import { CardForm } from '../registration/card-form';
import type { CardFormHandle } from '../registration/card-form-types';
import { accountKeys, updateCard } from './account-api';
import { ACCOUNT_TEXTS } from './account-texts';
import { MONITORING_PRICE_TEXT } from '#shared/prices';

const longDate = (date: string | null) => (date ? formatLongDate(date) : '—');

export function BillingCard({ account }: { account: AccountDetails }) {
  const [isUpdating, setUpdating] = useState(false);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="account-billing">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="account-billing">
          Billing and payment
        </Title>
        {/* Narrow screens scroll the table sideways rather than squeeze its columns (issue 55). */}
        <Table.ScrollContainer minWidth={440} type="native" tabIndex={0}>
          <Table verticalSpacing={6} horizontalSpacing="sm" aria-label="This month's charges" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Unit price</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...account.planItems, ...account.lineItems].map((item) => (
                <Table.Tr key={item.description}>
                  <Table.Td>{item.description}</Table.Td>
                  <Table.Td ta="right">{formatDollars(item.unitPrice)}</Table.Td>
                  <Table.Td ta="right">{item.quantity.toLocaleString('en-US')}</Table.Td>
                  <Table.Td ta="right">{formatDollars(item.total)}</Table.Td>
                </Table.Tr>
              ))}
              {account.lineItems.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4} c="dimmed">
                    No searches yet this month.
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr data-toast-keep-clear>
                <Table.Th colSpan={3}>Month to date</Table.Th>
                <Table.Th ta="right">{formatDollars(account.monthToDate)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
        <Text size="xs" c="dimmed">
          {MONITORING_PRICE_TEXT}
        </Text>
        <Group justify="space-between" gap="xs" data-toast-keep-clear>
          {account.disabling && account.accessEndsOn ? (
            <Text size="sm">{lastBillNotice(account.accessEndsOn, account.monthToDate)}</Text>
          ) : (
            <Text size="sm">
              Next billing date: <b>{longDate(account.nextBillingDate)}</b>
            </Text>
          )}
          <Text size="sm">
            Card: <b>{account.cardLastFour ? `ending in ${account.cardLastFour}` : 'none on file'}</b>
          </Text>
        </Group>
        {account.braintreeCustomerId && (
          <Button variant="light" onClick={() => setUpdating(true)} style={{ alignSelf: 'flex-start' }}>
            Update card
          </Button>
        )}
      </Stack>
      {isUpdating && account.braintreeCustomerId && <UpdateCardDialog customerId={account.braintreeCustomerId} onClose={() => setUpdating(false)} />}
    </Card>
  );
}

function UpdateCardDialog({ customerId, onClose }: { customerId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const cardForm = useRef<CardFormHandle>(null);
  const [isAsking, setAsking] = useState(false);
  const save = useMutation({
    mutationFn: (nonce: string) => updateCard(customerId, nonce),
    onSuccess: async () => {
      showToast(ACCOUNT_MESSAGES.cardUpdated, 'success');
      await queryClient.invalidateQueries({ queryKey: accountKeys.details });
      onClose();
    },
    // Logged (spec §8), and the dialog stays open saying why in plain words (issue 19): the server maps the provider's reason.
    onError: (error) => console.warn('Card update failed', error),
  });
  const submit = async () => {
    setAsking(true);
    const card = await cardForm.current?.requestCard();
    setAsking(false);
    if (card) save.mutate(card.nonce);
  };
  return (
    <Modal opened onClose={onClose} title="Update card" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        {save.isError && (
          <Alert color="red" variant="light" role="alert">
            {ACCOUNT_TEXTS.cardUpdateFailed} {isApiError(save.error) && save.error.status < 500 ? save.error.message : ''}
          </Alert>
        )}
        <CardForm ref={cardForm} customerId={customerId} purpose="card-update" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={isAsking || save.isPending}>
            Save card
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
