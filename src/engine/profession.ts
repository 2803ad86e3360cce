/**
 * Provider types as families of professions (issue 52, ADR 121): what a list record's provider type,
 * specialty or credential says a person does, and what a roster's "Provider Type" column or NPPES's
 * credential and taxonomy say. The families are a bitmask, so a record naming two ("REGISTERED NURSE,
 * NURSE PRACTITIONER"; "NURSE/NURSES AIDE") keeps both. Words that name a role rather than a profession
 * (owner, employee, marketer) give no family: nothing is compared.
 */

/** The families, in bit order. */
export const PROFESSIONS = [
  'physician',
  'physician assistant',
  'nurse',
  'aide',
  'pharmacy',
  'dental',
  'therapy',
  'behavioral health',
  'chiropractic',
  'podiatry',
  'vision',
  'emergency medical',
  'massage or acupuncture',
  'medical equipment',
  'laboratory',
  'transportation',
] as const;
export type Profession = (typeof PROFESSIONS)[number];

const BITS = new Map<Profession, number>(PROFESSIONS.map((p, i) => [p, 1 << i]));
const bit = (p: Profession): number => BITS.get(p)!;

/**
 * Families that may be one person's career or one practice (a nurse once an aide; a physician's assistant; a
 * psychiatrist among behavioral clinicians): neither agreement nor a difference when they meet.
 */
const RELATED: readonly [Profession, Profession][] = [
  ['nurse', 'aide'],
  ['physician', 'physician assistant'],
  ['physician', 'behavioral health'],
  ['nurse', 'behavioral health'],
  ['therapy', 'massage or acupuncture'],
];

/** Abbreviations and credentials, read as whole words (dots and spaces between single letters taken out first). */
const ABBREVIATIONS: Readonly<Record<string, Profession>> = {
  MD: 'physician', DO: 'physician',
  PA: 'physician assistant', PAC: 'physician assistant',
  RN: 'nurse', LPN: 'nurse', LVN: 'nurse', APRN: 'nurse', APN: 'nurse', CRNA: 'nurse', CRNP: 'nurse', NP: 'nurse', FNP: 'nurse', CNM: 'nurse', BSN: 'nurse', ARNP: 'nurse',
  CNA: 'aide', HHA: 'aide', PCA: 'aide', PCS: 'aide', DSW: 'aide', DCW: 'aide', CDAC: 'aide', CRMA: 'aide', QSP: 'aide', STNA: 'aide', CMA: 'aide',
  RPH: 'pharmacy', PHARMD: 'pharmacy', CPHT: 'pharmacy', PTECH: 'pharmacy', PHARM: 'pharmacy',
  DDS: 'dental', DMD: 'dental', RDH: 'dental',
  PT: 'therapy', PTA: 'therapy', DPT: 'therapy', OT: 'therapy', OTR: 'therapy', COTA: 'therapy', SLP: 'therapy', RRT: 'therapy', CRT: 'therapy',
  LCSW: 'behavioral health', LMSW: 'behavioral health', LSW: 'behavioral health', MSW: 'behavioral health', LPC: 'behavioral health',
  LMHC: 'behavioral health', LMFT: 'behavioral health', MFT: 'behavioral health', BCBA: 'behavioral health', CADC: 'behavioral health',
  TSS: 'behavioral health', BSC: 'behavioral health', BHIS: 'behavioral health', PSYD: 'behavioral health', LCPC: 'behavioral health',
  DC: 'chiropractic', DPM: 'podiatry', OD: 'vision',
  EMT: 'emergency medical', LMT: 'massage or acupuncture', LAC: 'massage or acupuncture',
  DME: 'medical equipment', NEMT: 'transportation',
};

/**
 * Word beginnings and phrases, first match wins per phrase position: the longer, more telling phrases come
 * before the words they contain ("PSYCHIATRIC TECHNICIAN" before "PSYCHIATR", "NURSE AIDE" before "NURSE").
 */
