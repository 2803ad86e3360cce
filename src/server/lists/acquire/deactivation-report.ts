/**
 * The NPPES deactivation report comes as an XLSX in its ZIP (a title row, a header row, then
 * NPI and deactivation date as text MM/DD/YYYY): written as the CSV the NPPES parser reads.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { openXlsx } from '#lists/core/xlsx';
import { DEACTIVATION_HEADER } from '#lists/nppes/header';

/** Writes `csvPath` from the report at `xlsxPath`; answers the rows written. Throws when no NPI header row is found. */
export async function deactivationReportToCsv(xlsxPath: string, csvPath: string, name: string): Promise<number> {
  const book = await openXlsx(xlsxPath, name);
  const out = createWriteStream(csvPath);
  let rows = 0;
  let started = false;
  try {
    out.write(`${DEACTIVATION_HEADER.map((h) => `"${h}"`).join(',')}\n`);
    for await (const batch of book.rowBatches(book.sheetNames[0])) {
      for (const { cells } of batch) {
        const first = (cells[0] ?? '').trim();
        if (!started) {
          started = /^npi$/i.test(first);
          continue;
        }
        if (!/^\d{10}$/.test(first)) continue;
        if (!out.write(`"${first}","${(cells[1] ?? '').trim().replace(/"/g, '')}"\n`)) await once(out, 'drain');
        rows += 1;
      }
    }
  } finally {
    out.end();
    await once(out, 'close');
    await book.close();
  }
  if (!started) throw new Error(`${name}: no header row starting with "NPI" in the deactivation report (its layout has changed)`);
  return rows;
}
