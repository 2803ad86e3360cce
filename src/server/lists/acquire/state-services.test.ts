import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPublisherStandIn, type PublisherStandIn } from '#test/publishers/stand-in';
import { ME_FOLDERS, TN_ROWS, TX_EVENTVALIDATION, TX_VIEWSTATE, WV_FOLDER } from '#test/publishers/state-pages';
import { openXlsx } from '#lists/core/xlsx';
import { findListSource } from '#lists/sources';
import type { ServiceRecipe } from './resolve';
import { hiddenFields, newestSharepointFolder, tableJsonToCsv, telerikGridDocuments } from './state-services';
import { STATE_RECIPES, STATE_SERVICES, TX_DOW_PAGE, TX_EVENT_TARGET, WV_PAGE } from './states';
import { createWeb } from './web';

let standIn: PublisherStandIn;
beforeAll(async () => {
  standIn = await startPublisherStandIn();
});
afterAll(() => standIn.close());

const recipe = (source: string) => STATE_RECIPES.find((r) => r.source === source) as ServiceRecipe;
const context = () => ({ web: createWeb({ publishersUrl: standIn.url, delay: async () => {} }), now: new Date('2026-11-16T00:00:00Z'), active: null, scratch: mkdtempSync(path.join(tmpdir(), 'state-services-')) });

describe("Tennessee's table JSON", () => {
  it('writes the rows as CSV with the column titles as its header, quotes doubled', () => {
    const csv = tableJsonToCsv({ data: [{ 'Last Name': 'O"NEIL', 'First Name': 'ANN', NPI: '1234567893' }, { 'Last Name': 'Acme, Inc', 'First Name': '', NPI: '' }] });
    expect(csv).toBe('"Last Name","First Name","NPI"\r\n"O""NEIL","ANN","1234567893"\r\n"Acme, Inc","",""\r\n');
    expect(tableJsonToCsv({ data: [] })).toBeNull();
    expect(tableJsonToCsv({ rows: [] })).toBeNull();
  });

  it('fetches the JSON into a CSV file the TN parser reads', async () => {
    const [written] = await STATE_SERVICES['json-table'](recipe('state-tn'), context());
    expect(written).toMatchObject({ kind: 'file', fileName: 'tn-terminated-providers.csv' });
    const file = (written as { path: string }).path;
    expect(readFileSync(file, 'utf8').split('\r\n')[0]).toBe('"Last Name","First Name","NPI","Begin Date","Reason","End Date"');
    const run = findListSource('state-tn')!.parse([file]);
    const names: string[] = [];
    for await (const record of run) names.push(record.lastName ?? record.businessName ?? '');
    expect(names).toEqual(TN_ROWS.map((r) => r['Last Name']));
  });
});

describe("Maine's SharePoint library", () => {
  it('takes the folder of the highest ID, whatever the order of the rows', () => {
    const rows = [{ ID: '7', FileLeafRef: '2026-07' }, { ID: '12', FileLeafRef: '2026-12' }, { ID: '9', FileLeafRef: '2026-09' }];
    expect(newestSharepointFolder(`<script>var WPQ2ListData = ${JSON.stringify({ Row: rows })};\nvar WPQ2SchemaData = {};</script>`)).toBe('2026-12');
    expect(newestSharepointFolder('<html>no listing</html>')).toBeNull();
    expect(newestSharepointFolder('var WPQ2ListData = {broken;\nvar WPQ2SchemaData = {}')).toBeNull();
  });

  it('answers the fixed file name in the newest folder of the stand-in', async () => {
    const [found] = await STATE_SERVICES['sharepoint-library'](recipe('state-me'), context());
    expect(found).toEqual({ kind: 'url', url: `https://mainecare.maine.gov/PrvExclRpt/${ME_FOLDERS[0].FileLeafRef}/PI0008-PM%20Monthly%20Exclusion%20Report.xlsx`, fileName: 'PI0008-PM Monthly Exclusion Report.xlsx' });
  });
});

describe("West Virginia's Telerik grid", () => {
  it('reads each data row: the __doPostBack link text and the hidden folder cell', () => {
    const html = `<table><tr class="rgHeader"><th>Document</th></tr>
      <tr class="rgRow"><td><a href="/other">Help</a><a href="javascript:__doPostBack('x','')">May 2026 Exclusions.pdf</a></td><td style="display: none">Sanctions 2026</td></tr>
      <tr class="rgAltRow"><td><a href="javascript:__doPostBack('y','')">Terminations.pdf</a></td><td style="DISPLAY:NONE;">Sanctions 2026</td></tr>
      <tr class="rgRow"><td>no link</td></tr></table>`;
    expect(telerikGridDocuments(html)).toEqual([
      { name: 'May 2026 Exclusions.pdf', folder: 'Sanctions 2026' },
      { name: 'Terminations.pdf', folder: 'Sanctions 2026' },
    ]);
  });

  it('builds the SharepointDownload URLs with the landing page as Referer', async () => {
    const found = await STATE_SERVICES['telerik-grid'](recipe('state-wv'), context());
    expect(found[0]).toEqual({ kind: 'url', url: `https://www.wvmmis.com/SharepointDownload?parent=${encodeURIComponent(WV_FOLDER)}&docname=wv-medicaid-exclusions.pdf`, fileName: 'wv-medicaid-exclusions.pdf', referer: WV_PAGE });
    expect(found).toHaveLength(2);
  });
});

