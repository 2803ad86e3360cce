/**
 * A person's whole name in one field (`name`, issue 52) as the split form it searches like: the
 * public API's name search and bulk subjects, and a business's owners (ADR 119).
 */
import { splitFullName } from '#engine/full-name';
import type { NameSearchQuery } from '#shared/interactive-search';

/** A name search's fields, with the whole name in one field instead of firstName and lastName. */
export type FullNameSearchInput = Omit<NameSearchQuery, 'owner'> & { name?: string };

/** The interactive search's query: `name` read into firstName and lastName (shown so in the answer's criteria). */
export function nameSearchQueryOf(input: FullNameSearchInput): NameSearchQuery {
  const { name, ...rest } = input;
  if (!name) return rest;
  const split = splitFullName(name);
  return { ...rest, firstName: split.firstName ?? undefined, lastName: split.lastName };
}
