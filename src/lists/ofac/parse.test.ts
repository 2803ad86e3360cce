import { describe, expect, it } from 'vitest';
import { fixture, hasRealData, memoryFile, real, runAll, SKIP_REAL } from '../test-helpers';
import { parseOfac } from './parse';
import { parseOfacDate, readRemarks } from './remarks';

const sdnFiles = ['sdn.csv', 'alt.csv', 'add.csv'].map((name) => fixture('ofac', name));

describe('OFAC remarks', () => {
  it('reads dates of birth and weak aliases', () => {
    expect(parseOfacDate('10 Dec 1948')).toBe('1948-12-10');
    expect(parseOfacDate('circa 1960')).toBe('1960');
    expect(parseOfacDate('01 Jan 1953 to 31 Dec 1954')).toBe('1953-01-01');
    expect(readRemarks("DOB 14 Mar 1968; alt. DOB 1969; a.k.a. 'RK'; a.k.a. 'R. K.'.")).toEqual({ datesOfBirth: ['1968-03-14', '1969'], weakAkas: ['RK', 'R. K.'] });
  });
});

describe('OFAC parser on committed fixtures', () => {
  it('joins the headerless CSV trio (-0- nulls, CRLF, Ctrl-Z) and reports aliases of unknown entries', async () => {
    const { records, run } = await runAll(parseOfac('ofac-sdn', sdnFiles, { dateAcquired: '2024-03-19' }));
    expect(records.map((r) => r.sourceRecordId)).toEqual(['101', '102', '103', '104']);
    expect(run.rejected).toEqual([expect.objectContaining({ file: 'alt.csv', line: 4, reason: 'refers to ent_num 999, which is not in sdn.csv (row skipped)' })]);
    const [ship, person, vessel] = records;
    expect(ship).toMatchObject({ kind: 'business', businessName: 'NORTHWIND SHIPPING LTD.', dbas: ['NORTHWIND MARITIME'], address: '1 Harbor Road', city: 'Valletta VLT1000', country: 'Malta', classification: 'SDGT' });
    expect(ship.extra).toMatchObject({ weakAkas: 'NW SHIPPING', otherAddresses: 'Port Office 4, Limassol, Cyprus' });
    expect(person).toMatchObject({ kind: 'person', lastName: 'KARIMOV', firstName: 'Rustam Alievich', akas: ['KARIMOV, Rustam', 'QARIMOV, Rustam'], dateOfBirth: '1968-03-14', exclusionType: 'IRAN; SDGT', link: 'https://sanctionssearch.ofac.treas.gov/Details.aspx?id=102', dateAcquired: '2024-03-19' });
    expect(person.address).toBeNull();
    expect(vessel.extra).toMatchObject({ sdnType: 'vessel', Call_Sign: '9HA1234', Vess_flag: 'Panama' });
    expect(records[3].dateOfBirth).toBe('1975-06');
  });

  it('reads sdn.xml with saxes: publish date, main date of birth first, weak aliases apart', async () => {
    const { records, run } = await runAll(parseOfac('ofac-sdn', [fixture('ofac', 'sdn.xml')]));
    expect(run.asOf).toBe('2024-03-18');
    expect(run.rejected).toEqual([]);
    expect(records[0]).toMatchObject({ sourceRecordId: '102', lastName: 'KARIMOV', firstName: 'Rustam Alievich', akas: ['KARIMOV, Rustam'], dateOfBirth: '1968-03-14', extra: { otherDatesOfBirth: '1969', weakAkas: 'RUSTAM THE CAPTAIN', ids: 'Passport C1234567 (Azerbaijan)' } });
    expect(records[1]).toMatchObject({ businessName: 'NORTHWIND SHIPPING LTD.', city: 'Valletta VLT1000', country: 'Malta' });
    expect(records[2]).toMatchObject({ kind: 'business', extra: { sdnType: 'vessel', callSign: '9HA1234' } });
  });

  it('reads pipe-delimited consolidated files', async () => {
    const files = ['cons_prim.pip', 'cons_alt.pip', 'cons_add.pip'].map((name) => fixture('ofac', name));
    const { records } = await runAll(parseOfac('ofac-consolidated', files));
    expect(records.map((r) => [r.source, r.businessName ?? r.lastName, r.dbas, r.dateOfBirth])).toEqual([
      ['ofac-consolidated', 'BLUE RIVER BANK', ['BLUE RIVER JSC'], null],
      ['ofac-consolidated', 'SALEH', [], '1960-01-01'],
    ]);
  });
});

