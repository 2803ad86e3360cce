import { NPIDATA_HEADER } from '../../src/lists/nppes/header';
import { FOREIGN_COUNTRIES, FOREIGN_GIVEN, FOREIGN_SURNAMES, OFAC_ENTITY_SUFFIX, OFAC_ENTITY_WORDS, OFAC_PROGRAMS } from './names';
import { LineWriter, quoteAll } from './output';
import { businessAt, mdy, mmddccyy, personAt, ssnFor } from './population';
import { Random } from './random';

const NULL = '-0- ';
const q = (text: string): string => `"${text.replaceAll('"', '""')}"`;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * OFAC legacy sdn.csv + alt.csv + add.csv: no header, `-0- ` nulls, CRLF, final Ctrl-Z.
 * The consolidated (non-SDN) list has the same layout as cons_prim / cons_alt / cons_add.
 */
export async function writeOfac(dir: string, count: number, seed: number, names = { prim: 'sdn', alt: 'alt', add: 'add' }): Promise<void> {
  const sdn = new LineWriter(`${dir}/${names.prim}.csv`);
  const alt = new LineWriter(`${dir}/${names.alt}.csv`);
  const add = new LineWriter(`${dir}/${names.add}.csv`);
  let altNum = 1;
  let addNum = 1;
  for (let j = 0; j < count; j += 1) {
    const r = new Random(seed, 'ofac', j);
    const entNum = 1000 + j * 3;
    const programs = [...new Set([r.pick(OFAC_PROGRAMS), ...(r.chance(0.3) ? [r.pick(OFAC_PROGRAMS)] : [])])].join('] [');
    const country = r.pick(FOREIGN_COUNTRIES);
    const isPerson = r.chance(0.45);
    const isVessel = !isPerson && r.chance(0.08);
    let name: string;
    let remarks: string;
    if (isPerson) {
      name = `${r.pick(FOREIGN_SURNAMES)}, ${r.pick(FOREIGN_GIVEN)}`;
      const dob = `${String(r.int(1, 28)).padStart(2, '0')} ${r.pick(MONTHS)} ${r.int(1945, 1995)}`;
      remarks = `DOB ${dob}; ${r.chance(0.3) ? `alt. DOB ${r.int(1945, 1995)}; ` : ''}POB ${country}; nationality ${country}; Passport ${r.digits(8)} (${country}); Gender ${r.chance(0.8) ? 'Male' : 'Female'}.`;
    } else {
      name = isVessel ? `${r.pick(['OCEAN', 'GOLDEN', 'SEA', 'NORTH'])} ${r.pick(['STAR', 'PEARL', 'FALCON', 'WIND'])} ${j}` : `${r.pick(OFAC_ENTITY_WORDS)} ${r.pick(OFAC_ENTITY_WORDS)} ${r.pick(OFAC_ENTITY_SUFFIX)} ${j}`;
      remarks = isVessel ? `Vessel Registration Identification IMO ${r.digits(7)}.` : `Registration ID ${r.digits(9)} (${country})${r.chance(0.3) ? `; a.k.a. '${name.split(' ')[0]} GROUP'` : ''}.`;
    }
    const type = isPerson ? q('individual') : isVessel ? q('vessel') : NULL;
    const vessel = isVessel ? [q(`${r.digits(4)}`), q('Crude Oil Tanker'), q(r.digits(5)), q(r.digits(5)), q(r.pick(['Panama', 'Liberia', 'Iran'])), NULL] : Array(6).fill(NULL);
    await sdn.write([entNum, q(name), type, q(programs), NULL, ...vessel, q(remarks)].join(','));
    if (r.chance(0.3)) await alt.write([entNum, altNum++, q(r.chance(0.8) ? 'aka' : 'fka'), q(isPerson ? `${r.pick(FOREIGN_SURNAMES)}, ${name.split(', ')[1]}` : `${name.split(' ')[0]} INTERNATIONAL`), NULL].join(','));
    if (r.chance(0.7)) await add.write([entNum, addNum++, r.chance(0.6) ? q(`${r.int(1, 300)} ${r.pick(['Main Street', 'Harbor Road', 'Industrial Zone'])}`) : NULL, q(`${r.pick(['Tehran', 'Moscow', 'Dubai', 'Caracas', 'Damascus', 'Havana'])}`), q(country), NULL].join(','));
  }
  const ctrlZ = Buffer.from([0x1a]);
  await Promise.all([sdn.close(ctrlZ), alt.close(ctrlZ), add.close(ctrlZ)]);
}

