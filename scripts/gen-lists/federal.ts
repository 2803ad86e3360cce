import { LEIE_HEADER } from '../../src/lists/leie/parse';
import { SAM_V2_HEADER } from '../../src/lists/sam/parse';
import { OPTOUT_HEADER } from '../../src/lists/optout/parse';
import { LineWriter, quoteAll } from './output';
import { businessAt, mdy, personAt, ymd } from './population';
import { Random } from './random';

const EXCLUSION_TYPES = [['1128a1', 30], ['1128b4', 25], ['1128a3', 10], ['1128b7', 10], ['1128a2', 8], ['1128b5', 5], ['1128b14', 4], ['BRCH SA', 1]] as const;

/** LEIE UPDATED.csv, current layout: unquoted header, every field quoted, CRLF. */
export async function writeLeie(path: string, count: number, seed: number): Promise<void> {
  const out = new LineWriter(path);
  await out.write(LEIE_HEADER.join(','));
  for (let j = 0; j < count; j += 1) {
    const r = new Random(seed, 'leie', j);
    const type = r.weighted({ items: EXCLUSION_TYPES, total: 93 });
    const paddedType = r.chance(0.1) ? type.padEnd(9) : type;
    const excluded = ymd(r.date(1990, 2025));
    if (j % 12 === 0) {
      const b = businessAt(seed, j);
      // Only businesses that NPPES also lists (index < count / 5) show their NPI.
      const npi = j < count / 5 && r.chance(0.5) ? b.npi : '0000000000';
      await out.write(quoteAll(['', '', '', b.name.slice(0, 30), 'OTHER BUSINESS', b.kind.slice(0, 20), '', npi, '', b.street, b.city, b.state, b.zip, paddedType, excluded, '00000000', '00000000', '']));
      continue;
    }
    const p = personAt(seed, j);
    const middle = p.suffix ? `${p.middle} ${p.suffix} `.trimStart() : p.middle ? `${p.middle} ` : '';
    const waiver = r.chance(0.01) ? [ymd(r.date(2015, 2024)), 'PR'] : ['00000000', ''];
    await out.write(quoteAll([p.last, p.first, middle, r.chance(0.05) ? businessAt(seed, j + 1).name.slice(0, 30) : '', p.general, p.specialty, '', r.chance(0.1) ? p.npi : '0000000000', ymd(p.dob), p.street, p.city, p.state, p.zip, paddedType, excluded, '00000000', ...waiver]));
  }
  await out.close();
}

const AGENCIES = ['HHS', 'OPM', 'GSA', 'DOL', 'NAVY', 'ARMY', 'EPA', 'HUD', 'DOJ', 'TREAS-OFAC'];
const SAM_TYPES = ['Ineligible (Proceedings Completed)', 'Ineligible (Proceedings Pending)', 'Prohibition/Restriction', 'Voluntary Exclusion'];

/** SAM V2 extract: every field quoted, "Blank (Deprecated)", Creation_Date YYYY-MM-DD, "Indefinite". */
export async function writeSam(path: string, count: number, seed: number): Promise<void> {
  const out = new LineWriter(path, '\n');
  await out.write(quoteAll(SAM_V2_HEADER));
  for (let j = 0; j < count; j += 1) {
    const r = new Random(seed, 'sam', j);
    const active = r.date(2005, 2025);
    const isIndefinite = r.chance(0.6);
    const termination = isIndefinite ? 'Indefinite' : mdy(`${+active.slice(0, 4) + r.int(1, 5)}${active.slice(4)}`.replace('-02-29', '-02-28'));
    const created = active;
    const samNumber = `S4MR${(j + 46656).toString(36).toUpperCase().padStart(5, '0')}`;
    const kind = r.float();
    const row: Record<string, string> = { 'Active Date': mdy(active), 'Termination Date': termination, 'SAM Number': samNumber, Creation_Date: created, 'Exclusion Program': r.chance(0.9) ? 'Reciprocal' : 'NonReciprocal', 'Exclusion Type': r.pick(SAM_TYPES), Country: 'USA' };
    if (kind < 0.72) {
      // Even rows are LEIE's people, with the middle name cut to an initial (a realistic variation).
      const p = personAt(seed, j % 2 === 0 ? j : count + j);
      const isHhs = j % 2 === 0;
      Object.assign(row, { Classification: 'Individual', First: p.first, Middle: p.middle.slice(0, 1), Last: p.last, Suffix: p.suffix, City: p.city, 'State / Province': p.state, 'Zip Code': p.zip, 'Excluding Agency': isHhs ? 'HHS' : r.pick(AGENCIES), 'Exclusion Type': isHhs ? 'Prohibition/Restriction' : row['Exclusion Type'] });
      if (isHhs && r.chance(0.2)) row.NPI = p.npi;
    } else if (kind < 0.96) {
      const b = businessAt(seed, j);
      Object.assign(row, { Classification: kind < 0.92 ? 'Firm' : 'Special Entity Designation', Name: b.name, 'Address 1': b.street, City: b.city, 'State / Province': b.state, 'Zip Code': `${b.zip}${r.chance(0.3) ? r.digits(4) : ''}`, 'Unique Entity ID': `${r.digits(3)}ZZ${samNumber.slice(4)}AB`.slice(0, 12), 'Excluding Agency': r.pick(AGENCIES), CAGE: r.chance(0.3) ? `${r.digits(1)}Z${r.digits(3)}` : '', 'Cross-Reference': b.dba ? `(also ${b.dba})` : '' });
    } else {
      Object.assign(row, { Classification: 'Vessel', Name: `MV ${r.pick(['OCEAN', 'STAR', 'PEARL', 'FALCON'])} ${j}`, Country: r.pick(['PAN', 'LBR', 'IRN', 'PRK']), 'Excluding Agency': 'TREAS-OFAC', 'Exclusion Type': 'Prohibition/Restriction', 'Termination Date': 'Indefinite' });
    }
    await out.write(quoteAll(SAM_V2_HEADER.map((h) => row[h] ?? '')));
  }
  await out.close();
}

const OPTOUT_SPECIALTIES = ['Psychiatry', 'Clinical Psychologist', 'Dentist', 'Family Practice', 'Licensed Clinical Social Worker', 'Obstetrics/Gynecology', 'Internal Medicine', 'Oral Surgery'];

/** Opt-out affidavits CSV, quoted, MM/DD/YYYY dates; practitioners are NPPES people. */
export async function writeOptout(path: string, count: number, seed: number): Promise<void> {
  const out = new LineWriter(path, '\n');
  await out.write(quoteAll(OPTOUT_HEADER));
  for (let j = 0; j < count; j += 1) {
    const r = new Random(seed, 'optout', j);
    const p = personAt(seed, count - 1 - j);
    const start = r.date(2012, 2025);
    const end = `${+start.slice(0, 4) + 2}${start.slice(4)}`.replace('-02-29', '-02-28');
    await out.write(quoteAll([p.first, p.last, p.npi, r.pick(OPTOUT_SPECIALTIES), mdy(start), r.chance(0.95) ? mdy(end) : '', p.street, r.chance(0.2) ? `STE ${r.int(1, 900)}` : '', p.city, p.state, p.zip, r.chance(0.5) ? 'Y' : 'N', mdy(r.date(2024, 2025))]));
  }
  await out.close();
}
