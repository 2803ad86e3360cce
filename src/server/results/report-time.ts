/**
 * Times in the reports (ADR 033): local time with its zone, "2026-04-02 05:00:00 EDT", in the
 * zone of the person downloading (the browser sends it) or else the server's.
 */

/** The server's own zone (TZ), the fallback when the request names none. */
export const serverTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export type TimeFormatter = (d: Date | string | null | undefined) => string;

/** "2026-04-02 05:00:00 EDT" in `zone` ('' for no date). */
export function localTimeFormatter(zone: string): TimeFormatter {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  });
  return (d) => {
    if (!d) return '';
    const parts = Object.fromEntries(format.formatToParts(new Date(d)).map((p) => [p.type, p.value]));
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${parts.timeZoneName}`;
  };
}