describe('OFAC bad input', () => {
  it('reports a truncated XML at its line and keeps the entries read before it', async () => {
    const xml = '<sdnList xmlns="http://tempuri.org/sdnList.xsd">\n<sdnEntry><uid>1</uid><lastName>ONE</lastName><sdnType>Entity</sdnType></sdnEntry>\n<sdnEntry><uid>2</uid><lastName>TW';
    const { records, run } = await runAll(parseOfac('ofac-sdn', [memoryFile(xml, 'sdn.xml')]));
    expect(records.map((r) => r.businessName)).toEqual(['ONE']);
    expect(run.rejected).toEqual([expect.objectContaining({ line: 3, severity: 'error', reason: expect.stringMatching(/^XML error inside the <sdnEntry> starting at line 3 \(truncated or malformed file/) })]);
  });

  it('warns when Record_Count disagrees, and on an empty file', async () => {
    const xml = '<sdnList><publshInformation><Publish_Date>01/02/2024</Publish_Date><Record_Count>2</Record_Count></publshInformation><sdnEntry><uid>1</uid><lastName>ONE</lastName><sdnType>Entity</sdnType></sdnEntry></sdnList>';
    const { run } = await runAll(parseOfac('ofac-sdn', [memoryFile(xml, 'sdn.xml')]));
    expect(run.rejected.map((r) => r.reason)).toEqual(['Record_Count says 2 entries but 1 were read']);
    const empty = await runAll(parseOfac('ofac-sdn', [memoryFile('', 'sdn.csv')]));
    expect(empty.run.rejected.map((r) => r.reason)).toEqual(['file is empty']);
  });

  it('reports ragged rows and a duplicate entry in sdn.csv', async () => {
    const row = '5,"ALPHA LLC",-0- ,"SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ';
    const { records, run } = await runAll(parseOfac('ofac-sdn', [memoryFile(`${row}\r\n${row}\r\n6,"BETA"\r\n\x1a`, 'sdn.csv')]));
    expect(records).toHaveLength(1);
    expect(run.rejected.map((r) => [r.line, r.reason])).toEqual([
      [2, 'duplicate of line 1 (identical row skipped)'],
      [3, 'expected 12 fields, found 2 (ragged or truncated row)'],
    ]);
  });

  it('refuses an LEIE file given as sdn.csv or as XML', async () => {
    await expect(runAll(parseOfac('ofac-sdn', [fixture('leie', 'UPDATED.csv')]))).rejects.toThrow(/UPDATED\.csv is not in the OFAC legacy sdn\.csv \/ cons_prim\.csv layout: expected the header \(none: headerless rows of 12 fields\) ent_num,SDN_Name,SDN_Type/);
    await expect(runAll(parseOfac('ofac-sdn', [memoryFile('LASTNAME,FIRSTNAME\n', 'sdn.xml')]))).rejects.toThrow(/sdn\.xml is not in the OFAC XML layout: expected the header <sdnList xmlns="http:\/\/tempuri\.org\/sdnList\.xsd">/);
  });
});

describe.skipIf(!hasRealData)(`OFAC parser on real Treasury files (${SKIP_REAL})`, () => {
  it('reads the complete 2024 sdn.csv with the newer alt/add, reporting references to unknown entries', async () => {
    const files = ['sdn-2024-05-03/sdn.csv', 'sdn-alt-add-2026/alt.csv', 'sdn-alt-add-2026/add.csv'].map((p) => real(`ofac/${p}`));
    const { records, run } = await runAll(parseOfac('ofac-sdn', files));
    expect(run.counts).toEqual({ records: 14965, rejected: 8325, warnings: 0 });
    expect(run.rejected.every((r) => /^refers to ent_num \d+, which is not in sdn\.csv/.test(r.reason))).toBe(true);
    const byId = new Map(records.map((r) => [r.sourceRecordId, r]));
    expect(byId.get('36')).toMatchObject({ businessName: 'AEROCARIBBEAN AIRLINES', dbas: ['AERO-CARIBBEAN'], city: 'Havana', country: 'Cuba', classification: 'CUBA' });
    expect(byId.get('306')).toMatchObject({ businessName: 'BANCO NACIONAL DE CUBA', extra: expect.objectContaining({ weakAkas: 'BNC' }) });
    expect(byId.get('2674')).toMatchObject({ kind: 'person', lastName: 'ABBAS', firstName: 'Abu', dateOfBirth: '1948-12-10' });
    expect(records.filter((r) => r.kind === 'person')).toHaveLength(6854);
  });

  it('reads the consolidated list alike from CSV, pipe/at-delimited and XML', async () => {
    const dir = 'ofac/consolidated-2018-05/';
    const csv = await runAll(parseOfac('ofac-consolidated', ['cons_prim.csv', 'cons_alt.csv', 'cons_add.csv', 'cons_comments.csv'].map((f) => real(dir + f))));
    const pip = await runAll(parseOfac('ofac-consolidated', ['cons_prim.pip', 'cons_alt.pip', 'cons_add.del'].map((f) => real(dir + f))));
    const xml = await runAll(parseOfac('ofac-consolidated', [real(`${dir}consolidated.xml`)]));
    expect([csv.run.counts, pip.run.counts, xml.run.counts]).toEqual(Array(3).fill({ records: 639, rejected: 0, warnings: 0 }));
    expect(xml.run.asOf).toBe('2018-04-06');
    const first = (records: typeof csv.records) => records.find((r) => r.sourceRecordId === '4632');
    expect(first(csv.records)?.dbas).toEqual(['CENTRAL BANK OF THE ISLAMIC REPUBLIC OF IRAN', 'BANK MARKAZI IRAN', 'CENTRAL BANK OF IRAN']);
    expect(first(xml.records)?.dbas).toEqual(first(csv.records)?.dbas);
    expect(first(pip.records)).toEqual(first(csv.records));
    const haniya = xml.records.find((r) => r.sourceRecordId === '9639');
    expect(haniya).toMatchObject({ lastName: 'HANIYA', dateOfBirth: '1962', akas: ['HANIYA, Ismail', 'HANIYYA, Ismaeel'] });
  });
});
