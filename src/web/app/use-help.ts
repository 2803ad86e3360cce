/** The Help action: private help page, else the chat widget when configured, else /help. */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { SupportWidgetSchema, type CurrentUser } from '#shared/auth';
import { api } from './api';
import { openChatWidget } from './chat-widget';

export const SUPPORT_WIDGET_KEY = ['support-widget'] as const;

export function useHelp(user: CurrentUser | null | undefined): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return useCallback(async () => {
    if (user?.privateHelpPage) {
      window.open(user.privateHelpPage, '_blank', 'noopener,noreferrer');
      return;
    }
    if (user) {
      try {
        const info = await queryClient.fetchQuery({
          queryKey: SUPPORT_WIDGET_KEY,
          queryFn: () => api('/services/zendesk', { schema: SupportWidgetSchema }),
          staleTime: Infinity,
        });
        if (info.appKey) {
          await openChatWidget({ ...info, appKey: info.appKey });
          return;
        }
      } catch (error) {
        // The spec logs support widget failures; the help page is the fallback.
        console.warn('Support chat unavailable:', error);
      }
    }
    navigate('/help');
  }, [user, queryClient, navigate]);
}
