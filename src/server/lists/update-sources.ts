/**
 * Where `lists update` downloads each source: defaults for the lists with a stable public
 * download, LIST_URLS for any source, and the SAM.gov extract built from SAM_API_KEY.
 */
import { LIST_SOURCES } from '#lists/sources';
import type { AppConfig } from '../config';

/** One file to download and the name the parser will see. */
export interface DownloadSpec {
  url: string;
  fileName: string;
}

export type DownloadPlan =
  | { kind: 'ready'; files: DownloadSpec[] }
  /** Nothing to download until the operator sets something; `hint` says what. */
  | { kind: 'not-configured'; hint: string }
  /** The source cannot be updated as configured (SAM without a key). */
  | { kind: 'refused'; error: string };

const OFAC_DOWNLOADS = 'https://www.treasury.gov/ofac/downloads';
const OFAC_SANCTIONS_LIST_SERVICE = 'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports';

/**
 * Official direct downloads (research/data-formats.md §1 and §3). The consolidated list comes
 * from OFAC's Sanctions List Service as CONSOLIDATED.XML (the sdnList schema): the research
 * names no legacy CSV address for the cons_* files.
 */
export const DEFAULT_LIST_URLS: Readonly<Record<string, readonly string[]>> = {
  leie: ['https://oig.hhs.gov/exclusions/downloadables/UPDATED.csv'],
  'ofac-sdn': [`${OFAC_DOWNLOADS}/sdn.csv`, `${OFAC_DOWNLOADS}/alt.csv`, `${OFAC_DOWNLOADS}/add.csv`],
  'ofac-consolidated': [`${OFAC_SANCTIONS_LIST_SERVICE}/CONSOLIDATED.XML`],
};

/** The SAM.gov Data Services extracts endpoint (data-formats.md §2). */
export const SAM_EXTRACTS_URL = 'https://api.sam.gov/data-services/v1/extracts';

/** What to download for a source under this configuration. */
export function planDownloads(source: string, config: Pick<AppConfig, 'listUrls' | 'samApiKey'>, now: Date): DownloadPlan {
  const configured = config.listUrls[source];
  if (configured?.length) return { kind: 'ready', files: configured.map((url) => ({ url, fileName: fileNameOf(url) })) };
  if (source === 'sam') {
    if (!config.samApiKey) {
      return { kind: 'refused', error: 'SAM.gov needs an API key: set SAM_API_KEY (a SAM.gov account API key), or give a download URL for "sam" in LIST_URLS.' };
    }
    const fileName = samExtractName(now);
    const url = new URL(SAM_EXTRACTS_URL);
    url.searchParams.set('api_key', config.samApiKey);
    url.searchParams.set('fileName', fileName);
    return { kind: 'ready', files: [{ url: url.toString(), fileName }] };
  }
  const defaults = DEFAULT_LIST_URLS[source];
  if (defaults) return { kind: 'ready', files: defaults.map((url) => ({ url, fileName: fileNameOf(url) })) };
  const files = LIST_SOURCES.find((s) => s.id === source)?.files ?? 'its files';
  return { kind: 'not-configured', hint: `no public direct download; set LIST_URLS={"${source}": ["https://…"]} (${files}), or import files with "lists import ${source}".` };
}

/** The daily SAM extract of a UTC day: SAM_Exclusions_Public_Extract_V2_YYDDD.ZIP (DDD = day of the year). */
export function samExtractName(day: Date): string {
  const start = Date.UTC(day.getUTCFullYear(), 0, 1);
  const dayOfYear = Math.floor((day.getTime() - start) / 86_400_000) + 1;
  const yy = String(day.getUTCFullYear() % 100).padStart(2, '0');
  return `SAM_Exclusions_Public_Extract_V2_${yy}${String(dayOfYear).padStart(3, '0')}.ZIP`;
}

/** The URL's last path segment, decoded: the parsers tell file roles by name. */
export function fileNameOf(url: string): string {
  const segment = new URL(url).pathname.split('/').filter(Boolean).at(-1);
  const name = segment ? decodeURIComponent(segment) : '';
  if (!name || name === '.' || name === '..' || /[/\\\0]/.test(name)) throw new Error(`cannot tell a file name from the URL ${redactUrl(url)}`);
  return name;
}

/** Sources named in LIST_URLS that do not exist (typos). */
export function unknownListUrlSources(config: Pick<AppConfig, 'listUrls'>): string[] {
  return Object.keys(config.listUrls).filter((id) => !LIST_SOURCES.some((s) => s.id === id));
}

/** The URL with secrets in its query (api_key, key, token) masked, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    for (const key of [...parsed.searchParams.keys()]) if (/key|token|secret|password/i.test(key)) parsed.searchParams.set(key, '***');
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}
