/** Help card: support contact, discounted pricing, and who manages billing (spec §4, §9). */
import { Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { COMPANY } from '../app/company';
import { useCurrentUser } from '../app/current-user';
import { useHelp } from '../app/use-help';

export function HelpCard() {
  const { data: user } = useCurrentUser();
  const openHelp = useHelp(user);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="account-help">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="account-help">
          Need help?
        </Title>
        <Text size="sm">
          Questions about your plan, an invoice, or discounted pricing above 500 searches a month: write to{' '}
          <Anchor href={`mailto:${COMPANY.supportEmail}`}>{COMPANY.supportEmail}</Anchor> or chat with us.
        </Text>
        <Text size="sm" c="dimmed">
          The account owner manages billing and the plan. To change the owner, contact support.
        </Text>
        <Button variant="light" onClick={() => void openHelp()} style={{ alignSelf: 'flex-start' }}>
          Get help
        </Button>
      </Stack>
    </Card>
  );
}
