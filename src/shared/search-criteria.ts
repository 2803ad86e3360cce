/**
 * The search-criteria key as a heading beside its own "Unique ID" badge (issue 55): the stored key
 * starts with the unique ID (`searchCriteriaKey` in src/server/screening/row-screening.ts, which
 * keeps rows of one name with different ids apart), so a heading that shows the badge drops it.
 */
export function criteriaBesideUniqueId(key: string, uniqueId: string | null): string {
  const prefix = uniqueId ? `${uniqueId}: ` : '';
  return prefix && key.startsWith(prefix) && key.length > prefix.length ? key.slice(prefix.length) : key;
}
