/** The federal lists' recipes and the services they call (research/list-acquisition.md §1). */
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { anchorsOf } from './links';
import type { Recipe } from './recipe';
import { csvField, lastSegment, type Acquired, type AcquireContext, type Service } from './resolve';
import { networkWords, PublisherError, statusWords } from './web';

const OFAC_SLS = 'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports';
export const NPPES_PAGE = 'https://download.cms.gov/nppes/NPI_Files.html';
export const LEIE_FULL_URL = 'https://oig.hhs.gov/exclusions/downloadables/UPDATED.csv';
export const SAM_LISTING_URL = 'https://sam.gov/api/prod/fileextractservices/v1/api/listfiles';
export const SAM_DOWNLOAD_URL = 'https://sam.gov/api/prod/fileextractservices/v1/api/download';
/** The SAM.gov Data Services extracts endpoint, with a key (data-formats.md §2). */
export const SAM_EXTRACTS_URL = 'https://api.sam.gov/data-services/v1/extracts';
export const OPTOUT_API = 'https://data.cms.gov/data-api/v1/dataset/9887a515-7552-4693-bf58-735c77af46d7/data';

export const FEDERAL_RECIPES: Recipe[] = [
  {
    source: 'leie',
    page: 'https://oig.hhs.gov/exclusions/exclusions_list.asp',
    cadence: 'monthly, by the 10th',
    method: 'direct',
    service: 'leie-files',
    basis: 'the stable UPDATED.csv URL; the supplements {YY}{MM}excl.csv and {YY}{MM}rein.csv in a {YYYY} folder, not every month having both (§1)',
  },
  {
    source: 'sam',
    page: 'https://sam.gov/data-services/Exclusions/Public%20V2?privacy=Public',
    cadence: 'daily',
    method: 'api',
    service: 'sam-file-listing',
    basis: "the keyless file listing sam.gov's Data Services page calls (listfiles, domain Exclusions/Public V2), its .ZIP key downloaded; the documented extract API with SAM_API_KEY as the fallback (§1)",
  },
  {
    source: 'ofac-sdn',
    page: 'https://ofac.treasury.gov/sanctions-list-service',
    cadence: 'irregular, as designations happen (checked daily)',
    method: 'direct',
    files: [{ url: `${OFAC_SLS}/SDN.CSV` }, { url: `${OFAC_SLS}/ALT.CSV` }, { url: `${OFAC_SLS}/ADD.CSV` }],
    basis: 'the Sanctions List Service exports SDN.CSV, ALT.CSV and ADD.CSV, CSV without a header row (§1)',
  },
  {
    source: 'ofac-consolidated',
    page: 'https://ofac.treasury.gov/consolidated-sanctions-list-non-sdn-lists',
    cadence: 'irregular, as designations happen (checked daily)',
    method: 'direct',
    files: [{ url: `${OFAC_SLS}/CONSOLIDATED.XML` }],
    basis: 'the Sanctions List Service export CONSOLIDATED.XML, named on the same scheme as SDN.XML (§1, inferred there)',
  },
  {
    source: 'optout',
    page: 'https://data.cms.gov/provider-characteristics/medicare-provider-supplier-enrollment/opt-out-affidavits',
    cadence: 'monthly',
    method: 'api',
    service: 'cms-data-api',
    options: { url: OPTOUT_API, fileName: 'optout-affidavits.csv', size: '5000' },
    basis: 'the data.cms.gov data API of dataset 9887a515-…, paged with offset and size until a short page, the total checked against /stats (§1)',
  },
  {
    source: 'nppes',
    page: NPPES_PAGE,
    cadence: 'monthly full file (around the second Monday), weekly updates (Mondays)',
    method: 'page-link',
    service: 'nppes-files',
    basis: "links on NPI_Files.html by name: NPPES_Data_Dissemination_{Month}_{YYYY}_V2.zip, …_{MMDDYY}_{MMDDYY}_Weekly_V2.zip and NPPES_Deactivated_NPI_Report_{MMDDYY}_V2.zip; only _V2 names; hrefs relative, single-quoted, with ./ (§1)",
  },
  {
    source: 'dmf',
    page: 'https://ladmf.ntis.gov',
    cadence: 'weekly and monthly updates to subscribers',
    method: 'upload',
    licensed: true,
    reason: 'licensed: the Limited Access Death Master File reaches only NTIS-certified subscribers, by sFTP. Upload its files on the Lists page, or give their URL in LIST_URLS',
    basis: 'no public file: certified subscribers receive it from PTOFT.NTIS.GOV (§1)',
  },
];

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** MMDDYY → YYYY-MM-DD. */
function isoOfMmddyy(text: string): string {
  return `20${text.slice(4, 6)}-${text.slice(0, 2)}-${text.slice(2, 4)}`;
}

/** The end date (YYYY-MM-DD) of the monthly npidata file a version holds (npidata_pfile_20050523-YYYYMMDD.csv), or null. */
export function monthlyEndOf(fileNames: readonly string[]): string | null {
  for (const name of fileNames) {
    const m = /npidata_pfile_20050523-(\d{4})(\d{2})(\d{2})/i.exec(name);
    if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  }
  return null;
}

