/** The two batch reports (audit, exclusion records) as a file to send: the app's Reports menu and the public API. */
import { eq } from 'drizzle-orm';
import { REVIEW_MESSAGES } from '#shared/results';
import { type ReportFormat } from '#shared/results-query';
import type { AppContext } from '../app-context';
import type { BatchRow } from '../batches/public';
import { users } from '../db/schema';
import { AppError } from '../http/errors';
import { auditReportCsv, auditReportPdf, type ReportContext } from './audit-report';
import { auditSummaryCsv, auditSummaryPdf, SUMMARY_TITLE } from './audit-summary-report';
import { exclusionReportCsv, exclusionReportPdf } from './exclusion-report';
import { searchesOf } from './pages';

export type ReportKind = 'audit' | 'summary' | 'exclusions';

const REPORTS: Record<ReportKind, { title: string; pdf: (c: ReportContext) => NodeJS.ReadableStream; csv: (c: ReportContext) => NodeJS.ReadableStream }> = {
  audit: { title: 'Audit Report', pdf: auditReportPdf, csv: auditReportCsv },
  summary: { title: SUMMARY_TITLE, pdf: auditSummaryPdf, csv: auditSummaryCsv },
  exclusions: { title: 'Exclusion Records Returned', pdf: exclusionReportPdf, csv: exclusionReportCsv },
};

export interface ReportFile {
  fileName: string;
  contentType: string;
  body: NodeJS.ReadableStream;
}

/** A report of a batch the caller sees, generated for the given user (named on it), its times in `timeZone` (ADR 033). */
export async function reportFile(ctx: AppContext, batch: BatchRow, userId: number, kind: ReportKind, format: ReportFormat, timeZone: string): Promise<ReportFile> {
  if (kind === 'exclusions' && !searchesOf(batch).hasExclusionSearch) throw new AppError('CONFLICT', REVIEW_MESSAGES.noExclusionSearch);
  const [u] = await ctx.db.select({ firstName: users.firstName, lastName: users.lastName, username: users.username }).from(users).where(eq(users.id, userId));
  const c: ReportContext = { db: ctx.db, batch, generatedBy: u ? `${u.firstName} ${u.lastName} (${u.username})` : '', now: ctx.now(), timeZone };
  const baseName = batch.fileName.replace(/\.csv$/i, '');
  const isPdf = format === 'pdf';
  const { title, pdf, csv } = REPORTS[kind];
  const body = isPdf ? pdf(c) : csv(c);
  return { fileName: `${title} - ${baseName}.${format}`, contentType: isPdf ? 'application/pdf' : 'text/csv; charset=utf-8', body };
}
