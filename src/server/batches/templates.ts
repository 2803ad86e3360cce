/** The quick batch pages' templates: a file with the expected headers and no rows (ADR 037). */
import { QUICK_BATCHES, type QuickBatchKind, type QuickTemplateFormat } from '#shared/quick-batches';
import { headerWorkbook } from './xlsx-template';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface TemplateFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** The template of a quick batch kind in the given format. */
export function quickTemplate(kind: QuickBatchKind, format: QuickTemplateFormat): TemplateFile {
  const def = QUICK_BATCHES[kind];
  if (format === 'xlsx') return { fileName: `${def.templateName}.xlsx`, contentType: XLSX_CONTENT_TYPE, bytes: headerWorkbook('Roster', def.templateHeaders) };
  // A UTF-8 BOM makes Excel open the CSV as UTF-8, so names with accents survive a round trip.
  const text = `\uFEFF${def.templateHeaders.join(',')}\r\n`;
  return { fileName: `${def.templateName}.${format}`, contentType: 'text/csv; charset=utf-8', bytes: Buffer.from(text, 'utf8') };
}
