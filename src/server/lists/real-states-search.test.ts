/**
 * The real state files, imported as a user would (`lists import`), then searched: a person and
 * a business of each file are found by the interactive name search and by a batch, with the
 * state's list named as the source.
 */
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NameSearchResultSchema } from '#shared/interactive-search';
import { batchResults } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { signedIn, startQueue, submitBatch } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { findListSource } from '#lists/sources';
import { hasRealData, real, SKIP_REAL } from '#lists/test-helpers';
import { createIndexStore } from '../screening/index-store';
import { nameUrl } from '#test/search-app';
import { importList } from './import';

interface Pick {
  source: string;
  file: string;
  person: [first: string, last: string];
  business: string;
}

const PICKS: Pick[] = [
  { source: 'state-ak', file: 'AK/Alaska.csv', person: ['Doris', 'Lau'], business: 'A Hand Up Behavior Service LLC' },
  { source: 'state-al', file: 'AL/Alabama.xlsx', person: ['John', 'Abell'], business: 'G & A Transportation Services' },
  { source: 'state-ar', file: 'AR/Arkansas.csv', person: ['Mahmood', 'Ahmad'], business: 'ABC Learning Center' },
  { source: 'state-az', file: 'AZ/az1-0.html', person: ['Gerald', 'Asin'], business: 'AAA Medical Equipment' },
  { source: 'state-co', file: 'CO/Colorado.xlsx', person: ['David', 'Collins'], business: 'Innovative Seating LLC' },
  { source: 'state-ct', file: 'CT/Connecticut.xlsx', person: ['Shabir', 'Ahmed'], business: "Children's Behavioral Therapy" },
  { source: 'state-de', file: 'DE/Delaware.csv', person: ['Erik', 'Stancofski'], business: 'Atlantic Health Care Inc' },
  { source: 'state-ga', file: 'GA/Georgia List.xlsx', person: ['Arthur', 'Diamond'], business: 'Marietta Psychiatry Assoc' },
  { source: 'state-il', file: 'IL/Illinois list.xlsx', person: ['Sudhir', 'Bhatia'], business: '7 Hills Healthcare Center' },
  { source: 'state-in', file: 'IN/Indiana list.xlsx', person: ['Joshua', 'Pattengale'], business: 'Valco Health Care' },
  { source: 'state-ia', file: 'IA/Iowa list.xlsx', person: ['Vickie', 'Abston'], business: '1st Steps to Success, LLC' },
  { source: 'state-ks', file: 'KS/Kansas list.xlsx', person: ['Mary', 'Holloway'], business: 'Center for Independent Living SWK' },
  { source: 'state-ky', file: 'KY/Kentucky list.xlsx', person: ['Christopher', 'Adams'], business: 'Active Life ADHC LLC' },
  { source: 'state-la', file: 'LA/Louisiana list.csv', person: ['Floyd', 'Holmes'], business: 'Reliable HHCare, Inc' },
  { source: 'state-ma', file: 'MA/Massachusetts.xlsx', person: ['David', 'Fredenburg'], business: 'Health and Sports Rehab, Inc' },
  { source: 'state-md', file: 'MD/Maryland.xlsx', person: ['Shastine', 'Abate'], business: 'A & A Medical Supply Company' },
  { source: 'state-mi', file: 'MI/Michigan.xlsx', person: ['Carley', 'Zimmerman'], business: '1st Priority Physical Therapy LLC' },
  { source: 'state-nc', file: 'NC/NC_Excluded_Providers.xlsx', person: ['Diana', 'Gliga'], business: 'A United Community LLC' },
  { source: 'state-nd', file: 'ND/ND_Provider_Exclusions.xlsx', person: ['George', 'Abdilnour'], business: 'Caring Hearts Home Care Agency' },
  { source: 'state-nj', file: 'NJ/njmfdper-0.first12pages.pdf', person: ['Muhammad', 'Abdul'], business: 'AC Home Nursing Services' },
  { source: 'state-hi', file: 'HI/Hawaii list.pdf', person: ['Maria', 'Achaval'], business: 'Aloha Osteopathic Professional' },
  { source: 'state-id', file: 'ID/Idaho list.pdf', person: ['Kermit', 'Adamson'], business: 'Alta Counseling Associates' },
  { source: 'state-me', file: 'ME/Maine list.pdf', person: ['Anthony', 'Altieri'], business: 'Aroostook ENT Clinic' },
  { source: 'state-tn', file: 'TN/tn1-0.pdf', person: ['Brad', 'Blankenship'], business: 'Cumberland Neurology, LLC' },
  { source: 'state-wv', file: 'WV/wv2-2.pdf', person: ['Seth', 'Stinehour'], business: 'Alpha Beta Home Health' },
  { source: 'state-nj-debarment', file: 'NJ/njcdr-0.txt', person: ['Cheryl', 'Abarca'], business: 'Belmar Hometown Pharmacy' },
  { source: 'state-pa', file: 'PA/Pennsylvania_exclusion_list.csv', person: ['John', 'Gallagher'], business: 'Alpha Beta Medical Supply' },
  { source: 'state-ms', file: 'MS/Mississippi.xlsx', person: ['Rebecca', 'Adams'], business: 'A& B Medical Supplies' },
  { source: 'state-mt', file: 'MT/Montana.xlsx', person: ['Timothy', 'Adams'], business: 'Global Medical Direct' },
  { source: 'state-ne', file: 'NE/Nebraska.pdf', person: ['Aaron', 'Mayer'], business: 'Meric Lab Services' },
  { source: 'state-sc', file: 'SC/South Carolina.xlsx', person: ['Jessica', 'Absher'], business: 'A Better Choice LLC' },
  { source: 'state-vt', file: 'VT/Vermont.xlsx', person: ['William', 'McDonald'], business: 'Claro Scientific Laboratories' },
  { source: 'state-wa', file: 'WA/Washinton.xlsx', person: ['Brandon', 'Adams'], business: 'Accurate Dentures NW' },
  { source: 'state-wy', file: 'WY/2021_07_07_Wyoming-Medicaid-Exclusion-List-PDF_AP.pdf', person: ['Larry', 'Asmus'], business: "Kare's Home Health" },
  { source: 'state-az-exclusions', file: 'AZ/Arizona.xlsx', person: ['Julie', 'Pham'], business: 'Good Samaritan Homes' },
];