/**
 * NPPES: the newest monthly V2 file when none is loaded or a newer month is out; else the
 * weekly V2 files that end after the copy loaded (incremental), with the newest deactivation
 * report. Nothing newer: no file.
 */
const nppesFiles: Service = async (recipe, ctx) => {
  const page = await ctx.web.page(recipe.page);
  const links = anchorsOf(page.text).map((a) => {
    try {
      return new URL(a.href, page.url).toString();
    } catch {
      return null;
    }
  });
  const named = links.flatMap((url) => (url ? [{ url, name: lastSegment(url) ?? '' }] : []));
  const monthly = named
    .flatMap((l) => {
      const m = /^NPPES_Data_Dissemination_([A-Za-z]+)_(\d{4})_V2\.zip$/i.exec(l.name);
      const month = m ? MONTHS.indexOf(m[1].toLowerCase()) : -1;
      return m && month >= 0 ? [{ ...l, key: `${m[2]}-${String(month + 1).padStart(2, '0')}` }] : [];
    })
    .sort((a, b) => b.key.localeCompare(a.key));
  const weekly = named
    .flatMap((l) => {
      const m = /^NPPES_Data_Dissemination_(\d{6})_(\d{6})_Weekly_V2\.zip$/i.exec(l.name);
      return m ? [{ ...l, from: isoOfMmddyy(m[1]), to: isoOfMmddyy(m[2]) }] : [];
    })
    .sort((a, b) => a.to.localeCompare(b.to));
  const deactivation = named
    .flatMap((l) => {
      const m = /^NPPES_Deactivated_NPI_Report_(\d{6})_V2\.zip$/i.exec(l.name);
      return m ? [{ ...l, on: isoOfMmddyy(m[1]) }] : [];
    })
    .sort((a, b) => b.on.localeCompare(a.on));
  const newest = monthly[0];
  if (!newest) throw new PublisherError(`the page ${recipe.page} no longer links a file named NPPES_Data_Dissemination_{Month}_{YYYY}_V2.zip; CMS may have renamed the monthly file`);
  const loadedEnd = ctx.active ? monthlyEndOf(ctx.active.fileNames) : null;
  const loadedUpTo = [ctx.active?.asOf ?? null, loadedEnd].filter((d): d is string => !!d).sort().at(-1) ?? null;
  // A monthly file newer than the one loaded starts the list again.
  if (!loadedEnd || loadedEnd.slice(0, 7) < newest.key) return [{ kind: 'url', url: newest.url, fileName: newest.name }];
  const out: Acquired[] = weekly.filter((w) => !loadedUpTo || w.to > loadedUpTo).map((w) => ({ kind: 'url', url: w.url, fileName: w.name }));
  const report = deactivation[0];
  if (out.length && report) out.push({ kind: 'url', url: report.url, fileName: report.name });
  return out;
};

/**
 * The last month (YYYY-MM) a loaded LEIE copy covers: the later of its as-of month and the month
 * before its download (two before when fetched by the 10th, when OIG may not have published yet).
 */
