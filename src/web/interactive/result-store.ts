/** Results just searched, kept in the tab's session storage so the result page survives a reload. */
import { InteractiveResultSchema, type InteractiveResult } from '#shared/interactive-search';

const key = (searchId: number) => `clearlist.search.${searchId}`;

export function keepResult(result: InteractiveResult): void {
  try {
    sessionStorage.setItem(key(result.searchId), JSON.stringify(result));
  } catch {
    // Storage full or disabled: the page still gets the result through navigation state.
  }
}

export function readKeptResult(searchId: number): InteractiveResult | null {
  try {
    const raw = sessionStorage.getItem(key(searchId));
    if (!raw) return null;
    const parsed = InteractiveResultSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const RESULT_PAGES: Record<string, string> = { npi: '/npi/results', name: '/interactive/results', advanced: '/advancedSearch/search' };

/** Where a result is shown: /interactive/results, /npi/results or /advancedSearch/search with its search id. */
export function resultPath(result: { kind: InteractiveResult['kind'] | 'advanced'; searchId: number }): string {
  return `${RESULT_PAGES[result.kind]}?search=${result.searchId}`;
}
