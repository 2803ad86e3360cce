/**
 * /trial-upgrade: where login's TRIAL_EXPIRED leads (issue 19 item 2). The refused login left
 * an upgrade cookie; an account owner chooses a plan, gives a card and confirms, and is signed
 * in at once. Anyone else is told which owner to ask.
 */
import { useState } from 'react';
import { Alert, Anchor, Button, Center, Container, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { formatLongDate } from '#shared/account';
import { MESSAGES } from '#shared/messages';
import { TRIAL_UPGRADE_MESSAGES } from '#shared/trial-upgrade';
import { isApiError } from '../app/api';
import { fetchTrialUpgradeOffer, upgradeExpiredTrial } from './account-api';
import { UpgradeDialog } from './upgrade-dialog';

export function TrialUpgradePage() {
  const navigate = useNavigate();
  const [isUpgrading, setUpgrading] = useState(false);
  const offer = useQuery({ queryKey: ['trial-upgrade'], queryFn: fetchTrialUpgradeOffer, retry: false, staleTime: Infinity });
  const data = offer.data;
  return (
    <Container size={640} px="md" py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Upgrade your trial
          </Title>
          {offer.isPending && (
            <Center py="lg">
              <Loader aria-label="Loading your trial" />
            </Center>
          )}
          {offer.isError && (
            <>
              <Alert color="red" variant="light" role="alert">
                {isApiError(offer.error) && offer.error.status < 500 ? offer.error.message : MESSAGES.genericError}
              </Alert>
              <Button component={Link} to="/login" style={{ alignSelf: 'flex-start' }}>
                Log in
              </Button>
            </>
          )}
          {data && (
            <>
              <Text>
                {data.fullName}, the free trial of {data.clientName}
                {data.trialEndedOn ? ` ended on ${formatLongDate(data.trialEndedOn)}` : ' has ended'}. Your data and users are kept.
              </Text>
              {data.canUpgrade ? (
                <>
                  <Text>A company account restores access at once, with no monthly search limit:</Text>
                  <List size="sm" spacing={4}>
                    <List.Item>$30 a month for a single team, or $75 for unlimited teams</List.Item>
                    <List.Item>plus each search you run, billed monthly with your card</List.Item>
                  </List>
                  <Button onClick={() => setUpgrading(true)} style={{ alignSelf: 'flex-start' }}>
                    Choose a plan
                  </Button>
                </>
              ) : (
                <Alert color="blue" variant="light" role="status">
                  {TRIAL_UPGRADE_MESSAGES.ownersOnly(data.ownerNames)}
                </Alert>
              )}
              <Anchor component={Link} to="/login" size="sm">
                Back to log in
              </Anchor>
            </>
          )}
        </Stack>
      </Paper>
      {data?.canUpgrade && isUpgrading && (
        <UpgradeDialog
          account={data}
          run={upgradeExpiredTrial}
          successText={TRIAL_UPGRADE_MESSAGES.upgraded}
          onClose={() => setUpgrading(false)}
          onUpgraded={() => navigate('/home', { replace: true })}
        />
      )}
    </Container>
  );
}
