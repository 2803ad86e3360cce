/**
 * Batch results: a screened batch is reviewed — filter, open the drawer, change a status with
 * a note, bulk-change a group, see the history — and the audit report proves it.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { logIn } from './helpers';

// Carol Moore and Christopher Davis are on the shipped LEIE and SAM samples; Zelda Quixotic is on none.
const CSV = Buffer.from('First Name,Last Name,Employee Id,Department\r\nCarol,Moore,E1,Nursing\r\nChristopher,Davis,E2,Pharmacy\r\nZelda,Quixotic,E3,Billing\r\n', 'utf8');

/** Uploads and submits a batch through the API with the page's session, and waits until it is Completed. */
const NAME_MAPPING = { columnMappings: { 'First Name': 'First Name', 'Last Name': 'Last Name' }, searchTypes: ['Exclusion Search by Individual Name'], correlatedColumnIndexes: [3], uniqueIdIndex: 2 };

async function screenBatch(page: Page, fileName: string, csv = CSV, mapping: object = NAME_MAPPING): Promise<number> {
  const csrf = async () => (await page.context().cookies()).find((c) => c.name === 'csrf')?.value ?? '';
  const upload = await page.request.post('/services/fileupload', {
    headers: { 'X-CSRF-Token': await csrf() },
    multipart: { typeName: 'Flex', file: { name: fileName, mimeType: 'text/csv', buffer: csv } },
  });
  expect(upload.status()).toBe(200);
  const { batchId } = (await upload.json()) as { batchId: number };
  const mapped = await page.request.post(`/services/flexsearchs/${batchId}/columnmappings`, { headers: { 'X-CSRF-Token': await csrf() }, data: mapping });
  expect(mapped.status()).toBe(200);
  await expect
    .poll(async () => {
      const list = await page.request.get(`/services/flexsearchs?fileNameFilter=${encodeURIComponent(fileName)}`);
      const items = ((await list.json()) as { items: { batchId: number; status: string }[] }).items;
      return items.find((b) => b.batchId === batchId)?.status;
    }, { timeout: 45_000 })
    .toBe('Completed');
  return batchId;
}

