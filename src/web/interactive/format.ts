/** Display formats of the result pages: dates as YYYY-MM-DD, instants in UTC. */

/** "2026-04-15 10:00:03 UTC". */
export function formatUtc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/** A list date as published (YYYY-MM-DD, or YYYY-MM / YYYY), or a dash. */
export function formatDate(value: string | null | undefined): string {
  return value ? value : '—';
}

/** "Street, City, ST 12345" from the parts present. */
export function formatPlace(parts: { address?: string | null; city?: string | null; state?: string | null; postalCode?: string | null }): string {
  const region = [parts.state, parts.postalCode].filter(Boolean).join(' ');
  return [parts.address, parts.city, region].filter(Boolean).join(', ') || '—';
}
