/**
 * Writes the PDF fixtures of src/lists/state/fixtures: a few hand-picked rows per state with
 * the quirks of the agency's PDF (wrapped cells, aliases, NONE and "-", Indefinite, a business
 * without a first name, a reinstatement, the header repeated on a second page).
 *
 *   npx tsx scripts/gen-lists/state-pdf-fixtures.ts
 */
import { fileURLToPath } from 'node:url';
import { writePdfTable, type PdfTableLayout } from './pdf-table-writer';

const FIXTURES = fileURLToPath(new URL('../../src/lists/state/fixtures/', import.meta.url));
const cols = (spec: [string, number][]): PdfTableLayout['columns'] => spec.map(([header, width]) => ({ header, width }));
/** Rows enough to fill the first page, so the last ones come after a repeated header. */
const filler = (count: number, row: (i: number) => string[]): string[][] => Array.from({ length: count }, (_, i) => row(i));

export async function writeStatePdfFixtures(dir = FIXTURES): Promise<void> {
  await writePdfTable(`${dir}hi.pdf`, { size: [612, 300], fontSize: 7, notes: ['MEDICAID PROVIDER EXCLUSION/REINSTATEMENT LIST', 'Newly added sanctioned providers are highlighted in yellow.'], columns: cols([['Last Name or Business Name', 120], ['First Name', 70], ['Middle Initial', 60], ['Medicaid Provider ID', 50], ['Last known program or provider type', 110], ['Exclusion Date', 55], ['Reinstatement Date', 55]]) }, [
    ['ACHAVAL', 'MARIA', '', '596009', 'PSYCHOLOGIST', '04/20/15', '5/18/20'],
    ['ALO', 'MANHART', '', 'NONE', 'OWNER/OPERATOR OF DEVELOPMENTALLY - DISABLED FOSTER HOME (DDFH)', '-', '06/06/19'],
    ['ALOHA OSTEOPATHIC PROFESSIONAL', '', '', '531336', 'OSTEOPATHIC PRAC', '01/20/04', 'Indefinite'],
    ['ATKINS or Cheri Kapuanani Sundance Atkins', 'CHERI', '', 'NONE', 'HEALTH CARE AIDE', '02/20/11', 'Indefinite'],
    ...filler(8, (i) => [`FILLER${i}`, 'PAT', '', 'NONE', 'EMPLOYEE', '01/20/10', 'Indefinite']),
    ['YOUNG', 'COURTNEY', 'J. Q.', 'NONE', 'MANAGER OF ADULT DAY CARE CT', '04/20/17', 'Indefinite'],
  ]);
  await writePdfTable(`${dir}id.pdf`, { size: [612, 300], fontSize: 7, pageTitle: 'Idaho Medicaid Exclusion List', notes: ['Purpose', 'This document lists providers, individuals, and entities that are excluded from participating in the Idaho Medicaid program.'], columns: cols([['Name', 120], ['Start Date', 50], ['Eligible for Reinstatement', 60], ['Date Reinstated', 50], ['Additional Information', 150]]) }, [
    ['ACHIEVING A BETTER LIFE', '1/23/06', '1/23/16', '', 'Endangerment of health and safety of a patient'],
    ['ADAMSON, KERMIT ‘MIKE’ ARTHUR', '11/3/06', '11/3/16', '1/31/24', 'Convicted of embezzlement'],
    ['ANDERSON, LISA LYNN (AKA SMITH)', '6/13/06', '6/12/16', '', 'Convicted of provider fraud'],
    ['ANDERSON, TRICIA LYN', '9/22/22', '9/22/32', '', 'Convicted of provider fraud and obstruction'],
    ['WINMILL, DIANA RENEE LPN (AKA FERRELL)', '1/18/01', 'Indefinite', '', 'Excluded by the OIG; 5-year state exclusion'],
  ]);
  await writePdfTable(`${dir}me.pdf`, { size: [792, 300], fontSize: 6, pageTitle: 'MaineCare Services - Report Number: PI0008-PM - Monthly Exclusion Report', columns: cols([['Provider Last Name', 60], ['Provider First Name', 50], ['Provider MI', 25], ['Alias Last Name 1', 42], ['Alias First Name 1', 52], ['Alias Last Name 2', 42], ['Alias First Name 2', 52], ['Alias Last Name 3', 42], ['Alias First Name 3', 52], ['Alias Last Name 4', 42], ['Alias First Name 4', 52], ['Provider Type', 55], ['State Exclusion Start Date', 45]]) }, [
    ['Altieri', 'Anthony', '', 'Altieri', 'Tony', 'Altieri JR', 'Anthony', '', '', '', '', '22-Dentist', '11/20/2023'],
    ['Ahmed', 'Abdirashid', '', 'AHMEDG', 'ABDIRASHID', 'AHMAD', 'ABDIRASHID', '', '', 'AHMED', 'ABDIVASHID H', 'Other', '06/14/2022'],
    ['AROOSTOOK ENT CLINIC', '', '', '', '', '', '', '', '', '', '', '51-Physician', '04/16/2007'],
    ['ALBERT', 'FERNAND', 'R', '', '', '', '', '', '', '', '', '11-Behavioral Health Clinician', '04/11/2002'],
    ['', '', '', '', '', '', 'End of Report', '', '', '', '', '', ''],
  ]);
  await writePdfTable(`${dir}nj.pdf`, { size: [1008, 612], fontSize: 7, pageTitle: 'State of New Jersey - Medicaid Fraud Division - Provider Exclusion Report', columns: cols([['PROVIDER NAME', 170], ['TITLE', 60], ['DATE OF BIRTH', 40], ['NPI NUMBER', 55], ['STREET', 140], ['CITY', 90], ['STATE', 22], ['ZIP', 35], ['ACTION', 90], ['EFFECTIVE DATE', 44], ['EXPIRATION DATE', 50]]) }, [
    ['2258 PHARMACY, INC.', '', '', '', '2258 THIRD AVENUE', 'NEW YORK', 'NY', '10035', 'SUSPENSION', '7/20/2003', ''],
    ['ABDUL, MUHAMMAD B.', 'MD', '3/4/1964', '', '284 BROADWAY', 'NEWARK', 'NJ', '07104', 'DISQUALIFICATION', '11/8/2004', ''],
    ['ABUSEF, ELSAYED K.', 'SUTEX MED. TRANSPORT', '', '', '814 74TH STREET', 'NORTH BERGEN', 'NJ', '07047', 'DISQUALIFICATION', '5/20/1999', 'PERMANENT'],
    ['AC HOME NURSING SERVICES', '', '', '1235230665', '2921 YOUNGSTOWN RD.', 'WARREN', 'OH', '44484', 'DISQUALIFICATION', '11/20/2015', ''],
  ]);
  await writePdfTable(`${dir}tn.pdf`, { size: [792, 612], fontSize: 8, ruled: false, columns: cols([['Last Name', 170], ['First Name', 60], ['NPI', 60], ['Begin Date', 55], ['Reason', 280], ['End Date', 60]]) }, [
    ['Foster', 'Allen R.', '1326132572', '3/20/2012', 'Felony conviction', ''],
    ['Blankenship', 'Brad', '1427090562', '7/30/2015', 'Failure to respond to requests for records on Tenncare patients', '7/30/2018'],
    ['Cumberland Neurology, LLC', '', '1407898018', '9/17/2015', 'Failure to respond to requests for records on Tenncare patients', ''],
  ]);
  const wv = cols([['NPI NUMBER', 50], ['*FULL NAME', 80], ['FIRST NAME', 46], ['MI', 30], ['LAST NAME', 50], ['GENERATION', 50], ['CREDENTIALS', 50], ['PROVIDER TYPE/SPECIALTY', 54], ['CITY', 48], ['STATE', 30], ['EXCLUSION DATE', 52], ['REASON FOR EXCLUSION (Red Text denotes correction to exclusion category.)', 100], ['REINSTATEMENT DATE', 52], ['REASON FOR REINSTATEMENT', 66]]);
  await writePdfTable(`${dir}wv.pdf`, { size: [1008, 612], fontSize: 6, pageTitle: 'WV Medicaid Provider Sanctions and Exclusions', columns: wv }, [
    ['', 'Augusto Tenmatay Abad, MD', 'Augusto', 'Tenmatay', 'Abad', '', 'MD', 'Physician', 'S. Williamson', 'KY', '9/25/2010', 'Mandatory Exclusion - Revocation of License', '', ''],
    ['RN.230188-OH', 'Cindy J Disalvio', 'Cindy', 'J', 'Disalvio', '', 'RN', 'RN', 'Powhatan Point', 'OH', '5/30/2014', 'Exclusion by another State\'s Medicaid', '', ''],
    ['', 'Douglas Allen Shields, MD', 'Douglas', 'Allen', 'Shields', '', 'MD', 'Physician', 'Jonas Ridge', 'NC', '5/5/2011', 'License surrender per WVBOM', '12/3/2014', 'License reactivated by WVBOM'],
    ['', 'Alpha Beta Home Health', '', '', '', '', '', 'Personal Care', '', 'OH', '12/23/2014', 'Termination by another State\'s Medicaid', '', ''],
    ['', 'Harry E. Walkup, Jr.', 'Harry', 'E', 'Walkup', 'Jr', 'MD', 'Physician', 'Buckeye', 'WV', '11/15/2002', 'Revocation of License by WVBOM', '', ''],
  ]);
  await writePdfTable(`${dir}az.pdf`, { size: [612, 792], fontSize: 8, pageTitle: 'AHCCCS Provider Suspensions and Terminations', columns: cols([['Name/Provider', 220], ['NPI', 80], ['Action Type', 90], ['Effective Date', 80]]) }, [
    ['ASIN, GERALD S', '1770576365', 'Terminate', '06/01/2024'],
    ['AAA MEDICAL EQUIPMENT LLC', '1043237795', 'Suspend', '01/15/2025'],
  ]);
  // Nebraska: a legal preamble, ISO dates, first-last names, an organization, code-label pairs, a row without Date Added.
  await writePdfTable(`${dir}ne.pdf`, { size: [792, 612], fontSize: 7, notes: ['Nebraska Medicaid Excluded Providers (NMEP)', 'Updated: 6/01/2026', 'Providers on this list are excluded from participation in the Nebraska Medicaid program.'], columns: cols([['Date Added to NMEP', 60], ['Provider Name', 110], ['Organization Name', 120], ['Provider NPI', 60], ['Effective Date', 60], ['Provider Type Code', 90], ['Reason For Action Code', 110], ['Sanction Code', 70], ['Sanction Type Code', 80]]) }, [
    ['2025-07-07', 'Wendell P Harlan', '', '1000000012', '2025-06-25', '01-Physicians (MD)', 'VN-Violation of NMAP Policy', 'TM-Termination', 'PM-Permanent'],
    ['2024-01-10', '', 'Prairie Wind Home Care LLC', '1000000020', '2024-01-02', '98-NFOCUS Provider', 'FR-Fraud', 'EX-Exclusion', 'LE-Time Limited-Emergency'],
    ['', 'Odette Quince', '', '', '2011-10-03', '98-NFOCUS Provider', 'VN-Violation of NMAP Policy', 'TM-Termination', 'PM-Permanent'],
  ]);
  // Wyoming: the 2021 layout, a business without a name, an a.k.a. in the first name, a maiden name, N/A and licence numbers.
  await writePdfTable(`${dir}wy.pdf`, { size: [792, 612], fontSize: 7, pageTitle: 'Wyoming Medicaid Provider Exclusion List', columns: cols([['Last Name', 80], ['First Name', 90], ['Business Name', 130], ['Provider Type', 100], ['Provider Number', 90], ['City', 70], ['State', 30], ['Exclusion Date', 60]]) }, [
    ['', '', 'Bighorn Home Health', 'Case Management Waiver', '120222700', 'Bar Nunn', 'WY', '4/28/2007'],
    ['Harlan', 'Wendell a.k.a Wen', 'Harlan Global Initiative', 'Training DD Waiver', '127297700', 'Cheyenne', 'WY', '8/10/2011'],
    ['(Quince) Harlan', 'Odette', '', 'Nurse/Nurses Assistant', 'RN 101606 (AZ)', 'Casper', 'WY', '2/20/2000'],
    ['Quince', 'Oscar', '', 'Nurse', 'N/A', 'Evanston', 'WY', '6/20/2007'],
  ]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await writeStatePdfFixtures();