const PHRASES: readonly [string, Profession][] = [
  ['PSYCHIATRIC TECHNICIAN', 'behavioral health'],
  ['PHYSICIAN ASSISTAN', 'physician assistant'],
  ['PHYSICIANS ASSISTAN', 'physician assistant'],
  ['NURSE AIDE', 'aide'], ['NURSES AIDE', 'aide'], ['NURSE ASSISTANT', 'aide'], ['NURSING ASSISTANT', 'aide'], ['NURSE ASST', 'aide'], ['NURSING AIDE', 'aide'],
  ['HOME HEALTH AGENCY', 'aide'], ['HOME HEALTH', 'aide'], ['PERSONAL CARE', 'aide'], ['DIRECT SERVICE', 'aide'], ['DIRECT SUPPORT', 'aide'], ['DIRECT CARE', 'aide'],
  ['IN HOME SUPPORTIVE', 'aide'], ['HEALTH CARE AIDE', 'aide'], ['MEDICATION AIDE', 'aide'], ['MEDICAL ASSISTANT', 'aide'], ['CAREGIVER', 'aide'], ['CARE GIVER', 'aide'], ['ATTENDANT', 'aide'],
  ['EMERGENCY MEDICAL TECH', 'emergency medical'], ['EMERGENCY MED TECH', 'emergency medical'], ['PARAMEDIC', 'emergency medical'], ['AMBULANCE', 'emergency medical'],
  ['PHYSICAL THERAP', 'therapy'], ['OCCUPATIONAL THERAP', 'therapy'], ['SPEECH', 'therapy'], ['RESPIRATORY', 'therapy'], ['AUDIOLOG', 'therapy'],
  ['MASSAGE', 'massage or acupuncture'], ['ACUPUNCT', 'massage or acupuncture'],
  ['MARRIAGE', 'behavioral health'], ['FAMILY THERAP', 'behavioral health'], ['PSYCHOTHERAP', 'behavioral health'], ['PSYCHOLOG', 'behavioral health'],
  ['SOCIAL WORK', 'behavioral health'], ['COUNSEL', 'behavioral health'], ['BEHAVIOR', 'behavioral health'], ['MENTAL HEALTH', 'behavioral health'],
  ['SUBSTANCE', 'behavioral health'], ['ADDICTION', 'behavioral health'],
  ['PHYSICIAN', 'physician'], ['DOCTOR', 'physician'], ['SURGEON', 'physician'], ['SURGERY', 'physician'], ['OSTEOPATH', 'physician'], ['PSYCHIATR', 'physician'],
  ['ANESTHESIOLOG', 'physician'], ['PEDIATRICIAN', 'physician'], ['CARDIOLOG', 'physician'], ['ONCOLOG', 'physician'], ['DERMATOLOG', 'physician'],
  ['NEUROLOG', 'physician'], ['UROLOG', 'physician'], ['RADIOLOGIST', 'physician'], ['GENERAL PRACTICE', 'physician'], ['FAMILY PRACTICE', 'physician'],
  ['FAMILY MEDICINE', 'physician'], ['INTERNAL MEDICINE', 'physician'], ['INTERNIST', 'physician'], ['OBSTETRIC', 'physician'], ['GYNECOLOG', 'physician'],
  ['OPHTHALMOLOG', 'physician'], ['ORTHOPED', 'physician'], ['PATHOLOGIST', 'physician'], ['GASTROENTEROLOG', 'physician'], ['PAIN MANAGEMENT', 'physician'],
  ['EMERGENCY MEDICINE', 'physician'], ['GENERAL PRACT', 'physician'], ['PHYSN', 'physician'],
  ['NURSE', 'nurse'], ['NURSING', 'nurse'], ['MIDWIFE', 'nurse'],
  ['PHARMAC', 'pharmacy'],
  ['DENTIST', 'dental'], ['DENTAL', 'dental'], ['ORTHODONT', 'dental'], ['HYGIENIST', 'dental'],
  ['CHIROPRACT', 'chiropractic'], ['PODIATR', 'podiatry'], ['OPTOMETR', 'vision'], ['OPTICIAN', 'vision'],
  ['DURABLE MEDICAL', 'medical equipment'], ['MEDICAL EQUIPMENT', 'medical equipment'], ['MEDICAL SUPPL', 'medical equipment'],
  ['LABORATORY', 'laboratory'], ['PHLEBOTOM', 'laboratory'],
  ['TRANSPORT', 'transportation'],
];

/** Words that name a role, not a profession: a text holding one gives no family ("OWNER-PHARMACY", "PHARMACY EMPLOYEE"). */
const ROLE_WORDS = new Set(['OWNER', 'OWNERS', 'EMPLOYEE', 'EMPLOYEES', 'MANAGER', 'MARKETER', 'RECRUITER', 'BILLER', 'BILLING', 'CITIZEN', 'RECIPIENT', 'AFFILIATION', 'CUSTODIAN', 'EXEC', 'EXECUTIVE', 'ADMINISTRATOR', 'OFFICER']);

