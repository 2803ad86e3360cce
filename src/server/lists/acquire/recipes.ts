/** Every source's recipe, in one place (`clearlist lists sources` prints them). */
import { LIST_SOURCES } from '#lists/sources';
import { FEDERAL_RECIPES, FEDERAL_SERVICES } from './federal';
import type { Recipe } from './recipe';
import type { Service } from './resolve';
import { STATE_RECIPES, STATE_SERVICES } from './states';

export const RECIPES: readonly Recipe[] = [...FEDERAL_RECIPES, ...STATE_RECIPES];

export const SERVICES: Readonly<Record<string, Service>> = { ...FEDERAL_SERVICES, ...STATE_SERVICES };

/** The recipe of a source; a source without one is upload-only, said so. */
export function recipeOf(source: string): Recipe {
  const found = RECIPES.find((r) => r.source === source);
  if (found) return found;
  const def = LIST_SOURCES.find((s) => s.id === source);
  return {
    source,
    page: def?.officialUrl ?? '',
    cadence: 'unknown',
    method: 'upload',
    reason: 'no download recipe yet: upload the file on the Lists page, or give its URL in LIST_URLS',
    basis: 'none',
  };
}
