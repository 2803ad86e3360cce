/** Column names of the NPPES data dissemination files, as in the real header lines. */

const address = (kind: 'Mailing' | 'Practice Location'): string[] => [
  `Provider First Line Business ${kind} Address`,
  `Provider Second Line Business ${kind} Address`,
  `Provider Business ${kind} Address City Name`,
  `Provider Business ${kind} Address State Name`,
  `Provider Business ${kind} Address Postal Code`,
  `Provider Business ${kind} Address Country Code (If outside U.S.)`,
  `Provider Business ${kind} Address Telephone Number`,
  `Provider Business ${kind} Address Fax Number`,
];

const numbered = (count: number, names: (n: number) => string[]): string[] =>
  Array.from({ length: count }, (_, i) => names(i + 1)).flat();

/** The 330 columns of `npidata_pfile_*.csv` (monthly full and weekly incremental files). */
export const NPIDATA_HEADER: readonly string[] = [
  'NPI', 'Entity Type Code', 'Replacement NPI', 'Employer Identification Number (EIN)',
  'Provider Organization Name (Legal Business Name)', 'Provider Last Name (Legal Name)', 'Provider First Name',
  'Provider Middle Name', 'Provider Name Prefix Text', 'Provider Name Suffix Text', 'Provider Credential Text',
  'Provider Other Organization Name', 'Provider Other Organization Name Type Code', 'Provider Other Last Name',
  'Provider Other First Name', 'Provider Other Middle Name', 'Provider Other Name Prefix Text',
  'Provider Other Name Suffix Text', 'Provider Other Credential Text', 'Provider Other Last Name Type Code',
  ...address('Mailing'),
  ...address('Practice Location'),
  'Provider Enumeration Date', 'Last Update Date', 'NPI Deactivation Reason Code', 'NPI Deactivation Date',
  'NPI Reactivation Date', 'Provider Sex Code', 'Authorized Official Last Name', 'Authorized Official First Name',
  'Authorized Official Middle Name', 'Authorized Official Title or Position', 'Authorized Official Telephone Number',
  ...numbered(15, (n) => [`Healthcare Provider Taxonomy Code_${n}`, `Provider License Number_${n}`, `Provider License Number State Code_${n}`, `Healthcare Provider Primary Taxonomy Switch_${n}`]),
  ...numbered(50, (n) => [`Other Provider Identifier_${n}`, `Other Provider Identifier Type Code_${n}`, `Other Provider Identifier State_${n}`, `Other Provider Identifier Issuer_${n}`]),
  'Is Sole Proprietor', 'Is Organization Subpart', 'Parent Organization LBN', 'Parent Organization TIN',
  'Authorized Official Name Prefix Text', 'Authorized Official Name Suffix Text', 'Authorized Official Credential Text',
  ...numbered(15, (n) => [`Healthcare Provider Taxonomy Group_${n}`]),
  'Certification Date',
];

/** `othername_pfile_*.csv`. */
export const OTHERNAME_HEADER = ['NPI', 'Provider Other Organization Name', 'Provider Other Organization Name Type Code'] as const;

/** `pl_pfile_*.csv`, with the real file's double space in "Address-  Address Line 2". */
export const PL_HEADER = [
  'NPI',
  'Provider Secondary Practice Location Address- Address Line 1',
  'Provider Secondary Practice Location Address-  Address Line 2',
  'Provider Secondary Practice Location Address - City Name',
  'Provider Secondary Practice Location Address - State Name',
  'Provider Secondary Practice Location Address - Postal Code',
  'Provider Secondary Practice Location Address - Country Code (If outside U.S.)',
  'Provider Secondary Practice Location Address - Telephone Number',
  'Provider Secondary Practice Location Address - Telephone Extension',
  'Provider Practice Location Address - Fax Number',
] as const;

/** The deactivated-NPI report, read as CSV (CMS ships it as a spreadsheet). */
export const DEACTIVATION_HEADER = ['NPI', 'NPPES Deactivation Date'] as const;
