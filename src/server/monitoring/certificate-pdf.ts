/**
 * The monitoring certificate (ADR 051): a dated PDF saying that every person of a roster was
 * screened, in full, against the lists named with their versions and as-of dates, and what was
 * found, each finding with its review status when the certificate was issued. Laid out with the
 * reports' document layout (ADR 033), kept as issued, and downloadable for years.
 */
import { REVIEW_STATUS_LABELS, type ReviewStatus } from '#shared/review-status';
import { ReportPdf, localTimeFormatter, writeListTables } from '../results/public';
import type { CertificateFinding, CertificateLists } from './certificate-data';
import { matchingRulesCell } from '#shared/matching-rules';

export interface CertificateFacts {
  number: string;
  clientName: string;
  rosterName: string;
  rosterId: number;
  people: number;
  period: string;
  reason: 'schedule' | 'engine';
  rescreenDay: number;
  startedAt: Date;
  finishedAt: Date;
  searchTypes: string[];
  threshold: number | null;
  engineVersion: string;
  issuedAt: Date;
  timeZone: string;
}

const statusLabel = (s: string): string => REVIEW_STATUS_LABELS[s as ReviewStatus] ?? s;
const monthName = (period: string): string => new Date(`${period}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const ordinal = (n: number): string => `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

/** The certificate as PDF bytes. */
export async function certificatePdf(f: CertificateFacts, lists: CertificateLists, findings: readonly CertificateFinding[]): Promise<Buffer> {
  const time = localTimeFormatter(f.timeZone);
  const n = (v: number) => v.toLocaleString('en-US');
  const pdf = new ReportPdf({ title: 'Monitoring Certificate', subtitle: `${f.rosterName} \u00b7 ${monthName(f.period)}`, footer: `Certificate ${f.number}, issued ${time(f.issuedAt)} by Clearlist` });
  const open = findings.filter((x) => x.status === 'NONCLEARED' || x.status === 'UNDER_REVIEW').length;
  const stream = pdf.stream(async () => {
    pdf.titleBlock('Monitoring Certificate', [
      `${f.clientName}: all ${n(f.people)} people of the monitored roster "${f.rosterName}" were screened against every list under Lists Screened below on ${time(f.finishedAt)}, ` +
        `the full re-screen of ${monthName(f.period)}. ${findings.length ? `${n(findings.length)} potential matches were found; ${n(open)} of them are still to be reviewed.` : 'No potential match was found.'}`,
    ]);
    pdf.heading('Roster');
    pdf.facts([
      ['Client', f.clientName],
      ['Roster', `${f.rosterName} (roster ${f.rosterId})`],
      ['People Screened', n(f.people)],
      ['Month', monthName(f.period)],
      ['Re-screen', f.reason === 'engine' ? 'New version of the matching rules' : `Scheduled monthly, on the ${ordinal(f.rescreenDay)}`],
      ['Matching Rules', matchingRulesCell(f.engineVersion)],
      ['Screening Started', time(f.startedAt)],
      ['Screening Finished', time(f.finishedAt)],
      ['Searches', f.searchTypes.join(', ')],
      ['Review Threshold', f.threshold === null ? 'the client\u2019s' : f.threshold.toFixed(2)],
      ['Certificate Number', f.number],
      ['Times Shown In', f.timeZone],
    ]);

    pdf.heading('Findings By Review Status');
    const counts = pdf.table([{ label: 'Review Status', width: 200 }, { label: 'Findings', width: 90, align: 'right' }]);
    for (const status of Object.keys(REVIEW_STATUS_LABELS)) counts.row([statusLabel(status), n(findings.filter((x) => x.status === status).length)]);
    counts.row(['All findings', n(findings.length)]);
    counts.end();

    writeListTables(pdf, lists.lists, lists.notSearched, time, 'Lists Screened', 'No list was loaded.');

    pdf.heading('Findings');
    pdf.note('Every potential match of this re-screen, with its review status when the certificate was issued. Later decisions are in the roster\u2019s Audit Report.');
    const rows = pdf.table([
      { label: 'Person', width: 120 }, { label: 'List', width: 115 }, { label: 'Record', width: 95 }, { label: 'Name On The List', width: 110 },
      { label: 'Score', width: 40, align: 'right' }, { label: 'Review Status', width: 80 }, { label: 'Last Decision', width: 170 },
    ]);
    for (const x of findings) {
      const decision = x.decidedBy ? `${x.decidedBy}, ${time(x.decidedAt)}${x.latestNote ? `: ${x.latestNote}` : ''}` : x.newInRun ? 'New in this re-screen' : (x.latestNote ?? '');
      rows.row([x.person, x.listName, x.sourceRecordId, x.nameOnList ?? '', x.score === null ? '' : x.score.toFixed(2), statusLabel(x.status), decision]);
    }
    if (!findings.length) rows.row(['No potential match.']);
    rows.end();
  });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
