/**
 * The Reports menu: Audit Report, its summary (the lists, counts and findings only, issue 55) and,
 * when exclusions were searched, Exclusion Records Returned Report, each as PDF or CSV.
 */
import { Button, Menu } from '@mantine/core';

export interface ReportsMenuProps {
  batchId: number;
  hasExclusions: boolean;
}

const REPORTS = [
  { path: 'auditreport', title: 'Audit Report', needsExclusions: false },
  { path: 'auditsummaryreport', title: 'Audit Summary Report', needsExclusions: false },
  { path: 'exclusionrecordsreport', title: 'Exclusion Records Returned Report', needsExclusions: true },
] as const;

/** The report's times are in the browser's zone (ADR 033). */
const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const reportUrl = (batchId: number, path: string, format: 'pdf' | 'csv', zone = browserZone()) =>
  `/services/flexsearchs/${batchId}/${path}?format=${format}${zone ? `&tz=${encodeURIComponent(zone)}` : ''}`;

export function ReportsMenu({ batchId, hasExclusions }: ReportsMenuProps) {
  const reports = REPORTS.filter((r) => hasExclusions || !r.needsExclusions);
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection={<span aria-hidden="true">▾</span>}>
          Reports
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {reports.map((report) => (
          <div key={report.path} role="group" aria-label={report.title}>
            <Menu.Label>{report.title}</Menu.Label>
            {(['pdf', 'csv'] as const).map((format) => (
              <Menu.Item key={format} component="a" href={reportUrl(batchId, report.path, format)} download aria-label={`${report.title} (${format.toUpperCase()})`}>
                Download {format.toUpperCase()}
              </Menu.Item>
            ))}
          </div>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
