/** Create an Account (/registration/{plan}/{invitationId?}): paid, trial and invitation sign-up (spec §2, §4). */
import { Alert, Box, Container, LoadingOverlay, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { trialLengthText } from '#shared/account';
import { planTypeOfRoute, REGISTRATION_MESSAGES, type Invitation } from '#shared/registration';
import type { PlanType } from '#shared/teams';
import { fetchInvitation, registrationKeys } from './registration-api';
import { RegistrationSteps } from './registration-steps';

const LEADS: Record<PlanType, string> = {
  COMPANY: 'A company account: choose your plan and search options, then your account and card.',
  FREE: `A free trial: 10 searches every month, no card needed. ${trialLengthText(new Date())}`,
  INVITATION: 'Join your team on Clearlist.',
};

export function RegistrationPage() {
  const { plan, invitationId = '' } = useParams();
  const planType = planTypeOfRoute(plan);
  return (
    <Container size={880} px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Create an Account
          </Title>
          <Text c="dimmed">{LEADS[planType]}</Text>
        </Stack>
        {planType === 'INVITATION' ? <InvitationRegistration inviteId={invitationId} /> : <RegistrationSteps key={planType} planType={planType} invitation={null} />}
      </Stack>
    </Container>
  );
}

/** The invitation is loaded first behind a loading overlay; without it the page shows the spec's error instead of the form. */
function InvitationRegistration({ inviteId }: { inviteId: string }) {
  const invitation = useQuery({
    queryKey: registrationKeys.invitation(inviteId),
    queryFn: () => fetchInvitation(inviteId),
    enabled: inviteId.length > 0,
    retry: false,
  });
  if (!inviteId || invitation.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {REGISTRATION_MESSAGES.invitationLoadFailed}
      </Alert>
    );
  }
  if (!invitation.data) {
    return (
      <Box pos="relative" mih={240}>
        <LoadingOverlay visible loaderProps={{ 'aria-label': 'Loading your invitation' } as object} />
      </Box>
    );
  }
  return <InvitationIntro invitation={invitation.data} />;
}

function InvitationIntro({ invitation }: { invitation: Invitation }) {
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md" bg="gray.0">
        <Text size="sm">
          <b>{invitation.senderFullName}</b> invited you to join <b>{invitation.companyName}</b>, team <b>{invitation.teamName}</b>.
        </Text>
      </Paper>
      <RegistrationSteps planType="INVITATION" invitation={invitation} />
    </Stack>
  );
}
