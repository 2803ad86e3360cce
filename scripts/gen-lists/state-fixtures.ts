/**
 * Writes the workbook fixtures of src/lists/state/fixtures: the same rows as ny.csv, the
 * oh-*.csv files and tx.csv (which stay as the "CSV export" cases), typed as the agencies' workbooks
 * type them (dates as date cells, plain numbers as numbers, ids and odd dates as text).
 *
 *   npx tsx scripts/gen-lists/state-fixtures.ts
 */
import { fileURLToPath } from 'node:url';
import { XlsWriter } from './xls-writer';
import { XlsxWriter, type XlsxCell } from './xlsx-writer';

const FIXTURES = fileURLToPath(new URL('../../src/lists/state/fixtures/', import.meta.url));
const d = (iso: string): XlsxCell => ({ date: iso });

export function writeStateFixtures(dir = FIXTURES): void {
  const ny = new XlsxWriter(`${dir}ny.xlsx`, { dateStyle: 'builtin' });
  ny.addSheet('Sheet1');
  ny.writeRow(['Provider Name', 'NPI Num', 'License Num', 'Provider Type', 'Exclusion Effective Date']);
  ny.writeRow(['BRENNAN, KATHLEEN M', null, 'RN123456', 'NURSE - REGISTERED', d('2020-10-01')]);
  ny.writeRow(['OKAFOR, DANIEL T JR', 1000000020, 'MD998877', 'PHYSICIAN', d('2024-02-15')]);
  ny.writeRow(['#1 QUALITY HOME CARE, LLC', null, null, 'HOME HEALTH AGENCY', d('2021-05-01')]);
  ny.writeRow(['SUNSHINE TRANSPORT INC DBA SUNSHINE MEDICAL RIDES', 2000000028, null, 'TRANSPORTATION', d('2022-11-30')]);
  ny.writeRow(['GARCIA, MARIA AKA MARIA LOPEZ', null, 'LPN55511', 'NURSE - PRACTICAL', '2023-06-30']);
  ny.close();

  const oh = new XlsxWriter(`${dir}oh.xlsx`, { dateStyle: 'custom' });
  oh.addSheet('Instructions');
  oh.writeRow(['Provider Exclusion and Suspension List']);
  oh.writeRow(['Individuals and Organizations are on their own sheets. Dates are action dates.']);
  oh.addSheet('Individuals');
  oh.writeRow(['Provider ID', 'NPI', 'First Name', 'Middle Name', 'Last Name', 'DOB', 'Address 1', 'Address 2', 'City', 'State', 'Zip Code', 'Provider Type', 'Status', 'Action Date', 'Date Added']);
  oh.writeRow(['0012345', 1000000061, 'KATHLEEN', 'M', 'BRENNAN', d('1971-02-03'), '88 ELM STREET', null, 'DAYTON', 'OH', 45402, 'NURSE', 'EXCLUDED', d('2020-09-20'), '09/25/20']);
  oh.writeRow(['0023456', 'N/A', 'JAMES', null, 'WALKER AKA JIMMY WALKER', d('1960-11-12'), '5 OAK ST', 'APT 2', 'COLUMBUS', 'OH', 43215, 'HOME HEALTH AIDE', 'SUSPENDED', '01/15/24', d('2024-01-20')]);
  oh.writeRow(['0034567', '1000000079/1000000087', 'SARAH', 'J', 'COLLINS', null, '12 RIVER RD', null, 'TOLEDO', 'OH', 43604, 'PHYSICIAN', 'EXCLUDED', d('2022-06-01'), d('2022-06-03')]);
  oh.addSheet('Organizations');
  oh.writeRow(['Provider ID', 'NPI', 'Organization Name', 'Address 1', 'Address 2', 'City', 'State', 'Zip Code', 'Provider Type', 'Status', 'Action Date', 'Date Added']);
  oh.writeRow(['0098765', 2000000028, 'BUCKEYE CARE SERVICES LLC DBA BUCKEYE HOME HEALTH', '100 HIGH ST', null, 'COLUMBUS', 'OH', 43215, 'HOME HEALTH AGENCY', 'TERMINATED', d('2021-04-01'), d('2021-04-05')]);
  oh.close();

  const tx = new XlsWriter();
  tx.addSheet('EXCEL_Destination');
  tx.writeRow(['LastName', 'FirstName', 'MidInitial', 'CompanyName', 'Occupation', 'LicenseNumber', 'NPI', 'StartDate', 'AddDate', 'ReinstatedDate', 'WebComments', 'Waiver', 'EligibleToReapplyDate']);
  tx.writeRow(['OKAFOR', 'DANIEL', 'T', 'OKAFOR FAMILY CLINIC', 'PHYSICIAN', 'MD998877', 1000000020, d('2024-02-20'), d('2024-02-25')]);
  tx.writeRow([null, null, null, 'LONE STAR PHARMACY LLC', 'PHARMACY', 'PH77001', 2000000028, d('2018-08-01'), d('2018-08-05'), null, 'Owner convicted of fraud']);
  tx.writeRow(['PATEL', 'ANIL', 'K', null, 'PHYSICIAN', 'TX12345', 1000000012, d('2023-10-20'), d('2023-10-25'), null, null, null, d('2028-10-20')]);
  tx.writeRow(['MORALES', 'ROSA', null, null, 'NURSE AIDE', null, null, d('2015-01-05'), d('2015-01-10'), d('2020-03-01')]);
  tx.save(`${dir}tx.xls`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) writeStateFixtures();
