/** Logout: end the server session, forget every cached answer, go to the login page. */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '#shared/messages';
import { api } from './api';
import { CURRENT_USER_KEY } from './current-user';
import { showToast } from './toasts';

export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return useCallback(async () => {
    try {
      await api('/services/user/logout', { method: 'POST' });
    } catch (error) {
      // The local session is dropped either way; the server expires what it still holds.
      console.warn('Logout request failed:', error);
    }
    queryClient.clear();
    queryClient.setQueryData(CURRENT_USER_KEY, null);
    navigate('/login', { replace: true });
    showToast(MESSAGES.loggedOut, 'info');
  }, [navigate, queryClient]);
}
