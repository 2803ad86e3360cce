/** The dry run's problems as a CSV file the user downloads (issue 18 item 6): row number, column, reason. */
import type { RowError } from './batches-api';

/** A CSV cell, quoted when needed, a leading formula character neutralised (the file opens in Excel). */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line per problem; a row whose problems came without columns is one line with its whole message. */
export function problemListCsv(errors: readonly RowError[]): string {
  const lines = ['Row Number,Column,Reason'];
  for (const error of errors) {
    const problems = error.problems?.length ? error.problems : [{ column: '', reason: error.errorMessage }];
    for (const problem of problems) lines.push([String(error.rowIndx + 1), problem.column, problem.reason].map(cell).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Saves the problem list through a temporary link. */
export function downloadProblemList(errors: readonly RowError[], fileName: string): void {
  const url = URL.createObjectURL(new Blob([problemListCsv(errors)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileName.replace(/\.[^.]+$/, '')}-problems.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
