/**
 * The state publishers that need code (research/list-acquisition.md §2.2): Tennessee's
 * data-table JSON, Maine's SharePoint library, West Virginia's Telerik grid and Texas's
 * ASP.NET postback. Each answers what to download, or the file it wrote.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { attributesOf, textOf } from './links';
import { csvField, type Acquired, type Service } from './resolve';
import { PublisherError } from './web';


/** The rows of a data-table JSON (`data`: objects keyed by column title) as CSV, the titles as header; null when it has none. */
export function tableJsonToCsv(json: unknown): string | null {
  const rows = (json as { data?: unknown })?.data;
  if (!Array.isArray(rows) || rows.length === 0) return null;
  const titles: string[] = [];
  for (const row of rows) for (const key of Object.keys((row ?? {}) as object)) if (!titles.includes(key)) titles.push(key);
  const lines = [titles.map(csvField).join(','), ...rows.map((row: Record<string, unknown>) => titles.map((t) => csvField(row?.[t])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/** Tennessee: the page's `.tablejson.json`, written as the CSV the parser reads (§2.2 Tennessee). */
export const jsonTable: Service = async (recipe, ctx) => {
  const url = recipe.options?.url ?? '';
  const fileName = recipe.options?.fileName ?? 'table.csv';
  const csv = tableJsonToCsv(await ctx.web.json<unknown>(url));
  if (csv === null) throw new PublisherError(`${url} gave no rows under "data": the page's table is empty, or its data service has changed`);
  const target = path.join(ctx.scratch, fileName);
  await writeFile(target, csv, 'utf8');
  return [{ kind: 'file', path: target, fileName }];
};

interface ListRow {
  ID?: string | number;
  FileLeafRef?: string;
}

/** The folder of the newest row (highest ID) of the listing a SharePoint AllItems.aspx page embeds; null when it embeds none. */
export function newestSharepointFolder(html: string): string | null {
  const start = html.indexOf('WPQ2ListData');
  const end = html.indexOf('WPQ2SchemaData', start + 1);
  if (start < 0 || end < 0) return null;
  const slice = html.slice(start, end);
  const open = slice.indexOf('{');
  const close = slice.lastIndexOf('}');
  if (open < 0 || close < open) return null;
  let listing: { Row?: ListRow[] };
  try {
    listing = JSON.parse(slice.slice(open, close + 1)) as { Row?: ListRow[] };
  } catch {
    return null;
  }
  const rows = (listing.Row ?? []).filter((r) => r.FileLeafRef && Number.isFinite(Number(r.ID)));
  rows.sort((a, b) => Number(b.ID) - Number(a.ID));
  return rows[0]?.FileLeafRef ?? null;
}

/** Maine: the newest folder of the SharePoint library, and the report of a fixed name in it (§2.2 Maine). */
export const sharepointLibrary: Service = async (recipe, ctx) => {
  const library = recipe.options?.url ?? recipe.page;
  const fileName = recipe.options?.fileName ?? '';
  const page = await ctx.web.page(library);
  const folder = newestSharepointFolder(page.text);
  if (!folder) throw new PublisherError(`the page ${library} no longer embeds its library listing (WPQ2ListData with rows naming folders): a web page that blocks servers answered, or SharePoint changed the page`);
  const root = library.replace(/\/Forms\/[^/]*$/, '');
  return [{ kind: 'url', url: `${root}/${encodeURIComponent(folder)}/${encodeURIComponent(fileName)}`, fileName }];
};

/** A grid row's document: the __doPostBack link's text, and the folder in the hidden cell. */
export interface GridDocument {
  name: string;
  folder: string;
}

/** The documents of a Telerik RadGrid's data rows (classes rgRow and rgAltRow). */
export function telerikGridDocuments(html: string): GridDocument[] {
  const out: GridDocument[] = [];
  for (const row of html.matchAll(/<tr\b([^>]*)>([\s\S]*?)<\/tr\s*>/gi)) {
    if (!/\brg(Alt)?Row\b/.test(attributesOf(row[1]).class ?? '')) continue;
    const link = [...row[2].matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi)].find((a) => /^\s*javascript:\s*__doPostBack/i.test(attributesOf(a[1]).href ?? ''));
    const hidden = [...row[2].matchAll(/<td\b([^>]*)>([\s\S]*?)<\/td\s*>/gi)].find((c) => /display\s*:\s*none/i.test(attributesOf(c[1]).style ?? ''));
    const name = link ? textOf(link[2]) : '';
    const folder = hidden ? textOf(hidden[2]) : '';
    if (name && folder) out.push({ name, folder });
  }
  return out;
}

/** West Virginia: every document of the landing page's grid, built into a SharepointDownload URL, the page as Referer (§2.2). */
export const telerikGrid: Service = async (recipe, ctx) => {
  const page = await ctx.web.page(recipe.page);
  const documents = telerikGridDocuments(page.text);
  if (documents.length === 0) {
    throw new PublisherError(`the page ${recipe.page} no longer links the file: its grid has no row with a __doPostBack document link and a hidden folder cell; the list may be empty (as in 2025-07) or the site changed`);
  }
  const download = new URL('/SharepointDownload', recipe.page).toString();
  return documents.map((d): Acquired => ({
    kind: 'url',
    url: `${download}?parent=${encodeURIComponent(d.folder)}&docname=${encodeURIComponent(d.name)}`,
    fileName: d.name.replace(/[/\\\0]/g, '_'),
    referer: recipe.page,
  }));
};

/** The hidden form fields of an ASP.NET page, by name. */
export function hiddenFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input\b([^>]*)>/gi)) {
    const a = attributesOf(m[1]);
    if ((a.type ?? '').toLowerCase() === 'hidden' && a.name) out[a.name] = a.value ?? '';
  }
  return out;
}

/** Texas: GET the page, POST back its form with the link button as __EVENTTARGET; the answer is the file (§2.2 Texas). */
export const aspnetPostback: Service = async (recipe, ctx) => {
  const url = recipe.options?.url ?? recipe.page;
  const fileName = recipe.options?.fileName ?? 'download';
  const page = await ctx.web.page(url);
  const fields = hiddenFields(page.text);
  if (!fields.__VIEWSTATE || fields.__EVENTVALIDATION === undefined) {
    throw new PublisherError(`the page ${url} answered a web page without its ASP.NET form (__VIEWSTATE and __EVENTVALIDATION): a page that blocks servers, or the site changed`);
  }
  const form = new URLSearchParams({ ...fields, __EVENTTARGET: recipe.options?.eventTarget ?? '', __EVENTARGUMENT: '' });
  // The cookies of the GET go with the POST: `web.fetch` keeps them for the fetch.
  return [{ kind: 'url', url, fileName, nameFromAnswer: true, request: { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', referer: url }, body: form.toString() } }];
};
