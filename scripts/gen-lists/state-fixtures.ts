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
  writeMoreStateFixtures(dir);
}

/** The workbooks of issue 54's states, a few invented rows each with the agency file's quirks. */
function writeMoreStateFixtures(dir: string): void {
  const sheet = (file: string, name: string, rows: XlsxCell[][]): void => {
    const book = new XlsxWriter(`${dir}${file}`, { dateStyle: 'builtin' });
    book.addSheet(name);
    for (const row of rows) book.writeRow(row);
    book.close();
  };
  // Mississippi: title and legend rows, header cells with line breaks, an organization naming its owner, a numbered empty row, 2999 for no end.
  sheet('ms.xlsx', 'Sheet1', [
    ['Sanctioned Providers List'], [], [], ['Updated: 06.08.26'], [], ['Sanction Type:   DOM = Division of Medicaid   ME = Medicare Exclusion'], ['LB = Licensing Board   OIG = OIG Exclusion'], [],
    ['#', 'Provider Entity \n(Org/Ind)', 'Role', 'Provider Organization Name\n (Applicable for Organizations Only)', 'Provider First Name\n(Applicable for Individuals Only)', 'Provider Last Name\n(Applicable for Individuals Only)', 'Provider MI Name\n(Applicable for Individuals Only)', 'Provider Suffix Name\n(Applicable for Individuals Only)', 'Provider Address Line 12', 'Provider Address Line 2 ', 'City', 'State', 'Zipcode', 'NPI', 'Medicaid ID', 'Date of Birth', 'Provider Type', 'Provider Speciality ', 'Termination Effective Date', 'Termination End Date', 'Exclusion Period', 'Termination Reason', 'Sanction Type', 'Additional Notes '],
    [1, 'Organization', 'Provider', 'Magnolia Bend Care Home', 'Wendell', 'Harlan', 'P', '', '12 Pine St', '', 'Tupelo', 'MS', '38801', 1000000012, '004654779', '', 'Custodial Care Facility', '', d('2023-06-30'), d('2999-12-31'), 'June 30, 2023 - Indefinite', 'Criminal Conduct', 'DOM-Division of Medicaid', 'The owner pled guilty.'],
    [2],
    [3, 'Individual', 'Provider', ' ', 'Odette', 'Quince', '', 'RN', '4 Oak Circle\n', '', 'Brandon', 'MS', '39047', '', '', d('1970-08-10'), 'Registered Nurse', '', d('2018-03-20'), d('2028-03-20'), 'March 20, 2018 - March 20, 2028', 'Licensing Problems', 'OIG-OIG Exclusion', 'License revocation'],
  ]);
  // Montana: an unnamed fifth column, a maiden name in parentheses, a.k.a. rows below their record.
  sheet('mt.xlsx', 'Sheet1', [
    ['Terminated/Excluded Provider(s)', 'Healthcare Profession', 'NPI', 'Effective Date'],
    ['Harlan (Quince), Wendell', 'Physician', 1000000012, d('2024-07-23'), 'State Termination'],
    ['a.k.a. Wendy Harlan'],
    ['a.k.a Wendell Paul Quince'],
    ['Big Sky Diabetic & Medical', 'Pharmacy/DME', '', d('2016-06-07'), 'OIG Exclusion'],
  ]);
  // South Carolina: a date and a title above the header, "Not Found" for no NPI.
  sheet('sc.xlsx', 'Sheet1', [
    ['Reviewed and Updated:  05/22/2026'], ['South Carolina List of Sanctioned Individuals/Entities'],
    ['Individual//Entity', 'NPI', 'City', 'State', 'Zip', 'Last Known Profession/Provider Type', 'Excluded/Terminated', 'Action Date'],
    ['Palmetto Rise LLC', '1000000012', 'Florence', 'SC', '29501', 'Private Sector Bus - Mental/Rehab', 'Terminated for Cause', d('2015-12-09')],
    ['Quince, Odette Marie', 'Not Found', 'Anderson', 'SC', '29625', 'Ind-Lic HC Serv Prov - Health Care Aide', 'Excluded', d('2012-07-19')],
  ]);
  // Vermont: #VALUE! and the title above the header, space-padded values, two "State" columns, 2382 for no end, a legend below.
  sheet('vt.xlsx', 'Excluded Providers', [
    ['#VALUE!', 'Vermont Monthly List of For Cause Exclusions - May 2026'],
    ['VT Medicaid Provider ID ', 'Provider NPI', 'Provider Full Name', 'Provider Type ', 'Provider City', 'State', 'State', 'Reason or "Cause" for Exclusion', 'Provider Exclusion Status Effective Date', 'Provider Exclusion Status End Date', 'Reinstatement Date with Vermont Medicaid if Applicable'],
    ['0001926', '1000000012', 'HARLAN,WENDELL P DMD                              ', 'DENTIST                            ', 'RUTLAND             ', 'VT', '22', 'TERMINATED DUE TO SANCTIONS                  ', '02/12/2020', '12/31/2382', ''],
    ['0002391', '', 'QUINCE,ODETTE R JR MD                             ', 'PHYSICIAN                          ', 'DERBY               ', 'VT', '07', 'TERMED DUE TO MEDICARE/OTHER STATE EXCLUSION ', '10/03/1996', '12/31/2382', '05/01/2001'],
    [],
    ['Names listed on the spreadsheet are of Providers Excluded for "Cause" from participation with Vermont Medicaid.'],
    ['Key'],
  ]);
  // Washington: three title rows, several names and NPIs in one cell, NBSP-padded and ProviderOne ids.
  sheet('wa.xlsx', 'Termination and exclusion list', [
    ['Provider Termination and Exclusion List'], ['Updated 6/10/2026'], [],
    ['Name', 'License #', 'NPI # or P1 #', 'Date of Exclusion', 'Action'],
    ['Cascade Dentures NW\nRainier Denture Studio\nHarlan, Wendell P. DN', 'DN60406207', '1000000012\n1000000020', d('2023-09-21'), 'Terminate Medicaid Authority'],
    ['Quince, Odette MD', 'MD00026765', '1000000038\u00a0\u00a0', d('2011-12-16'), 'License Suspended'],
    ['Quince, Oscar MD', 'MD00020660', 'P1 - 1027986', d('2005-08-30'), 'License Surrendered'],
  ]);
  // Arizona's State Exclusions workbook: one name column, "Permanent" as an end.
  sheet('az-exclusions.xlsx', 'State Exclusions', [
    ['NPI', 'Provider Name', 'Exclusion Effective Date', 'Exclusion End Date'],
    [1000000012, 'Saguaro Behavioral Health LLC ', d('2024-12-01'), d('2029-12-01')],
    [1000000020, 'Wendell Harlan', d('2023-04-07'), 'Permanent'],
  ]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) writeStateFixtures();
