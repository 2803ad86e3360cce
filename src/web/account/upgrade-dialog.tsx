/** Trial upgrade (spec §2): four steps (plan, search options, payment info, confirm) that make the trial a paid company account. */
import { useRef, useState } from 'react';
import { Button, Group, Modal, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ACCOUNT_MESSAGES, formatDollars, type AccountDetails, type UpgradeTrialInput } from '#shared/account';
import { REGISTRATION_MESSAGES } from '#shared/registration';
import type { SearchOption, TeamType } from '#shared/teams';
import { clearToasts, showToast } from '../app/toasts';
import { PlanPriceTable } from '../components/plan-price-table';
import { CardForm } from '../registration/card-form';
import type { CardFormHandle, CardResult } from '../registration/card-form-types';
import { MonthlyTotal, SearchOptionsChoice, TeamTypeChoice } from '../registration/plan-choices';
import { upgradeTrial } from './account-api';
import { useAccountChange } from './use-account-change';

/** For a trial the NAME option is disabled (spec §4): it is always part of the plan. */
const TRIAL_LOCKED: SearchOption[] = ['NAME'];

const STEPS = ['Choose plan', 'Search options', 'Payment info', 'Confirm'] as const;

export interface UpgradeDialogProps {
  /** What the dialog needs of the account: its search options and this month's plan charge previews. */
  account: Pick<AccountDetails, 'searchOptions' | 'planPreviews'>;
  onClose: () => void;
  /** The call that upgrades: the account page's (default) or the expired trial's from the login page. */
  run?: (input: UpgradeTrialInput) => Promise<AccountDetails>;
  successText?: string;
  /** After a successful upgrade (default: onClose). */
  onUpgraded?: () => void;
}

export function UpgradeDialog({ account, onClose, run = upgradeTrial, successText = ACCOUNT_MESSAGES.upgradeThanks, onUpgraded = onClose }: UpgradeDialogProps) {
  const [step, setStep] = useState(0);
  const [teamType, setTeamType] = useState<TeamType | null>(null);
  const [teamError, setTeamError] = useState<string | null>(null);
  const [options, setOptions] = useState<SearchOption[]>(() => [...new Set<SearchOption>(['NAME', ...account.searchOptions])]);
  const [card, setCard] = useState<CardResult | null>(null);
  const [isAsking, setAsking] = useState(false);
  const cardForm = useRef<CardFormHandle>(null);
  const isPhone = useMediaQuery('(max-width: 48em)');
  const upgrade = useAccountChange(run, { success: successText, failurePrefix: ACCOUNT_MESSAGES.upgradeFailed });

  const next = async () => {
    if (step === 0 && !teamType) {
      setTeamError(REGISTRATION_MESSAGES.chooseTeam);
      return showToast(REGISTRATION_MESSAGES.chooseTeam, 'error', { cause: 'choose-team' });
    }
    if (step === 2) {
      setAsking(true);
      const result = await cardForm.current?.requestCard();
      setAsking(false);
      if (!result) return;
      setCard(result);
    }
    setStep((s) => s + 1);
  };

  const confirm = () => {
    if (!card || !teamType) return;
    upgrade.mutate(
      { nonce: card.nonce, teamType, searchOptions: options, ...(card.deviceData ? { deviceId: card.deviceData } : {}) },
      { onSuccess: onUpgraded, onError: () => setStep(2) },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Upgrade to a company account" size="xl" fullScreen={isPhone} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="lg">
        {isPhone ? (
          // Four steps do not fit across a phone: one line says where the user is.
          <Text size="sm" fw={600} aria-live="polite">
            Step {step + 1} of 4: {STEPS[step]}
          </Text>
        ) : (
          <Stepper active={step} size="xs" aria-label="Upgrade steps" allowNextStepsSelect={false} onStepClick={setStep}>
            {STEPS.map((label) => (
              <Stepper.Step key={label} label={label} />
            ))}
          </Stepper>
        )}
        {step === 0 && (
          <TeamTypeChoice
            value={teamType}
            error={teamError}
            onChange={(value) => {
              setTeamType(value);
              setTeamError(null);
              clearToasts('choose-team');
            }}
          />
        )}
        {step === 1 && (
          <Stack gap="md">
            <SearchOptionsChoice value={options} onChange={setOptions} locked={TRIAL_LOCKED} />
            <MonthlyTotal teamType={teamType} searchOptions={options} />
          </Stack>
        )}
        {step === 2 && <CardForm ref={cardForm} purpose="upgrade" />}
        {step === 3 && teamType && card && (
          <Stack gap="sm" aria-label="Upgrade summary">
            <PlanPriceTable teamType={teamType} searchOptions={options} />
            <Text size="sm">
              {thisMonthText(account, teamType)} Card ending in {card.lastFour}. Billed on the first business day of each month; the trial&apos;s monthly limit ends.
            </Text>
          </Stack>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={step === 0 ? onClose : () => setStep((s) => s - 1)} disabled={upgrade.isPending}>
            {step === 0 ? 'Cancel' : 'Back'}
          </Button>
          {step < 3 ? (
            <Button onClick={() => void next()} loading={isAsking}>
              Continue
            </Button>
          ) : (
            <Button onClick={confirm} loading={upgrade.isPending}>
              Upgrade
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** This month's prorated plan charge, as the first invoice will bill it (ADR 030). */
function thisMonthText(account: UpgradeDialogProps['account'], teamType: TeamType): string {
  const preview = account.planPreviews.find((p) => p.teamType === teamType);
  return preview ? `This month's plan charge, from today: ${formatDollars(preview.thisMonth)}.` : '';
}