describe("Texas's ASP.NET postback", () => {
  it('reads the hidden fields of the form', () => {
    expect(hiddenFields('<input type="hidden" name="__VIEWSTATE" value="a&amp;b"><input type="text" name="q" value="x"><input type=HIDDEN name=__EVENTVALIDATION value=ev>')).toEqual({ __VIEWSTATE: 'a&b', __EVENTVALIDATION: 'ev' });
  });

  it('posts the page back with its view state, the link button and the session cookie', async () => {
    const ctx = context();
    const [found] = await STATE_SERVICES['aspnet-postback'](recipe('state-tx'), ctx);
    expect(found).toMatchObject({ kind: 'url', url: TX_DOW_PAGE, fileName: 'TX-exclusions.xls', request: { method: 'POST' } });
    const request = (found as { request: { body: string; headers: Record<string, string> } }).request;
    const body = new URLSearchParams(request.body);
    expect([body.get('__VIEWSTATE'), body.get('__EVENTVALIDATION'), body.get('__EVENTTARGET'), body.get('__VIEWSTATEGENERATOR')]).toEqual([TX_VIEWSTATE, TX_EVENTVALIDATION, TX_EVENT_TARGET, 'CA0B0334']);
    const answer = await ctx.web.fetch(TX_DOW_PAGE, { method: 'POST', headers: request.headers, body: request.body });
    expect(answer.headers.get('content-type')).toBe('application/vnd.ms-excel');
    expect(Buffer.from(await answer.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]));
  });

  it('is refused by the stand-in without the view state, or without the session cookie', async () => {
    const url = `${standIn.url}/oig.hhsc.state.tx.us/oigportal2/Exclusions/ctl/DOW/mid/384`;
    const form = (fields: Record<string, string>) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
    const refused = await fetch(url, form({ __EVENTTARGET: TX_EVENT_TARGET }));
    expect(refused.status).toBe(500);
    expect(await refused.text()).toContain('Invalid postback');
    const noCookie = await fetch(url, form({ __EVENTTARGET: TX_EVENT_TARGET, __VIEWSTATE: TX_VIEWSTATE, __EVENTVALIDATION: TX_EVENTVALIDATION }));
    expect(noCookie.headers.get('content-type')).toContain('text/html');
  });

  it('says so when the page it posts back has no form (the landing page here)', async () => {
    const service = STATE_SERVICES['aspnet-postback'];
    await expect(service({ ...recipe('state-tx'), options: { url: 'https://oig.hhsc.state.tx.us/oigportal2/Exclusions/ctl/ABO/mid/384' } } as ServiceRecipe, context())).rejects.toThrow(/without its ASP.NET form/);
  });
});

describe('the New Jersey Comptroller stand-in', () => {
  it('answers 403 unless the User-Agent is a browser', async () => {
    const url = `${standIn.url}/www.nj.gov/comptroller/doc/nj_debarment_list.pdf`;
    expect((await fetch(url, { headers: { 'user-agent': 'node' } })).status).toBe(403);
    expect((await createWeb({ publishersUrl: standIn.url }).fetch('https://www.nj.gov/comptroller/doc/nj_debarment_list.pdf')).status).toBe(200);
  });
});

const REAL_TN = '/work/shared/data/real/states/TN/Tennessee.xlsx';

describe("Tennessee's table JSON, with the real table's columns", () => {
  // An Excel export of the 2026 web table (data/real/states/README.md): its header is the JSON's keys.
  it.skipIf(!existsSync(REAL_TN))('reads every row of the real table written the way the service writes it (skipped: /work/shared/data/real absent)', async () => {
    const book = await openXlsx(REAL_TN, 'Tennessee.xlsx');
    const rows: string[][] = [];
    try {
      for await (const batch of book.rowBatches(book.sheetNames[0])) for (const row of batch) rows.push(row.cells);
    } finally {
      await book.close();
    }
    const at = rows.findIndex((r) => r.includes('Last Name'));
    const header = rows[at];
    const data = rows.slice(at + 1).map((r) => Object.fromEntries(header.map((title, i) => [title, r[i] ?? ''])));
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'tn-real-')), 'tn-terminated-providers.csv');
    writeFileSync(file, tableJsonToCsv({ data })!);
    let records = 0;
    for await (const record of findListSource('state-tn')!.parse([file])) if (record.lastName || record.businessName) records += 1;
    expect(records).toBe(data.length);
    expect(records).toBe(21);
  });
});