export function leieCoveredMonth(active: AcquireContext['active']): string | null {
  if (!active) return null;
  const back = active.fetchedAt.getUTCDate() <= 10 ? 2 : 1;
  const byDownload = new Date(Date.UTC(active.fetchedAt.getUTCFullYear(), active.fetchedAt.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
  const byDate = active.asOf && /^\d{4}-\d{2}/.test(active.asOf) ? active.asOf.slice(0, 7) : null;
  return byDate && byDate > byDownload ? byDate : byDownload;
}

/**
 * LEIE: the next month's supplements when the copy loaded covers the month before it and that
 * month is over; else the full file (none loaded, more than a month behind, or no supplement out).
 */
const leieFiles: Service = async (_recipe, ctx) => {
  const full: Acquired[] = [{ kind: 'url', url: LEIE_FULL_URL, fileName: 'UPDATED.csv' }];
  const covered = leieCoveredMonth(ctx.active);
  if (!covered) return full;
  const next = new Date(Date.UTC(Number(covered.slice(0, 4)), Number(covered.slice(5, 7)), 1));
  const thisMonth = Date.UTC(ctx.now.getUTCFullYear(), ctx.now.getUTCMonth(), 1);
  const lastMonth = Date.UTC(ctx.now.getUTCFullYear(), ctx.now.getUTCMonth() - 1, 1);
  // The next month is not over yet (nothing to add), or the copy is more than a month behind (one month's supplements would not do).
  if (next.getTime() >= thisMonth) return full;
  if (next.getTime() < lastMonth) return full;
  const yyyy = String(next.getUTCFullYear());
  const yymm = `${yyyy.slice(2)}${String(next.getUTCMonth() + 1).padStart(2, '0')}`;
  const out: Acquired[] = [];
  // Not every month has both files (research §1): a missing one is skipped.
  for (const kind of ['excl', 'rein']) {
    const fileName = `${yymm}${kind.toUpperCase()}.csv`;
    const file = await fetchIfPublished(ctx, `https://oig.hhs.gov/exclusions/downloadables/${yyyy}/${yymm}${kind}.csv`, fileName);
    if (file) out.push(file);
  }
  return out.length ? out : full;
};

/** A small file written to the scratch folder, or null when the publisher answers 404 (not published). */
async function fetchIfPublished(ctx: AcquireContext, url: string, fileName: string): Promise<Acquired | null> {
  const response = await ctx.web.fetch(url).catch((error: unknown) => {
    throw new PublisherError(`could not reach ${url}: ${networkWords(error)}`);
  });
  if (response.status === 404 || response.status === 410) {
    await response.body?.cancel();
    return null;
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new PublisherError(statusWords(response.status, url), response.status);
  }
  const target = path.join(ctx.scratch, fileName);
  await writeFile(target, Buffer.from(await response.arrayBuffer()));
  return { kind: 'file', path: target, fileName };
}

interface SamListing {
  _embedded?: { customS3ObjectSummaryList?: { key?: string; displayKey?: string }[] };
}

/** SAM.gov: the newest .ZIP of the keyless listing; with SAM_API_KEY, the documented extract API when the listing fails. */
const samFileListing: Service = async (_recipe, ctx) => {
  try {
    const listing = await ctx.web.json<SamListing>(`${SAM_LISTING_URL}?random=${ctx.now.getTime()}&domain=Exclusions/Public%20V2&privacy=Public`);
    const keys = (listing._embedded?.customS3ObjectSummaryList ?? []).map((e) => e.key ?? '').filter((k) => /\.zip$/i.test(k));
    if (!keys.length) throw new PublisherError("SAM.gov's file listing names no .ZIP extract of Exclusions/Public V2: the listing service has changed");
    const key = keys.sort((a, b) => (a.split('/').at(-1) ?? a).localeCompare(b.split('/').at(-1) ?? b)).at(-1)!;
    return [{ kind: 'url', url: `${SAM_DOWNLOAD_URL}/${encodeURI(key)}`, fileName: key.split('/').at(-1)! }];
  } catch (error) {
    if (!ctx.samApiKey) throw error;
    const fileName = samExtractName(ctx.now);
    const url = new URL(SAM_EXTRACTS_URL);
    url.searchParams.set('api_key', ctx.samApiKey);
    url.searchParams.set('fileName', fileName);
    return [{ kind: 'url', url: url.toString(), fileName }];
  }
};

/** The daily SAM extract of a UTC day: SAM_Exclusions_Public_Extract_V2_YYDDD.ZIP (DDD = day of the year). */
export function samExtractName(day: Date): string {
  const start = Date.UTC(day.getUTCFullYear(), 0, 1);
  const dayOfYear = Math.floor((day.getTime() - start) / 86_400_000) + 1;
  const yy = String(day.getUTCFullYear() % 100).padStart(2, '0');
  return `SAM_Exclusions_Public_Extract_V2_${yy}${String(dayOfYear).padStart(3, '0')}.ZIP`;
}


/** A JSON data API paged by offset and size (data.cms.gov), written as the CSV its download gives; the total checked against /stats. */
const cmsDataApi: Service = async (recipe, ctx) => {
  const base = recipe.options?.url ?? '';
  const size = Number(recipe.options?.size ?? 5000);
  const fileName = recipe.options?.fileName ?? 'data.csv';
  const stats = await ctx.web.json<{ total_rows?: number; found_rows?: number }>(`${base}/stats`).catch(() => null);
  const target = path.join(ctx.scratch, fileName);
  const out = createWriteStream(target);
  let header: string[] | null = null;
  let rows = 0;
  try {
    for (let offset = 0; ; offset += size) {
      const page = await ctx.web.json<Record<string, unknown>[]>(`${base}?offset=${offset}&size=${size}`);
      if (!Array.isArray(page)) throw new PublisherError(`${base} answered something other than a list of rows at offset ${offset}`);
      for (const row of page) {
        if (!header) {
          header = Object.keys(row);
          out.write(`${header.map(csvField).join(',')}\n`);
        }
        if (!out.write(`${header.map((k) => csvField(row[k])).join(',')}\n`)) await once(out, 'drain');
        rows += 1;
      }
      if (page.length < size) break;
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  const total = stats?.total_rows ?? stats?.found_rows;
  if (typeof total === 'number' && total !== rows) throw new PublisherError(`${base} gave ${rows.toLocaleString('en-US')} rows where its /stats counts ${total.toLocaleString('en-US')}: the pages changed while they were read, or the service cut them short`);
  if (!rows) throw new PublisherError(`${base} gave no rows`);
  return [{ kind: 'file', path: target, fileName }];
};

export const FEDERAL_SERVICES: Readonly<Record<string, Service>> = {
  'nppes-files': nppesFiles,
  'leie-files': leieFiles,
  'sam-file-listing': samFileListing,
  'cms-data-api': cmsDataApi,
};

export type { AcquireContext };
