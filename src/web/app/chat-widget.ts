/** The support chat widget (Zendesk Web Widget): loaded on demand, then the user is identified. */
import type { z } from 'zod';
import type { SupportWidgetSchema } from '#shared/auth';

export type SupportWidgetInfo = z.infer<typeof SupportWidgetSchema>;

type ZendeskApi = (...args: unknown[]) => void;

declare global {
  interface Window {
    zE?: ZendeskApi;
  }
}

const SCRIPT_ID = 'ze-snippet';
let loading: Promise<void> | null = null;

function loadScript(appKey: string): Promise<void> {
  if (window.zE) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.async = true;
    script.src = `https://static.zdassets.com/ekr/snippet.js?key=${encodeURIComponent(appKey)}`;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('The support chat widget could not be loaded.'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** Loads the widget for `info.appKey`, identifies the user and opens the chat. */
export async function openChatWidget(info: SupportWidgetInfo & { appKey: string }): Promise<void> {
  await loadScript(info.appKey);
  const zE = window.zE;
  if (!zE) throw new Error('The support chat widget did not start.');
  if (info.userEmail) {
    zE('webWidget', 'identify', { name: info.userName, email: info.userEmail, organization: info.clientName });
    zE('webWidget', 'prefill', { name: { value: info.userName }, email: { value: info.userEmail } });
  }
  zE('webWidget', 'open');
}
