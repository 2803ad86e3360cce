/** Invoices: every monthly bill with its status, and its PDF. */
import { Alert, Anchor, Badge, Card, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { formatDollars, formatLongDate, type InvoiceStatus } from '#shared/account';
import { accountKeys, fetchInvoices, invoicePdfUrl } from './account-api';
import { readableBadge } from './badge-text';
import { monthOf } from './month';
import { serverText } from './use-account-change';

const STATUS: Record<InvoiceStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'gray' },
  paid: { label: 'Paid', color: 'green' },
  failed: { label: 'Payment failed', color: 'red' },
};

export function InvoicesCard() {
  const invoices = useQuery({ queryKey: accountKeys.invoices, queryFn: fetchInvoices });
  // Phones get the month, total, status and PDF; the number goes under the month.
  const isPhone = useMediaQuery('(max-width: 48em)');
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="account-invoices">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="account-invoices">
          Invoices
        </Title>
        {invoices.isPending && <Loader size="sm" aria-label="Loading invoices" />}
        {invoices.isError && (
          <Alert color="red" variant="light" role="alert">
            {serverText(invoices.error)}
          </Alert>
        )}
        {invoices.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            No invoices yet. The first one is issued on the first business day of next month.
          </Text>
        )}
        {invoices.data && invoices.data.length > 0 && (
          <Table.ScrollContainer minWidth={isPhone ? 300 : 520}>
            <Table verticalSpacing={6} horizontalSpacing={isPhone ? 6 : 'sm'} fz="sm" aria-label="Invoices">
              <Table.Thead>
                <Table.Tr>
                  {!isPhone && <Table.Th>Invoice</Table.Th>}
                  <Table.Th>Month</Table.Th>
                  {!isPhone && <Table.Th>Issued</Table.Th>}
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>{isPhone ? <VisuallyHidden>PDF</VisuallyHidden> : 'PDF'}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoices.data.map((invoice) => (
                  <Table.Tr key={invoice.id}>
                    {!isPhone && <Table.Td>{invoice.number}</Table.Td>}
                    <Table.Td>
                      {monthOf(invoice.period)}
                      {isPhone && (
                        <Text size="xs" c="dimmed">
                          {invoice.number}
                        </Text>
                      )}
                    </Table.Td>
                    {!isPhone && <Table.Td>{formatLongDate(invoice.issuedOn)}</Table.Td>}
                    <Table.Td ta="right">{formatDollars(invoice.total)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" tt="none" size={isPhone ? 'sm' : 'md'} style={{ overflow: 'visible' }} color={STATUS[invoice.status].color} styles={readableBadge(STATUS[invoice.status].color)} title={invoice.lastError ?? undefined}>
                        {STATUS[invoice.status].label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Anchor href={invoicePdfUrl(invoice.id)} download>
                        {isPhone ? (
                          <>
                            PDF <VisuallyHidden>of invoice {invoice.number}</VisuallyHidden>
                          </>
                        ) : (
                          <>
                            Download <VisuallyHidden>invoice {invoice.number} (PDF)</VisuallyHidden>
                          </>
                        )}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
