/** Contracts of continuous monitoring (issue 20, ADR 046): rosters, their runs and alerts. */
import { z } from 'zod';

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const RosterIdParamsSchema = z.strictObject({ rosterId: id });

export const ALERT_KINDS = ['new-match', 'new-record', 'record-changed', 'no-longer-excluded'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** How each kind of alert reads to a reviewer. */
export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  'new-match': 'New potential match',
  'new-record': 'New record for this person',
  'record-changed': 'List record changed',
  'no-longer-excluded': 'No longer excluded',
};

/** A roster's name, wherever one is given (the forms check it with this too). */
export const RosterNameSchema = z.string().trim().min(1, 'Give the roster a name.').max(200, 'A roster name has at most 200 characters.');

/** POST /services/monitoring/rosters: monitor the people of a finished batch. */
export const CreateRosterInputSchema = z.strictObject({
  batchId: id,
  name: RosterNameSchema.optional(),
});
export type CreateRosterInput = z.infer<typeof CreateRosterInputSchema>;

export const RosterSchema = z.object({
  rosterId: z.number(),
  name: z.string(),
  /** The roster's own batch: its results page reviews the alerts. */
  batchId: z.number(),
  sourceBatchId: z.number().nullable(),
  people: z.number(),
  createdAt: z.string(),
  createdBy: z.string(),
  lastScreenedAt: z.string().nullable(),
  alerts: z.number(),
  openAlerts: z.number(),
  /** Runs waiting or running. */
  runsPending: z.number(),
  /** Day of the month (1–28) of the scheduled full re-screen (ADR 051). */
  rescreenDay: z.number(),
  /** When the next scheduled full re-screen runs (UTC ISO). */
  nextRunAt: z.string(),
  /** When the roster was last fully re-screened, null before its first full re-screen. */
  lastFullRunAt: z.string().nullable(),
});
export type Roster = z.infer<typeof RosterSchema>;

export const RosterListSchema = z.object({
  rosters: z.array(RosterSchema),
  /** When the lists are next checked for updates (UTC ISO), null when the check is off. */
  nextListCheck: z.string().nullable(),
});
export type RosterList = z.infer<typeof RosterListSchema>;

export const AlertSchema = z.object({
  /** The result id: the drawer and status changes of the roster's batch use it. */
  id: z.number(),
  kind: z.enum(ALERT_KINDS),
  rowIndex: z.number(),
  person: z.string(),
  source: z.string(),
  sourceRecordId: z.string(),
  listName: z.string().nullable(),
  score: z.number().nullable(),
  status: z.string(),
  latestNote: z.string().nullable(),
  createdAt: z.string(),
  listVersionId: z.number().nullable(),
  asOf: z.string().nullable(),
});
export type Alert = z.infer<typeof AlertSchema>;

export const RunSchema = z.object({
  runId: z.number(),
  /** list-change: what one list version changed; full: every member against every list (ADR 051). */
  kind: z.enum(['list-change', 'full']),
  /** full runs: the month ('2026-11') and why (the schedule, a new engine version). */
  period: z.string().nullable(),
  reason: z.enum(['schedule', 'engine']).nullable(),
  rowsDone: z.number(),
  source: z.string().nullable(),
  listVersionId: z.number().nullable(),
  status: z.string(),
  recordsScreened: z.number(),
  alertsCreated: z.number(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});

/** A monitoring certificate (ADR 051): the dated PDF of one full re-screen. */
export const CertificateSchema = z.object({
  certificateId: z.number(),
  runId: z.number(),
  period: z.string(),
  issuedAt: z.string(),
  people: z.number(),
  findings: z.number(),
  openFindings: z.number(),
});
export type Certificate = z.infer<typeof CertificateSchema>;

export const RosterDetailSchema = z.object({
  roster: RosterSchema,
  alerts: z.array(AlertSchema),
  runs: z.array(RunSchema),
  /** Every certificate of the roster, newest first. */
  certificates: z.array(CertificateSchema),
});

export const CertificateParamsSchema = z.strictObject({ rosterId: id, certificateId: id });

export const RESCREEN_DAY_MAX = 28;
/** PUT /services/monitoring/rosters/{rosterId}/schedule: the day of the month of the full re-screen. */
export const RosterScheduleInputSchema = z.strictObject({
  rescreenDay: z.coerce
    .number({ message: 'Choose a day of the month from 1 to 28.' })
    .int('Choose a day of the month from 1 to 28.')
    .min(1, 'Choose a day of the month from 1 to 28.')
    .max(RESCREEN_DAY_MAX, 'Choose a day of the month from 1 to 28 (every month has it).'),
});
export type RosterDetail = z.infer<typeof RosterDetailSchema>;
export type Run = z.infer<typeof RunSchema>;

export const MONITORING_MESSAGES = {
  created: 'These people are now monitored: every list update screens them again.',
  notFinished: 'Only a completed batch can be monitored.',
  noExclusionSearch: 'Monitoring re-screens exclusion and sanctions searches; this batch has none.',
  alreadyMonitored: 'The people of this batch are already monitored.',
  scheduleSaved: 'The monthly re-screen day is saved.',
} as const;
