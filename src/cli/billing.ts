/**
 * `clearlist billing run [--date YYYY-MM-DD] [--json]`: runs the daily billing job by hand
 * (ADR 018): on and after a month's first business day it issues last month's missing
 * invoices, then charges what is due and disables cancelled accounts whose period has ended.
 * Every step is idempotent, so running it again, or beside the scheduled job, adds nothing.
 * `--date` runs it as of that day (12:00 UTC), e.g. to catch up after an outage.
 */
import { parseArgs } from 'node:util';
import type { AppContext } from '#server/app-context';
import { runBillingDay, type BillingRunSummary } from '#server/billing/run';
import { parseEnv } from '#server/config';
import { openAppContext } from '#server/main';
import type { Io } from './lists';
import { BILLING_USAGE } from './usage';

export { BILLING_USAGE };

/** Opens the configured database as the server would; `close` releases it. */
export type OpenContext = () => Promise<{ ctx: AppContext; close(): Promise<void> }>;

async function openFromEnvironment(): ReturnType<OpenContext> {
  const ctx = await openAppContext(parseEnv(process.env));
  return { ctx, close: () => ctx.database.close() };
}

export async function runBilling(argv: string[], io: Io, open: OpenContext = openFromEnvironment): Promise<number> {
  const [sub, ...rest] = argv;
  const { values } = parseArgs({ args: rest, options: { date: { type: 'string' }, json: { type: 'boolean', default: false } } });
  if (sub !== 'run') {
    io.stderr.write(`${BILLING_USAGE}\n`);
    return 2;
  }
  const day = values.date ? asOfDay(values.date) : null;
  if (values.date && !day) {
    io.stderr.write(`--date must be a calendar date as YYYY-MM-DD, not "${values.date}".\n${BILLING_USAGE}\n`);
    return 2;
  }
  const { ctx, close } = await open();
  try {
    const now = day ?? ctx.now();
    const summary = await runBillingDay({ ...ctx, now: () => now });
    io.stdout.write(values.json ? `${JSON.stringify({ date: now.toISOString().slice(0, 10), ...summary })}\n` : describe(now, summary));
    return 0;
  } finally {
    await close();
  }
}

/** Noon UTC of a YYYY-MM-DD day that exists, else null. */
function asOfDay(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const day = new Date(`${text}T12:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text ? day : null;
}

function describe(now: Date, s: BillingRunSummary): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return (
    `Billing run of ${now.toISOString().slice(0, 10)}: ${plural(s.issued, 'invoice', 'invoices')} issued, ` +
    `${plural(s.paid, 'charge', 'charges')} paid, ${plural(s.failed, 'charge', 'charges')} failed, ` +
    `${plural(s.disabled, 'account', 'accounts')} disabled.\n`
  );
}
