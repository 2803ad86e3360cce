/**
 * What the exclusion type codes of the OIG's LEIE mean: the section of the Social Security Act
 * the exclusion was imposed under (OIG publishes the table with the list). Written here in plain
 * words for reviewers; other lists (SAM, states) already publish words and are shown as they are.
 */

const MEANINGS: Record<string, string> = {
  '1128a1': 'Conviction of a crime related to Medicare or a state health care program (mandatory exclusion)',
  '1128a2': 'Conviction related to abuse or neglect of patients (mandatory exclusion)',
  '1128a3': 'Felony conviction related to health care fraud (mandatory exclusion)',
  '1128a4': 'Felony conviction related to controlled substances (mandatory exclusion)',
  '1128b1': 'Misdemeanor conviction related to health care fraud, or fraud in another government-funded program',
  '1128b1a': 'Misdemeanor conviction related to health care fraud',
  '1128b1b': 'Conviction related to fraud in a government-funded program other than health care',
  '1128b2': 'Conviction for obstructing an investigation or audit',
  '1128b3': 'Misdemeanor conviction related to controlled substances',
  '1128b4': 'License to practise revoked, suspended or surrendered',
  '1128b5': 'Excluded or suspended by another federal or state health care program',
  '1128b6': 'Excessive claims, or services that were unnecessary or below professional standards',
  '1128b7': 'Fraud, kickbacks or other prohibited activities',
  '1128b8': 'An entity owned or controlled by a sanctioned person',
  '1128b8a': 'An entity controlled by a family or household member of an excluded person, after a transfer of ownership',
  '1128b9': 'Failure to disclose information the law requires',
  '1128b10': 'Failure to supply requested information on subcontractors and suppliers',
  '1128b11': 'Failure to supply payment information',
  '1128b12': 'Failure to grant immediate access to inspectors or investigators',
  '1128b13': 'Failure to take corrective action',
  '1128b14': 'Default on a health education loan or scholarship obligation',
  '1128b15': 'A person who owns or controls a sanctioned entity',
  '1128b16': 'False statements or misrepresentation of material facts',
  '1128aa': 'Civil monetary penalty imposed under section 1128A',
  '1128c3gi': 'Second conviction for an offence calling for mandatory exclusion (at least 10 years)',
  '1128c3gii': 'Third or later conviction for an offence calling for mandatory exclusion (permanent)',
  '1156': 'Failure to meet the obligations of practitioners and providers to give necessary care of professionally recognised quality (peer review)',
  brchcia: 'Breach of a Corporate Integrity Agreement with OIG',
  brchsa: 'Breach of a settlement agreement with OIG',
};

const keyOf = (code: string): string => code.toLowerCase().replace(/[\s()._-]/g, '');

/** The meaning of an exclusion type code, or null when the code is not one of OIG's. */
export function exclusionTypeMeaning(code: string | null | undefined): string | null {
  return code ? (MEANINGS[keyOf(code)] ?? null) : null;
}

/** "1128b4: License to practise revoked, suspended or surrendered"; words and unknown codes as they are. */
export function describeExclusionType(code: string | null | undefined): string | null {
  const text = code?.trim();
  if (!text) return null;
  const meaning = exclusionTypeMeaning(text);
  return meaning ? `${text}: ${meaning}` : text;
}
