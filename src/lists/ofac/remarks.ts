const MONTHS: Record<string, string> = {
  jan: '01', feb: '02', mar: '03', apr: '04', may: '05', jun: '06',
  jul: '07', aug: '08', sep: '09', oct: '10', nov: '11', dec: '12',
};

/** Reads an OFAC date (`10 Dec 1948`, `Dec 1948`, `1948`, `circa 1960`) as ISO, or null. */
export function parseOfacDate(text: string): string | null {
  // A range ("01 Jan 1953 to 31 Dec 1954") keeps its start.
  const match = text.split(/\s+to\s+/i)[0].trim().match(/^(?:circa\s+)?(?:(\d{1,2})\s+)?(?:([A-Za-z]{3})[a-z]*\.?\s+)?(\d{4})$/i);
  if (!match) return null;
  const [, day, monthName, year] = match;
  const month = monthName ? MONTHS[monthName.toLowerCase()] : undefined;
  if (monthName && !month) return null;
  if (!month) return year;
  return day ? `${year}-${month}-${day.padStart(2, '0')}` : `${year}-${month}`;
}

/** What the packed Remarks column of the legacy CSV tells about a person. */
export interface RemarkFacts {
  datesOfBirth: string[];
  /** Weak aliases (single-quoted after "a.k.a."): low quality, kept apart from strong ones. */
  weakAkas: string[];
}

/** Pulls dates of birth and weak aliases out of a Remarks text. */
export function readRemarks(remarks: string | null): RemarkFacts {
  const facts: RemarkFacts = { datesOfBirth: [], weakAkas: [] };
  if (!remarks) return facts;
  for (const part of remarks.split(';')) {
    const dob = part.trim().match(/^(?:alt\.\s+)?DOB\s+(.+?)\.?$/i);
    if (dob) {
      const date = parseOfacDate(dob[1]);
      if (date && !facts.datesOfBirth.includes(date)) facts.datesOfBirth.push(date);
    }
  }
  for (const match of remarks.matchAll(/a\.k\.a\.,?\s+'([^']+)'/gi)) facts.weakAkas.push(match[1].trim());
  return facts;
}
