import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#test/app';
import type { Database } from '#server/db/client';
import { importList } from '#server/lists/import';
import { csvCell } from '#shared/csv-cell';
import { parseColumnMap, rowQuery, runScreen } from './screen';

const root = fileURLToPath(new URL('../..', import.meta.url));
const listFixture = (...parts: string[]) => path.join(root, 'src/lists', ...parts);
const tmp = mkdtempSync(path.join(tmpdir(), 'clearlist-screen-'));
const now = new Date('2026-11-02T08:00:00Z');

// A customer's staff file: people, a business, an NPI-only row, a bad NPI, a row with nothing
// mapped, and a value that a spreadsheet would run as a formula.
const INPUT = [
  'Employee ID,First Name,Last Name,Birth Date,NPI,Company,Dept',
  '1001,Kathleen,Brennan,02/03/1971,,,Nursing',
  '1002,Maria,Nobody,1990-01-01,,,Billing',
  '1003,Anil,Patel,1958-09-30,1000000012,,Medicine',
  '1004,,,,,"Sunrise DME Supply, Inc.",Vendors',
  '1005,,,,1000000020,,Unknown',
  '1006,Luz,Ramirez,1988-01-12,1234567890,,Care',
  '1007,,,,,,Empty',
  '1008,@Daniel,Okafor,1965-06-11,,,Clinic',
].join('\r\n');

let database: Database;
let drop: () => Promise<void>;
let input: string;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await importList(database.db, { source: 'leie', files: [listFixture('leie', 'fixtures', 'UPDATED.csv')], origin: 'import', now });
  await importList(database.db, { source: 'sam', files: [listFixture('sam', 'fixtures', 'SAM_Exclusions_Public_Extract_V2_24096.CSV')], origin: 'import', now });
  input = path.join(tmp, 'staff.csv');
  writeFileSync(input, `\ufeff${INPUT}\r\n`);
});
afterAll(() => drop());

/** Runs the command on the test database (kept open: the command closes what it is given). */
async function run(argv: string[], terminal = false) {
  let stdout = '';
  let stderr = '';
  const io = { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s), isTTY: terminal } };
  const openDatabase = async () => ({ ...database, close: async () => {} });
  const code = await runScreen(argv, io, { openDatabase });
  return { code, stdout, stderr };
}

const parse = (text: string) => Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;

