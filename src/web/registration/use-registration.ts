/** The registration flow (spec §4 Registration): steps, plan, form, card, server validation and creation. */
import { useRef, useState } from 'react';
import { useForm, type FormErrors } from '@mantine/form';
import { REGISTRATION_MESSAGES, TRIAL_SEARCH_OPTIONS, type Invitation, type CreateAccountResponse } from '#shared/registration';
import type { PlanType, SearchOption, TeamType } from '#shared/teams';
import { MESSAGES } from '#shared/messages';
import { clearToasts, showToast } from '../app/toasts';
import { creationErrorOf, EMPTY_ACCOUNT, fieldErrorsOf, trimAccount, validateAccount, type AccountValues } from './account-rules';
import type { CardFormHandle, CardResult } from './card-form-types';
import { createAccount, validateUser } from './registration-api';

export type RegistrationStep = 1 | 2 | 3 | 4;

export interface PlanChoice {
  teamType: TeamType | null;
  searchOptions: SearchOption[];
}

/** The paid plan asks for a team type; trial pre-selects NAME and NPI; the defaults are SINGLE and NAME (spec §3, §4). */
function initialPlan(planType: PlanType): PlanChoice {
  if (planType === 'FREE') return { teamType: 'SINGLE', searchOptions: [...TRIAL_SEARCH_OPTIONS] };
  if (planType === 'INVITATION') return { teamType: 'SINGLE', searchOptions: ['NAME'] };
  return { teamType: null, searchOptions: ['NAME'] };
}

const scrollToTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });

export function useRegistration(planType: PlanType, invitation: Invitation | null) {
  const isInvitation = planType === 'INVITATION';
  const isCompany = planType === 'COMPANY';
  const [step, setStep] = useState<RegistrationStep>(isCompany ? 1 : 2);
  const [plan, setPlan] = useState<PlanChoice>(() => initialPlan(planType));
  const [teamError, setTeamError] = useState<string | null>(null);
  const [card, setCard] = useState<CardResult | null>(null);
  const [pageError, setPageError] = useState<{ title?: string; lines: string[] } | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreateAccountResponse | null>(null);
  /** The server's notices about the form (e.g. another organisation has this company name). */
  const [notices, setNotices] = useState<string[]>([]);
  const cardForm = useRef<CardFormHandle>(null);
  const form = useForm<AccountValues>({
    initialValues: invitation ? { ...EMPTY_ACCOUNT, email: invitation.inviteeEmail, companyName: invitation.companyName } : EMPTY_ACCOUNT,
    validate: (values) => validateAccount(values, isInvitation),
  });

  const userInfo = (values: AccountValues, nonce?: string) => ({
    ...trimAccount(values),
    ...(nonce ? { nonce } : {}),
    ...(invitation ? { inviteId: invitation.inviteId } : {}),
    acknowledgeTerms: true,
    accountOwner: !isInvitation,
  });

  /** Shows a refusal: field errors on their fields (the first one focused), the rest above the form with the page scrolled up. */
  const showRefusal = (error: unknown): void => {
    const body = creationErrorOf(error);
    const fields = body ? fieldErrorsOf(body) : {};
    form.setErrors(fields);
    let lines: string[] | null = null;
    if (!body) lines = [MESSAGES.genericError];
    else if (body.userCreationError === 'CLIENT_CREATION') lines = [REGISTRATION_MESSAGES.clientCreation];
    else if (body.userCreationError === 'PAYMENT_AUTHENTICATION_REJECTION') lines = [REGISTRATION_MESSAGES.paymentRejected, ...body.errorMessages];
    else if (!Object.keys(fields).length) lines = body.errorMessages.length ? body.errorMessages : [body.error.message];
    if (lines) {
      setPageError({ lines });
      return scrollToTop();
    }
    // After the step has rendered with its errors.
    setTimeout(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus(), 0);
  };

  const chooseTeam = (teamType: TeamType) => {
    setTeamError(null);
    clearToasts('choose-team');
    setPlan((p) => ({ ...p, teamType }));
  };

  /** Step 1 to 2 needs a team type (spec §4). */
  const leavePlanStep = () => {
    if (plan.teamType) return setStep(2);
    setTeamError(REGISTRATION_MESSAGES.chooseTeam);
    showToast(REGISTRATION_MESSAGES.chooseTeam, 'error', { cause: 'choose-team' });
  };

  const create = async (values: AccountValues, withCard: CardResult | null) => {
    setBusy(true);
    setPageError(null);
    try {
      const answer = await createAccount(
        { userInfo: userInfo(values, withCard?.nonce), plan: { planType, teamType: plan.teamType ?? 'SINGLE', searchOptions: plan.searchOptions } },
        withCard?.deviceData ?? null,
      );
      setCreated(answer);
      setNotices(answer.notices);
      setStep(4);
      scrollToTop();
    } catch (error) {
      const body = creationErrorOf(error);
      // After any failure but a client creation one, the flow returns to step 2 with the field errors (spec §4).
      if (body?.userCreationError !== 'CLIENT_CREATION') {
        setStep(2);
        if (body?.userCreationError === 'PAYMENT_AUTHENTICATION_REJECTION') setCard(null);
      }
      showRefusal(error);
    } finally {
      setBusy(false);
    }
  };

  /** The fields keep what is sent: text trimmed, so a refused submit leaves no stray spaces in them (ADR 129). */
  const trimFields = (errors?: FormErrors) => {
    form.setValues(trimAccount(form.getValues()));
    // Setting the values clears the errors the form's rules just found.
    if (errors) form.setErrors(errors);
  };

  /** Step 2: local rules (by the form), then the server's validation, then the card or the account. */
  const submitAccount = async (values: AccountValues) => {
    trimFields();
    setBusy(true);
    setPageError(null);
    try {
      setNotices((await validateUser(userInfo(values))).notices);
    } catch (error) {
      setBusy(false);
      return showRefusal(error);
    }
    if (!isCompany) return create(values, null);
    const result = await cardForm.current?.requestCard();
    setBusy(false);
    if (!result) return;
    setCard(result);
    setStep(3);
    scrollToTop();
  };

  const confirm = () => {
    if (!card) return setStep(2);
    void create(form.getValues(), card);
  };

  const back = () => {
    setPageError(null);
    setStep((s) => (s > 1 ? ((s - 1) as RegistrationStep) : s));
  };

  return { step, plan, setPlan, teamError, chooseTeam, leavePlanStep, form, cardForm, card, pageError, isBusy, created, notices, submitAccount, trimFields, confirm, back, isCompany, isInvitation };
}

export type Registration = ReturnType<typeof useRegistration>;
