/** Shared set-up of the interactive search tests: an app with the shipped samples loaded and indexed. */
import { createIndexStore } from '#server/screening/index-store';
import { createTestApp, type TestApp } from '#test/app';

export const NOW = new Date('2026-04-15T10:00:00Z');

/** An app on a fresh database, its clock at NOW, every sample list imported and indexed. */
export async function createSearchApp(perDay = 3): Promise<TestApp> {
  const t = await createTestApp({ anonymousSearchesPerDay: perDay }, { samplesAt: NOW });
  t.setNow(NOW);
  t.ctx.screening = await createIndexStore(t.ctx.db, { shared: false });
  return t;
}

/** Query string of a name search. */
export const nameUrl = (params: Record<string, string>) => `/services/interactivesearch/name?${new URLSearchParams(params)}`;