describe('clearlist screen', () => {
  it('screens a CSV file against the imported lists: one line per hit, problems reported', async () => {
    const out = path.join(tmp, 'results.csv');
    const { code, stdout, stderr } = await run([input, '--map', 'First Name=first,Last Name=last,Birth Date=dob,NPI=npi,Company=company', '--out', out]);
    expect(stderr).toMatch(/Screened 8 rows against \d+ list records .* on 2 workers: 6 rows with hits, 9 hits, 2 rows with problems/);
    expect(code).toBe(0);
    expect(stdout).toBe('');
    const rows = parse(readFileSync(out, 'utf8'));
    expect(Object.keys(rows[0])).toEqual(['row', 'First Name', 'Last Name', 'Birth Date', 'NPI', 'Company', 'score', 'source', 'source_record_id', 'list_name', 'matched_name', 'matched_fields', 'explanation', 'issues']);
    const of = (row: string) => rows.filter((r) => r.row === row);

    // Kathleen Brennan is on the LEIE (with her date of birth) and on SAM (name only).
    expect(of('1').map((r) => [r.source, r.score])).toEqual([['leie', '0.971'], ['sam', '0.891']]);
    expect(of('1')[0]).toMatchObject({ list_name: 'OIG List of Excluded Individuals/Entities (LEIE)', matched_name: 'KATHLEEN MARIE BRENNAN', issues: '' });
    expect(of('1')[0].matched_fields).toContain('dateOfBirth~dateOfBirth (exact)');
    expect(of('1')[0].explanation).toMatch(/^score 0\.971 \(match at threshold 0\.800, algorithm Fuzzy\) \| .*date of birth agrees/);
    expect(of('1')[0].explanation).not.toContain('\n');
    expect(of('2')).toEqual([]);
    // Name, date of birth and NPI agree: the identifier lifts the score to 1.
    expect(of('3')[0]).toMatchObject({ source: 'leie', score: '1.000', NPI: '1000000012' });
    expect(of('3')[0].matched_fields).toContain('npi~npi (exact)');
    // A business row is a business query.
    expect(of('4')[0]).toMatchObject({ source: 'leie', matched_name: 'SUNRISE DME SUPPLY INC', Company: 'Sunrise DME Supply, Inc.' });
    // An NPI alone is an NPI query: Okafor's NPI is on the LEIE and SAM.
    expect(of('5').map((r) => r.source).sort()).toEqual(['leie', 'sam']);
    expect(of('5').every((r) => Number(r.score) >= 0.99)).toBe(true);
    // A bad NPI is reported with its message; the name is still screened.
    expect(of('6')[0]).toMatchObject({ source: 'leie', matched_name: 'LUZ RAMIREZ' });
    expect(of('6')[0].issues).toMatch(/^npi: NPI check digit is not valid/);
    // A row with nothing to screen is kept, with the reason.
    expect(of('7')).toEqual([expect.objectContaining({ score: '', source: '', issues: 'row: Row has none of the mapped values to screen.' })]);
    // A formula-like value is neutralised in the output.
    expect(of('8')[0]['First Name']).toBe("'@Daniel");
    expect(of('8')[0].source).toBe('leie');
  });

  it('reads customer files as the web upload does: semicolons, UTF-16, short rows give the same results (issue 18 item 7)', async () => {
    const map = ['--map', 'First Name=first,Last Name=last,Birth Date=dob,NPI=npi,Company=company'];
    const plain = await run([input, ...map]);
    // The same roster as a European Excel would write it: semicolons, empty trailing cells left out, UTF-16 LE with its BOM.
    const lines = Papa.parse<string[]>(INPUT).data.map((cells) => {
      let kept = cells;
      while (kept.length > 1 && kept[kept.length - 1] === '') kept = kept.slice(0, -1);
      return Papa.unparse([kept], { delimiter: ';' });
    });
    const messy = path.join(tmp, 'staff-semicolon.csv');
    writeFileSync(messy, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${lines.join('\r\n')}\r\n;;;\r\n`, 'utf16le')]));
    const other = await run([messy, ...map]);
    expect(other.code).toBe(0);
    expect(other.stdout).toBe(plain.stdout);
    expect(other.stderr).toContain('read as semicolon-separated text, UTF-16 LE');
    expect(plain.stderr).toContain('read as comma-separated text, UTF-8 with BOM');
  });

  it('writes to stdout without --out, honours --threshold and --algorithm Exact', async () => {
    const { code, stdout } = await run([input, '--map', 'First Name=first,Last Name=last', '--algorithm', 'Exact', '--threshold', '0.85']);
    expect(code).toBe(0);
    const rows = parse(stdout);
    expect(rows.find((r) => r.row === '1')?.source).toBe('leie');
    expect(rows.every((r) => r.score === '' || Number(r.score) >= 0.85)).toBe(true);
    expect(rows.some((r) => r.explanation.includes('algorithm Exact'))).toBe(true);
  });

  it('refuses a bad map with a clear message', async () => {
    const missing = await run([input, '--map', 'First=first,Last Name=last']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('column "First" is not in the header of staff.csv (its columns: "Employee ID", "First Name"');
    const target = await run([input, '--map', 'First Name=frist']);
    expect(target.code).toBe(2);
    expect(target.stderr).toContain('unknown target "frist" for column "First Name"; targets are first, middle, last, business, dob, npi');
    const shape = await run([input, '--map', 'First Name']);
    expect(shape.stderr).toContain('--map entry "First Name" must be "Column=target"');
    const twice = await run([input, '--map', 'First Name=first,Last Name=first']);
    expect(twice.stderr).toContain('target "first" is mapped twice');
    const none = await run([input]);
    expect(none.stderr).toContain('--map is required');
    expect((await run([path.join(tmp, 'nope.csv'), '--map', 'a=first'])).stderr).toContain('file not found');
    expect((await run([input, '--map', 'First Name=first', '--threshold', '2'])).stderr).toContain('--threshold must be a number between 0 and 1');
  });
});

describe('mapping rows to queries', () => {
  it('chooses the query type from what the row holds', () => {
    expect(rowQuery({ first: 'Ann', last: 'Lee', business: 'Acme' })?.type).toBe('individual');
    expect(rowQuery({ business: 'Acme', npi: '1000000012' })).toMatchObject({ type: 'business', name: 'Acme', npi: '1000000012' });
    expect(rowQuery({ npi: '1000000012' })).toEqual({ type: 'npi', npi: '1000000012' });
    expect(rowQuery({ ssn: '123-45-6789', state: 'TX' })).toEqual({ type: 'ssn', ssn: '123-45-6789' });
    expect(rowQuery({ npi: ' ', last: '' })).toBeNull();
  });

  it('matches header names ignoring case, and knows the aliases', () => {
    expect(parseColumnMap('zip code=zip, company=company', ['Zip Code', 'Company'])).toEqual([
      { column: 'zip code', target: 'postal', index: 0 },
      { column: 'company', target: 'business', index: 1 },
    ]);
  });

  it('neutralises spreadsheet formulas and quotes CSV cells', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
  });

  it('shows its progress on a terminal, and only there', async () => {
    const map = ['--map', 'First Name=first,Last Name=last'];
    const onTerminal = await run([input, ...map], true);
    expect(onTerminal.code).toBe(0);
    expect(onTerminal.stderr).toMatch(/^\rScreened 8 rows: \d+ with hits\x1b\[K\r\x1b\[K/);
    const piped = await run([input, ...map]);
    expect(piped.stderr).not.toContain('\r');
    expect(onTerminal.stdout).toBe(piped.stdout);
  });
});