/**
 * NPPES npidata_pfile with the real 330-column header, every value quoted. People are the
 * population's first `count` persons (so every NPI shown on the synthetic LEIE is here),
 * then `count / 5` organisations; a few NPIs are deactivated.
 */
export async function writeNppes(path: string, count: number, seed: number): Promise<void> {
  const out = new LineWriter(path);
  const column = new Map(NPIDATA_HEADER.map((h, i) => [h, i]));
  await out.write(quoteAll(NPIDATA_HEADER));
  const row = (values: Record<string, string>): string => {
    const cells: string[] = Array(NPIDATA_HEADER.length).fill('');
    for (const [key, value] of Object.entries(values)) cells[column.get(key) as number] = value;
    return quoteAll(cells);
  };
  const practice = (street: string, city: string, state: string, zip: string): Record<string, string> => ({
    'Provider First Line Business Practice Location Address': street, 'Provider Business Practice Location Address City Name': city,
    'Provider Business Practice Location Address State Name': state, 'Provider Business Practice Location Address Postal Code': zip,
    'Provider Business Practice Location Address Country Code (If outside U.S.)': 'US',
  });
  for (let j = 0; j < count; j += 1) {
    const r = new Random(seed, 'nppes', j);
    const p = personAt(seed, j);
    const enumerated = r.date(2005, 2024);
    if (r.chance(0.01)) {
      await out.write(row({ NPI: p.npi, 'NPI Deactivation Date': mdy(r.date(2015, 2024)) }));
      continue;
    }
    await out.write(row({
      NPI: p.npi, 'Entity Type Code': '1', 'Provider Last Name (Legal Name)': p.last, 'Provider First Name': p.first, 'Provider Middle Name': p.middle,
      'Provider Name Suffix Text': p.suffix, 'Provider Credential Text': p.license.replace(/\d+$/, ''), 'Provider Sex Code': p.sex,
      ...(p.otherLast ? { 'Provider Other Last Name': p.otherLast, 'Provider Other First Name': p.first, 'Provider Other Last Name Type Code': '1' } : {}),
      ...practice(p.street, p.city, p.state, p.zip), 'Provider Enumeration Date': mdy(enumerated), 'Last Update Date': mdy(r.date(+enumerated.slice(0, 4), 2025)),
      'Healthcare Provider Taxonomy Code_1': p.taxonomy, 'Provider License Number_1': p.license, 'Provider License Number State Code_1': p.state,
      'Healthcare Provider Primary Taxonomy Switch_1': 'Y', 'Is Sole Proprietor': r.chance(0.2) ? 'Y' : 'N',
    }));
  }
  for (let k = 0; k < count / 5; k += 1) {
    const b = businessAt(seed, k);
    await out.write(row({
      NPI: b.npi, 'Entity Type Code': '2', 'Employer Identification Number (EIN)': '<UNAVAIL>', 'Provider Organization Name (Legal Business Name)': b.name,
      ...(b.dba ? { 'Provider Other Organization Name': b.dba, 'Provider Other Organization Name Type Code': '3' } : {}),
      ...practice(b.street, b.city, b.state, b.zip), 'Provider Enumeration Date': '05/23/2005', 'Last Update Date': '01/02/2024', 'Is Organization Subpart': 'N',
    }));
  }
  await out.close();
}

/** DMF: 100-byte fixed-width records, LF; unknown day as 00; a tenth are NPPES people. */
export async function writeDmf(path: string, count: number, seed: number): Promise<void> {
  const out = new LineWriter(path, '\n');
  for (let j = 0; j < count; j += 1) {
    const r = new Random(seed, 'dmf', j);
    const index = j % 10 === 0 ? j : 3 * count + j;
    const p = personAt(seed, index);
    let dod = mmddccyy(r.date(Math.max(+p.dob.slice(0, 4) + 20, 1990), 2025));
    if (r.chance(0.05)) dod = `${dod.slice(0, 2)}00${dod.slice(4)}`;
    const suffix = p.suffix === 'JR' ? 'Jr.' : p.suffix === 'SR' ? 'Sr.' : p.suffix;
    const record = ` ${ssnFor(index)}${p.last.padEnd(20)}${suffix.padEnd(4)}${p.first.padEnd(15)}${p.middle.padEnd(15)}${r.pick(['V', 'P', ' ', 'N'])}${dod}${mmddccyy(p.dob)}`;
    await out.write(record.padEnd(100));
  }
  await out.close();
}
