/** Logging in after the Intent of Use (spec §2, §4 Login): the login page and the end of sign-up share it. */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { LoginInput } from '#shared/auth';
import { INTENT_DECLINED, MESSAGES, loginMessage } from '#shared/messages';
import { isApiError } from '../app/api';
import { refreshCurrentUser } from '../app/current-user';
import { clearToasts, showToast } from '../app/toasts';
import { requestLogin, trialUpgradeOfferQuery } from './auth-api';
import { IntentDialog } from './intent-dialog';

/** `start(credentials)` asks for the Intent of Use, then logs in and goes home; `dialog` must be rendered. */
export function useIntentLogin() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<LoginInput | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The login code of the last refusal (TRIAL_EXPIRED offers the upgrade). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  const acknowledge = async () => {
    if (!pending) return;
    const credentials = pending;
    setPending(null);
    setSubmitting(true);
    try {
      const code = await requestLogin(credentials);
      if (code === 'LOGIN_SUCCESSFUL') {
        await refreshCurrentUser(queryClient);
        navigate('/home', { replace: true });
        return;
      }
      // Each refused login leaves its own upgrade cookie: the offer of an earlier one is not this user's.
      if (code === 'TRIAL_EXPIRED') queryClient.removeQueries({ queryKey: trialUpgradeOfferQuery.queryKey });
      setRefusal(code);
      setError(loginMessage(code));
    } catch (cause) {
      setError(isApiError(cause) ? cause.message : MESSAGES.genericError);
    }
    setSubmitting(false);
  };

  const decline = () => {
    setPending(null);
    showToast(INTENT_DECLINED, 'error', { cause: 'intent-declined' });
  };

  const start = (credentials: LoginInput) => {
    clearToasts('intent-declined');
    setError(null);
    setRefusal(null);
    setPending(credentials);
  };

  const dialog = <IntentDialog opened={pending !== null} onAcknowledge={() => void acknowledge()} onDecline={decline} />;
  return { start, error, refusal, isSubmitting, dialog };
}
