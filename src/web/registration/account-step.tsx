/** Step 2: account info, and the card for the paid plan. Enter submits; trial and invitation create the account here. */
import { Button, Divider, Group, Stack, Title } from '@mantine/core';
import { AccountFields } from './account-fields';
import { CardForm } from './card-form';
import type { Registration } from './use-registration';

export function AccountStep({ flow }: { flow: Registration }) {
  return (
    <form noValidate onSubmit={flow.form.onSubmit((values) => void flow.submitAccount(values))}>
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
