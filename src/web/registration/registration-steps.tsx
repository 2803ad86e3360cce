/** The steps of one registration: step bar (paid plan), the current step, and the page's error. */
import { Alert, Paper, Stack, Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Invitation } from '#shared/registration';
import type { PlanType } from '#shared/teams';
import { AccountStep } from './account-step';
import { ConfirmStep } from './confirm-step';
import { PlanStep } from './plan-step';
import { ThankYouStep } from './thank-you-step';
import { useRegistration } from './use-registration';

export interface RegistrationStepsProps {
  planType: PlanType;
  invitation: Invitation | null;
}

export function RegistrationSteps({ planType, invitation }: RegistrationStepsProps) {
  const flow = useRegistration(planType, invitation);
  // Four steps do not fit across a phone: there the bar stands upright.
  const isPhone = useMediaQuery('(max-width: 48em)');

  return (
    <Stack gap="lg">
      {/* On Thank you every step is done. */}
      {flow.isCompany && (
        <Stepper active={flow.step === 4 ? 4 : flow.step - 1} size="sm" orientation={isPhone ? 'vertical' : 'horizontal'} aria-label="Steps" allowNextStepsSelect={false}>
          <Stepper.Step label="Choose a Plan & Options" />
          <Stepper.Step label="Account & Payment Info" />
          <Stepper.Step label="Confirm" />
          <Stepper.Step label="Thank you" />
        </Stepper>
      )}
      {flow.pageError && (
        <Alert color="red" variant="light" role="alert">
          {flow.pageError.lines.map((line, i) => (
            <div key={i}>{line}</div>
          ))}
        </Alert>
      )}
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        {flow.step === 1 && <PlanStep flow={flow} />}
        {flow.step === 2 && <AccountStep flow={flow} />}
        {flow.step === 3 && <ConfirmStep flow={flow} />}
        {flow.step === 4 && <ThankYouStep created={flow.created} planType={planType} credentials={{ username: flow.form.values.username.trim(), password: flow.form.values.password }} />}
      </Paper>
    </Stack>
  );
}
