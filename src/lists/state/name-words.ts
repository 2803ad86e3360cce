/**
 * The words state lists write into person name fields that are not the person's name: titles
 * of address, degrees and licences, roles and professions, generational suffixes. Data only:
 * `person-name.ts` and `free-name.ts` read it. Words are compared upper-case, without dots
 * ("M.D." is MD, "Ph.D" is PHD, "P.A.-C." is PAC). Counted on the real files (issue 51): PA's
 * title column alone holds 347 distinct values, RN, MD, LPN, PCA, RPh and DO most of all.
 */

/** Titles of address, before a name ("Dr. John Smith"): the record's name prefix. */
export const HONORIFICS = ['DR', 'MR', 'MRS', 'MS', 'MISS', 'MX', 'PROF', 'REV', 'HON'];

/** Degrees, licences and certifications, written after a name ("Smith, John RN"). */
export const CREDENTIALS = [
  // physicians, dentists, podiatrists, optometrists, chiropractors
  'MD', 'DO', 'DC', 'DDS', 'DMD', 'DDM', 'DPM', 'OD', 'DS',
  // nurses and aides
  'RN', 'LPN', 'LVN', 'CNA', 'CMA', 'NA', 'NP', 'APN', 'APRN', 'ARNP', 'CRNA', 'CRNP', 'FNP', 'CNM', 'HHA', 'PCA', 'DCW', 'PCR', 'MSN', 'BSN',
  // physician assistants, pharmacists
  'PA', 'PAC', 'PHARMD', 'RPH', 'RP',
  // psychology, counselling, social work, behaviour
  'PHD', 'PSYD', 'PSY', 'EDD', 'LCSW', 'LICSW', 'LMSW', 'LSW', 'CSW', 'MSW', 'SW', 'LPC', 'LPCC', 'LCPC', 'LMFT', 'LMHC', 'LADC', 'CADC',
  'LCADC', 'LAC', 'QMHP', 'BSC', 'TSS', 'CPS', 'BHC',
  // therapists, technicians and others
  'DVM', 'PT', 'DPT', 'PTA', 'LPT', 'OT', 'OTR', 'OTRL', 'SLP', 'CCCSLP', 'RD', 'LD', 'RRT', 'CRT', 'RT', 'RCP', 'MRT', 'EMT', 'EMTP', 'LMT', 'MT',
  // academic and business degrees
  'MA', 'MS', 'MBA', 'MPH', 'FACP', 'FACS', 'FAAP', 'ESQ', 'ESQUIRE', 'CPA',
];

/**
 * Credentials that are also names or read as initials (Do, Ma, Na, Pa, "L.D."): taken off only
 * after a comma or beside another middle name ("GARY S DO"), never from a surname or a first
 * name ("Helena Do"), nor as a whole middle name ("Luz Ma Aguirre").
 */
export const NAME_LIKE_CREDENTIALS = ['DO', 'MA', 'MS', 'NA', 'PA', 'LAC', 'LD', 'RD', 'DS', 'RP', 'SW', 'MT', 'RT'];

/**
 * Roles and professions written beside a person's name ("BANNON, JOSEPH PRESIDENT", "Russell
 * Harms, Podiatrist", "(Personal Care Attendant)"), abbreviations included ("MGR.", "DIREC.").
 * A role word starts the role: what follows it describes it ("Owner- Mobile testing Company",
 * "PRES. ALLUVI"), and so do abbreviations just before it ("BUS. MGR.").
 */
export const ROLE_WORDS = [
  'OWNER', 'COOWNER', 'PRESIDENT', 'PRES', 'VP', 'VICE', 'CEO', 'CFO', 'COO', 'DIRECTOR', 'DIREC', 'DIR', 'MANAGER', 'MGR', 'MANAGING', 'ADMINISTRATOR',
  'ADMIN', 'OFFICER', 'TREASURER', 'SECRETARY', 'EMPLOYEE', 'PARTNER', 'PRINCIPAL', 'SHAREHOLDER', 'MEMBER', 'OPERATOR', 'BILLER', 'CASEWORKER',
  'SUPERVISOR', 'CAREGIVER', 'BENEFICIARY', 'RECIPIENT', 'CONSUMER', 'ATTENDANT', 'AIDE', 'AID', 'ASST', 'ASSISTANT',
  'NURSE', 'NURSES', 'PHYSICIAN', 'PHARMACIST', 'PODIATRIST', 'DENTIST', 'CHIROPRACTOR', 'OPTOMETRIST', 'THERAPIST', 'COUNSELOR', 'PSYCHOLOGIST',
  'PSYCHIATRIST', 'ACUPUNCTURIST', 'AUDIOLOGIST', 'TECHNICIAN',
];

/** Generational suffixes: the record's name suffix. */
export const SUFFIXES = ['JR', 'SR', 'II', 'III', 'IV'];

/** A whole name field meaning "no name" ("N/A", "NULL", "."). */
export const NO_NAME = ['N/A', 'NULL', 'NONE'];

/**
 * Words that make split name fields a business's name ("FUSION HEALTH & VITALITY" / "PHARM
 * ORIGINS LLC.", TX's "Hargrove" / "Dental" / "Center"): a legal form anywhere, or a trade word
 * where a given name stands (no one's first name is "Dental").
 */
export const LEGAL_FORMS = ['LLC', 'INC', 'INCORPORATED', 'CORP', 'CORPORATION', 'LTD', 'PLLC', 'LLP'];
export const TRADE_WORDS = [
  'PHARMACY', 'CLINIC', 'CENTER', 'CENTRE', 'SERVICES', 'HOSPITAL', 'MEDICAL', 'DENTAL', 'COUNSELING', 'THERAPY', 'AMBULANCE', 'LABORATORY',
  'HEALTHCARE', 'TRANSPORTATION', 'SUPPLY', 'SUPPLIES', 'HOSPICE', 'NURSING', 'REHABILITATION', 'ASSOCIATES', 'PHARMACEUTICALS',
];
