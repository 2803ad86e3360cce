/**
 * The one calculation of what a paying client owes for a month (ADR 030): the plan, each part
 * of the month at the rate of the team plan it was on (prorated by whole days; the day a plan
 * starts is billed at that plan), and the searches run while paying. The account page, its
 * plan previews, the invoice and the invoice's e-mail all read it, so they agree to the cent.
 */
import { PLAN_NAMES, PLAN_PRICE_CENTS } from '#shared/account';
import { TEAM_TYPES, type TeamType } from '#shared/teams';
import type { Db } from '../db/client';
import { daysIn, isoDay, periodLabel, type Period } from './calendar';
import { planPeriodsOf } from './queries';
import { usageLines } from './usage-lines';

const DAY = 86_400_000;

/** A team plan in force from `from` until the next span starts. */
export interface PlanSpan {
  teamType: TeamType;
  from: Date;
}

export interface StatementLine {
  description: string;
  searchOption: string | null;
  unitPriceCents: number;
  quantity: number;
  totalCents: number;
  isPlan: boolean;
}

export interface Statement {
  lines: StatementLine[];
  totalCents: number;
}

const dayIndex = (period: Period, at: Date) => Math.floor((at.getTime() - period.start.getTime()) / DAY);
const asTeamType = (value: string): TeamType => ((TEAM_TYPES as readonly string[]).includes(value) ? (value as TeamType) : 'SINGLE');

/** Plan lines of a period: one per run of days on one plan, from the day paying began. */
export function planLines(period: Period, spans: readonly PlanSpan[], paidSince: Date): StatementLine[] {
  const days = daysIn(period);
  const firstDay = Math.max(0, dayIndex(period, paidSince));
  const ordered = [...spans].sort((a, b) => a.from.getTime() - b.from.getTime());
  // The plan of each day: the last span started on or before it (a later change the same day wins).
  const planOfDay = (d: number): TeamType | null => {
    let plan: TeamType | null = null;
    for (const span of ordered) if (dayIndex(period, span.from) <= d) plan = span.teamType;
    return plan ?? ordered[0]?.teamType ?? null;
  };
  const lines: StatementLine[] = [];
  let runStart = firstDay;
  for (let d = firstDay; d <= days; d++) {
    const plan = d < days ? planOfDay(d) : null;
    if (d < days && plan === planOfDay(runStart)) continue;
    const runPlan = planOfDay(runStart);
    if (runPlan && d > runStart) lines.push(planLine(period, runPlan, runStart, d));
    runStart = d;
  }
  return lines;
}

function planLine(period: Period, teamType: TeamType, fromDay: number, toDay: number): StatementLine {
  const days = daysIn(period);
  const whole = fromDay === 0 && toDay === days;
  const price = PLAN_PRICE_CENTS[teamType];
  const cents = whole ? price : Math.round((price * (toDay - fromDay)) / days);
  const dayAt = (d: number) => isoDay(new Date(period.start.getTime() + d * DAY));
  const part = whole ? '' : toDay === days ? ` (from ${dayAt(fromDay)})` : ` (${dayAt(fromDay)} to ${dayAt(toDay - 1)})`;
  return { description: `${PLAN_NAMES[teamType]} plan, ${periodLabel(period.key)}${part}`, searchOption: null, unitPriceCents: cents, quantity: 1, totalCents: cents, isPlan: true };
}

/** The client's plan spans; a client paying from before plan spans were kept has its current plan. */
export async function planSpansOf(db: Db, clientId: number, currentTeamType: string, paidSince: Date): Promise<PlanSpan[]> {
  const rows = await planPeriodsOf(db, clientId);
  if (!rows.length) return [{ teamType: asTeamType(currentTeamType), from: paidSince }];
  return rows.map((r) => ({ teamType: asTeamType(r.teamType), from: r.startsAt }));
}

/** What the client owes for the period: plan lines, then usage while paying. */
export async function monthStatement(db: Db, client: { id: number; teamType: string }, paidSince: Date, period: Period, spans?: PlanSpan[]): Promise<Statement> {
  const plan = planLines(period, spans ?? (await planSpansOf(db, client.id, client.teamType, paidSince)), paidSince);
  // Usage before the client paid (a trial's free searches) is not billed.
  const from = paidSince > period.start ? paidSince : period.start;
  const usage = (await usageLines(db, client.id, from, period.end)).map((line) => ({ ...line, isPlan: false }));
  const lines = [...plan, ...usage];
  return { lines, totalCents: lines.reduce((n, l) => n + l.totalCents, 0) };
}

/** The period's plan charge if the client moved to `teamType` at `at` (a trial: started paying then). */
export function planChargeIfChanged(period: Period, spans: readonly PlanSpan[], paidSince: Date | null, teamType: TeamType, at: Date): number {
  const since = paidSince ?? at;
  return planLines(period, [...spans, { teamType, from: at }], since).reduce((n, l) => n + l.totalCents, 0);
}
