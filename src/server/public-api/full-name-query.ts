/** The public API's name search with a whole name in one field (`name`, issue 52), as the split form it searches like. */
import { splitFullName } from '#engine/full-name';
import type { NameSearchQuery } from '#shared/interactive-search';
import type { ApiNameSearchInput } from '#shared/public-api';

/** The interactive search's query: `name` read into firstName and lastName (shown so in the answer's criteria). */
export function nameSearchQueryOf(input: ApiNameSearchInput): NameSearchQuery {
  const { name, ...rest } = input;
  if (!name) return rest;
  const split = splitFullName(name);
  return { ...rest, firstName: split.firstName ?? undefined, lastName: split.lastName };
}
