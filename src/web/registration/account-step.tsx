/** Step 2: account info, and the card for the paid plan. Enter submits; trial and invitation create the account here. */
import { Anchor, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AccountFields } from './account-fields';
import { CardForm } from './card-form';
import type { Registration } from './use-registration';

export function AccountStep({ flow }: { flow: Registration }) {
  return (
    <form noValidate onSubmit={flow.form.onSubmit((values) => void flow.submitAccount(values), flow.trimFields)}>
      <Stack gap="lg">
        <AccountFields form={flow.form} isInvitation={flow.isInvitation} />
        {flow.isCompany && (
          <>
            <Divider />
            <Stack gap="sm">
              <Title order={2} fz="lg">
                Payment Info
              </Title>
              <CardForm ref={flow.cardForm} />
            </Stack>
          </>
        )}
        {/* The request says acknowledgeTerms: true (spec §3); these are the terms it acknowledges (spec §9). */}
        <Text size="xs" c="dimmed">
          By creating an account you accept our terms: list data is updated at least monthly and within 24 hours of each download;
          our liability is capped at $500 per individual screened, and claims must be made within one year. See also our{' '}
          <Anchor component={Link} to="/privacy" size="xs">
            privacy policy
          </Anchor>
          .
        </Text>
        <Group justify={flow.isCompany ? 'space-between' : 'flex-end'}>
          {flow.isCompany && (
            <Button variant="default" onClick={flow.back}>
              Back
            </Button>
          )}
          <Button type="submit" loading={flow.isBusy}>
            {flow.isCompany ? 'Continue' : 'Create account'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
