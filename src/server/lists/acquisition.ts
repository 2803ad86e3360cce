/**
 * How a source is fetched, in words for an operator (`clearlist lists sources`, the Lists page):
 * its recipe's method, page, cadence and basis, and whether LIST_URLS overrides it (issue 51).
 */
import type { AppConfig } from '../config';
import type { AcquireMethod } from './acquire/recipe';
import { recipeOf } from './acquire/recipes';

export interface Acquisition {
  method: AcquireMethod;
  /** The publisher's page a person would open to get the list. */
  page: string;
  cadence: string;
  basis: string;
  /** Upload-only because the list is licensed. */
  licensed: boolean;
  /** Why the source is upload-only ("Licensed: upload its files"); null when it is fetched. */
  reason: string | null;
  /** LIST_URLS names its files: those are downloaded instead of what the recipe finds. */
  override: boolean;
}

/** The acquisition of a source under this configuration. */
export function acquisitionOf(source: string, config: Pick<AppConfig, 'listUrls'>): Acquisition {
  const recipe = recipeOf(source);
  const isUpload = recipe.method === 'upload';
  return {
    method: recipe.method,
    page: recipe.page,
    cadence: recipe.cadence,
    basis: recipe.basis,
    licensed: isUpload && recipe.licensed === true,
    reason: isUpload ? recipe.reason : null,
    override: (config.listUrls[source]?.length ?? 0) > 0,
  };
}