/** Upper-case words: dots and apostrophes taken out ("M.D.", "PHYSICIAN'S"), single letters in a row joined ("C N A"). */
function wordsOf(text: string): string[] {
  const plain = text
    .toUpperCase()
    .replace(/[.'’]/g, '')
    .replace(/[^A-Z]+/g, ' ')
    .trim();
  if (!plain) return [];
  const out: string[] = [];
  let letters = '';
  for (const w of plain.split(' ')) {
    if (w.length === 1) letters += w;
    else {
      if (letters) out.push(letters);
      letters = '';
      out.push(w);
    }
  }
  if (letters) out.push(letters);
  return out;
}

/** The families a free text names (a provider type, a specialty, a credential, a job title); 0 when none. */
export function professionsOf(text: string | null | undefined): number {
  if (!text) return 0;
  const words = wordsOf(text.slice(0, 300));
  if (!words.length || words.some((w) => ROLE_WORDS.has(w))) return 0;
  let mask = 0;
  for (const w of words) {
    const p = ABBREVIATIONS[w];
    if (p) mask |= bit(p);
  }
  // Phrases are matched on word starts: " NURSE" finds "NURSES" but not "ANURSE".
  let rest = ` ${words.join(' ')}`;
  for (const [phrase, p] of PHRASES) {
    const at = rest.indexOf(` ${phrase}`);
    if (at < 0) continue;
    mask |= bit(p);
    // The phrase's words are used up: "NURSE AIDE" is not a nurse as well.
    rest = `${rest.slice(0, at)} ${'#'.repeat(phrase.length)}${rest.slice(at + phrase.length + 1)}`;
  }
  return mask;
}

/**
 * NPPES taxonomy codes (NUCC Health Care Provider Taxonomy) by their leading characters: the family of the
 * code's grouping and classification. Codes not listed give none.
 */
const TAXONOMY_PREFIXES: readonly [string, Profession][] = [
  ['363A', 'physician assistant'],
  ['363L', 'nurse'], ['163W', 'nurse'], ['164', 'nurse'], ['367', 'nurse'], ['176B', 'nurse'],
  ['3747', 'aide'], ['374U', 'aide'], ['376', 'aide'], ['3725', 'aide'],
  ['1835', 'pharmacy'], ['1837', 'pharmacy'], ['3336', 'pharmacy'],
  ['122', 'dental'], ['1223', 'dental'], ['124Q', 'dental'], ['1268', 'dental'], ['125', 'dental'],
  ['2251', 'therapy'], ['2252', 'therapy'], ['225X', 'therapy'], ['235Z', 'therapy'], ['227', 'therapy'], ['231H', 'therapy'],
  ['103', 'behavioral health'], ['1041', 'behavioral health'], ['101', 'behavioral health'], ['106', 'behavioral health'],
  ['111N', 'chiropractic'], ['213E', 'podiatry'], ['152W', 'vision'], ['156F', 'vision'],
  ['146', 'emergency medical'], ['3416', 'emergency medical'],
  ['2257', 'massage or acupuncture'], ['1711', 'massage or acupuncture'],
  ['332B', 'medical equipment'], ['291U', 'laboratory'], ['343', 'transportation'],
  ['20', 'physician'],
];

/** The family of an NPPES taxonomy code ("207Q00000X": physician), 0 when none is known. */
export function professionOfTaxonomy(code: string): number {
  const c = code.trim().toUpperCase();
  if (!/^[0-9A-Z]{10}$/.test(c)) return 0;
  // The longest known prefix decides ("1223" before "122").
  let best: [string, Profession] | null = null;
  for (const e of TAXONOMY_PREFIXES) if (c.startsWith(e[0]) && (!best || e[0].length > best[0].length)) best = e;
  return best ? bit(best[1]) : 0;
}

const RELATED_MASKS: number[] = PROFESSIONS.map((p) => RELATED.reduce((m, [a, b]) => (a === p ? m | bit(b) : b === p ? m | bit(a) : m), 0));

/** How two non-empty family sets compare: one family shared, families that may be one career, or none. */
export function compareProfessions(a: number, b: number): 'agrees' | 'related' | 'differs' {
  if (a & b) return 'agrees';
  for (let i = 0; i < PROFESSIONS.length; i++) if (a & (1 << i) && RELATED_MASKS[i] & b) return 'related';
  return 'differs';
}

/** The families of a mask in words ("nurse, aide"). */
export function professionNames(mask: number): string {
  return PROFESSIONS.filter((_, i) => mask & (1 << i)).join(', ');
}