const now = new Date('2026-07-01T09:00:00Z');
let t: TestApp;
let queue: JobQueue;
let user: Awaited<ReturnType<typeof createUser>>;

describe.skipIf(!hasRealData)(`the real state files, imported and searched (${SKIP_REAL})`, () => {
  beforeAll(async () => {
    t = await createTestApp({ anonymousSearchesPerDay: 1000, batchScreenWorkers: 0 });
    t.setNow(now);
    for (const pick of PICKS) {
      const summary = await importList(t.ctx.db, { source: pick.source, files: [real(path.join('states', pick.file))], origin: 'import', now });
      expect(summary.records).toBeGreaterThan(10); // Tennessee's 2016 list has 11 rows
    }
    t.ctx.screening = await createIndexStore(t.ctx.db, { shared: false });
    queue = await startQueue(t);
    const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI'] });
    user = await createUser(t.ctx.db, { clientId: client.id });
  }, 240_000);
  afterAll(async () => {
    await queue?.stop();
    await t?.close();
  });

  const search = async (params: Record<string, string>) => {
    const res = await new Agent(t.app, '203.0.113.60').get(nameUrl(params));
    expect(res.statusCode, res.body).toBe(200);
    return NameSearchResultSchema.parse(res.json());
  };

  it.each(PICKS)('$source: the interactive search finds a person and a business of the file, naming the list', async ({ source, person, business }) => {
    const title = findListSource(source)!.title;
    const people = await search({ firstName: person[0], lastName: person[1] });
    expect(people.lists.find((l) => l.source === source)?.records).toBeGreaterThan(10);
    expect(people.hits.find((h) => h.source === source && h.name.toUpperCase().includes(person[1].toUpperCase()))).toMatchObject({ sourceTitle: title });
    const firms = await search({ companyName: business });
    expect(firms.hits.find((h) => h.source === source && h.name.toUpperCase() === business.toUpperCase())).toMatchObject({ sourceTitle: title });
  });

  it('answers with each list as of the date its file states: Louisiana\'s "Document created on", not its 12/31/9999 (issue 51)', async () => {
    const { lists, hits } = await search({ firstName: 'John', lastName: 'Gallagher' });
    expect(lists.find((l) => l.source === 'state-la')?.asOf).toBe('2026-06-14');
    expect(lists.find((l) => l.source === 'state-ky')?.asOf).toBe('2026-05-28');
    expect(hits.filter((h) => h.source === 'state-pa').map((h) => h.name)).toContain('John J. Gallagher');
  });

  it('a batch of those people and one of those businesses find each on its state list', async () => {
    const agent = await signedIn(t, user);
    const people = await submitBatch(agent, `First Name,Last Name\n${PICKS.map((p) => p.person.join(',')).join('\n')}\n`);
    const firms = await submitBatch(agent, `Company\n${PICKS.map((p) => `"${p.business}"`).join('\n')}\n`, { columnMappings: { Company: 'Company Name' }, searchTypes: ['Exclusion Search by Business Name'] });
    await queue.drain();
    for (const [batchId, label] of [[people, 'person'], [firms, 'business']] as const) {
      const results = await t.ctx.db.select().from(batchResults).where(and(eq(batchResults.batchId, batchId), eq(batchResults.resultType, 'exclusions')));
      const found = PICKS.map((pick, row) => results.some((r) => r.rowIndex === row && r.source === pick.source));
      expect({ label, missing: PICKS.filter((_, i) => !found[i]).map((p) => p.source) }).toEqual({ label, missing: [] });
    }
  });
});