test('a reviewer filters, decides in the drawer and in bulk, sees the history, and downloads the audit report', async ({ page }) => {
  const fileName = `review-${Date.now()}.csv`;
  await logIn(page, 'owner');
  await screenBatch(page, fileName);

  await page.goto('/flex-search');
  await page.getByRole('textbox', { name: 'Search' }).fill(fileName);
  const row = page.getByRole('row').filter({ hasText: fileName });
  await row.getByRole('link', { name: 'Results to Review' }).click();
  await expect(page.getByRole('heading', { level: 1, name: fileName })).toBeVisible();
  await expect(page.getByText('Batch Search Results', { exact: true })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Exclusions']);

  // One table; each search criteria's records are a row group under the one header.
  const carol = page.getByRole('rowgroup', { name: 'Search criteria E1: Carol Moore' });
  const chris = page.getByRole('rowgroup', { name: 'Search criteria E2: Christopher Davis' });
  await expect(carol).toBeVisible();
  await expect(chris).toBeVisible();
  await expect(carol.getByText('Unique ID: E1')).toBeVisible();

  // Filter by search criteria: only Christopher's group stays.
  await page.getByRole('textbox', { name: 'Search criteria' }).fill('Davis');
  await expect(carol).toHaveCount(0);
  await expect(chris).toBeVisible();

  // Open the first record in the drawer and mark it Under Review with a note.
  await chris.getByRole('button', { name: /^Open details of / }).first().click();
  const drawer = page.getByRole('dialog', { name: 'Record details' });
  await expect(drawer.getByRole('region', { name: 'Why it matched' })).toContainText('Score');
  await expect(drawer.getByText(/list version \d+/)).toBeVisible();
  await expect(drawer.getByRole('region', { name: 'Additional Data' })).toContainText('Pharmacy');
  await drawer.getByRole('button', { name: 'Status of this record: Needs Review' }).click();
  await page.getByRole('menuitem', { name: 'Under Review' }).click();
  const confirm = page.getByRole('dialog', { name: 'Change review status' });
  await confirm.getByRole('textbox', { name: /Note/ }).fill('Checking the date of birth with HR');
  await confirm.getByRole('button', { name: 'Save' }).click();
  await expect(confirm).toHaveCount(0);
  const history = drawer.getByRole('region', { name: 'Change history' });
  await expect(history).toContainText('Checking the date of birth with HR');
  await expect(history).toContainText('Olivia Owens');
  await expect(drawer.getByRole('button', { name: 'Status of this record: Under Review' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toHaveCount(0);
  await expect(chris.getByRole('button', { name: /: Under Review$/ })).toHaveCount(1);
  await expect(chris.getByText('Checking the date of birth with HR')).toBeVisible();

  // Reset the filters and clear Carol's whole group in bulk.
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(carol).toBeVisible();
  await carol.getByRole('checkbox', { name: 'Select every record of E1: Carol Moore' }).check();
  await page.getByRole('button', { name: 'Change status' }).click();
  await page.getByRole('menuitem', { name: 'Reviewed: Clear' }).click();
  await confirm.getByRole('textbox', { name: /Note/ }).fill('Different person: date of birth differs');
  await confirm.getByRole('button', { name: 'Save' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(carol.getByText('All records cleared')).toBeVisible();
  await expect(carol.getByRole('button', { name: /: Needs Review$/ })).toHaveCount(0);

  // The history of a cleared record names the decision.
  await carol.getByRole('button', { name: /^Open details of / }).first().click();
  await expect(history).toContainText('Reviewed: Clear');
  await expect(history).toContainText('Different person: date of birth differs');
  await drawer.getByRole('button', { name: 'Close' }).click();

  // The audit report (CSV) holds the batch, the decisions, who made them and the notes.
  await page.getByRole('button', { name: 'Reports' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Audit Report (CSV)' }).click()]);
  const report = await readFile((await download.path())!, 'utf8');
  // One row per result, with the columns of the PDF's table.
  expect(report.replace(/^\ufeff/, '')).toMatch(/^Row,Unique ID,Searched,Check,Outcome,List And Record,Score,Status,Decided,Notes,Matching Rules\r\n/);
  // Every searched row and its outcome; every match with its final status, who decided, when and the note.
  const lines = report.split(/\r?\n/);
  const carolLines = lines.filter((l) => l.startsWith('1,E1,'));
  expect(carolLines.length).toBeGreaterThan(0);
  for (const line of carolLines) expect(line).toMatch(/,Reviewed: Clear,"Olivia Owens, \d{4}-\d\d-\d\d \d\d:\d\d:\d\d [^"]+",Different person: date of birth differs,/);
  expect(lines.filter((l) => l.startsWith('2,E2,') && l.includes(',Under Review,"Olivia Owens, ') && l.includes('Checking the date of birth with HR'))).toHaveLength(1);
  // A row without any result has one "No match" line.
  expect(lines).toContain('3,E3,First Name: Zelda; Last Name: Quixotic,,No match,,,,,,');
});

test("the demo roster's rows carrying someone else's NPI are findings: reviewable, with both names side by side in the drawer", async ({ page }) => {
  await logIn(page, 'owner');
  await page.goto('/flex-search');
  await page.getByRole('textbox', { name: 'Search' }).fill('acme-staff-roster.csv');
  await page.getByRole('row').filter({ hasText: 'acme-staff-roster.csv' }).getByRole('link', { name: 'Results to Review' }).click();
  await page.getByRole('tab', { name: 'NPI Results' }).click();
  const table = page.getByRole('table', { name: 'NPI results' });
  const borrowed = table.getByRole('row').filter({ hasText: 'Name differs from NPPES' }).first();
  await expect(borrowed).toBeVisible();
  await expect(borrowed.getByRole('checkbox')).toBeVisible();
  await expect(borrowed.getByRole('button', { name: /^Status of .*: Needs Review$/ })).toBeVisible();
  await expect(borrowed).toContainText('The same NPI is also used by row');

  await borrowed.getByRole('button', { name: /^Open details of / }).click();
  const drawer = page.getByRole('dialog', { name: 'Record details' });
  const agreement = drawer.getByRole('region', { name: 'Name Agreement' });
  await expect(agreement.getByText('Name On Your List', { exact: true })).toBeVisible();
  await expect(agreement.getByText('Name In NPPES', { exact: true })).toBeVisible();
  await expect(agreement).toContainText('The NPI may belong to someone else.');
  await expect(agreement).toContainText('Last name: different (');
  await expect(drawer.getByRole('button', { name: 'Status of this record: Needs Review' })).toBeVisible();
});

// James Wang's SSN is on the shipped DMF sample; the other two are not.
const SSN_CSV = Buffer.from('First Name,Last Name,SSN,Employee Id\r\nJames,Wang,445-34-1000,S1\r\nZelda,Quixotic,123-45-6789,S2\r\nOtto,Nobody,987-65-4320,S3\r\n', 'utf8');

test('the SSDMF tab shows an SSN found in the DMF to review, and SSNs not in it as clear, each naming the DMF version checked', async ({ page }) => {
  const fileName = `ssns-${Date.now()}.csv`;
  await logIn(page, 'owner');
  const batchId = await screenBatch(page, fileName, SSN_CSV, {
    columnMappings: { 'First Name': 'First Name', 'Last Name': 'Last Name', SSN: 'SSN' },
    searchTypes: ['Exclusion Search by Individual Name', 'SSDMF'],
    correlatedColumnIndexes: [],
    uniqueIdIndex: 3,
  });
  await page.goto(`/flex-search/${batchId}/details`);
  await page.getByRole('tab', { name: /SSDMF/ }).click();
  const table = page.getByRole('table', { name: 'SSDMF results' });
  await expect(table.getByRole('row')).toHaveCount(4);
  const found = table.getByRole('row').filter({ hasText: '***-**-1000' });
  await expect(found).toContainText('Found on SSDMF');
  await expect(found.getByRole('checkbox')).toBeVisible();
  const notFound = table.getByRole('row').filter({ hasText: '***-**-6789' });
  await expect(notFound).toContainText('Not Found on SSDMF');
  await expect(notFound.getByRole('checkbox')).toHaveCount(0);

  // Filtered to the SSNs not found: both, and only they.
  await page.getByRole('combobox', { name: 'SSDMF Status' }).click();
  await page.getByRole('option', { name: 'Not Found on SSDMF' }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).not.toContainText('***-**-1000');

  // The drawer of an SSN not found: clear, no status to choose, the DMF version it was checked against.
  await notFound.getByRole('button', { name: /^Open details of / }).click();
  const drawer = page.getByRole('dialog', { name: 'Record details' });
  await expect(drawer.getByLabel('List version')).toContainText(/^Checked against .+, list version \d+/);
  await expect(drawer.getByRole('button', { name: /^Status of this record/ })).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Close' }).click();

  // The audit report has a line for each SSN checked, the ones not found with the DMF version.
  await page.getByRole('button', { name: 'Reports' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Audit Report (CSV)' }).click()]);
  const lines = (await readFile((await download.path())!, 'utf8')).split(/\r?\n/);
  expect(lines.filter((l) => l.includes(',SSDMF,'))).toHaveLength(3);
  expect(lines.filter((l) => /,SSDMF,Not Found on SSDMF,"SSA DMF, version \d+",/.test(l))).toHaveLength(2);
});

// Fourteen people on the shipped LEIE sample: more search criteria groups than one page of ten.
const PEOPLE = ['Christopher Davis', 'Carol Moore', 'Lisa Hernandez', 'Matthew Robinson', 'James Robinson', 'George Morales', 'Nancy Hernandez', 'Daniel Jones', 'Michelle Sanchez', 'Melissa Smith', 'Donald Bailey', 'William Robinson', 'Richard Jones', 'Patricia Perez'];
const TRIAGE_CSV = Buffer.from(`First Name,Last Name,Employee Id,Department\r\n${PEOPLE.map((p, i) => `${p.replace(' ', ',')},T${i + 1},Nursing`).join('\r\n')}\r\n`, 'utf8');

test('a reviewer triages a batch: summary, page size remembered, sort by score, and every record matching the filter changed at once', async ({ page }) => {
  const fileName = `triage-${Date.now()}.csv`;
  await logIn(page, 'owner');
  const batchId = await screenBatch(page, fileName, TRIAGE_CSV);
  await page.goto(`/flex-search/${batchId}/details`);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText('Rows screened14', { timeout: 20_000 });
  await expect(summary).toContainText('Review threshold0.80');
  const table = page.getByRole('table', { name: 'Exclusion records' });
  await expect(table.getByRole('rowgroup', { name: /^Search criteria / })).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Page 2' })).toBeVisible();

  // Sort by score: each group ranks by its best record, strongest first.
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Score' }).click();
  await expect(page.getByRole('radio', { name: 'Highest first' })).toBeChecked();
  await expect
    .poll(async () => {
      const heads = await table.getByRole('rowgroup', { name: /^Search criteria / }).evaluateAll((groups) => groups.map((g) => Number(g.querySelectorAll('tr')[1]?.querySelectorAll('td')[2]?.textContent)));
      return heads.length === 10 && heads.every((score, i) => i === 0 || score <= heads[i - 1]);
    })
    .toBe(true);

  // Select the page, then every record the filter matches (Needs Review), and set them Under Review with one note.
  await page.getByRole('combobox', { name: 'Record status' }).click();
  await page.getByRole('option', { name: 'Needs Review' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Page 2' })).toBeVisible();
  await table.getByRole('checkbox', { name: 'Select every record on this page' }).check();
  await expect(page.getByText(/^All \d+ records on this page are selected\.$/)).toBeVisible();
  await page.getByRole('button', { name: 'Select all records that match the filter' }).click();
  const everyMatch = page.getByText(/^All \d+ records that match the filter are selected\./);
  await expect(everyMatch).toBeVisible();
  const matching = Number((await everyMatch.textContent())!.match(/\d+/)![0]);
  expect(matching).toBeGreaterThan(10);
  await page.getByRole('button', { name: 'Change status' }).click();
  await page.getByRole('menuitem', { name: 'Under Review' }).click();
  const confirm = page.getByRole('dialog', { name: 'Change review status' });
  await expect(confirm).toContainText(`Set all ${matching} records that match the filter to Under Review?`);
  await confirm.getByRole('textbox', { name: /Note/ }).fill('Triage: all potential matches to HR');
  await confirm.getByRole('button', { name: 'Save' }).click();
  await expect(confirm).toHaveCount(0);
  // Nothing is left as Needs Review; the summary bar moved with the change.
  await expect(page.getByText('No exclusion record matches these filters.')).toBeVisible();
  await expect(summary).toContainText('Needs Review: 0');
  await expect(summary).toContainText(`Under Review: ${matching}`);

  // 25 groups per page, remembered after a reload.
  await page.getByRole('button', { name: 'Reset' }).click();
  await page.getByRole('combobox', { name: 'Groups per page' }).click();
  await page.getByRole('option', { name: '25' }).click();
  await expect(table.getByRole('rowgroup', { name: /^Search criteria / })).toHaveCount(14);
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Groups per page' })).toHaveValue('25');
  await expect(page.getByRole('table', { name: 'Exclusion records' }).getByRole('rowgroup', { name: /^Search criteria / })).toHaveCount(14);
});
