/**
 * Where `lists update` downloads each source: LIST_URLS when an operator names files, else the
 * source's recipe (acquire/recipes.ts), which finds them at the publisher.
 */
import { LIST_SOURCES } from '#lists/sources';
import type { AppConfig } from '../config';
import type { Recipe } from './acquire/recipe';
import { recipeOf } from './acquire/recipes';

/** One file to download and the name the parser will see. */
export interface DownloadSpec {
  url: string;
  fileName: string;
  /** A POST (ASP.NET postbacks) and headers beyond the browser's own (Referer). */
  request?: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string };
  /** Keep the name the publisher's answer gives (Content-Disposition), when it has the same extension. */
  nameFromAnswer?: boolean;
}

export type DownloadPlan =
  /** LIST_URLS names the files (an operator's override). */
  | { kind: 'ready'; files: DownloadSpec[] }
  /** The source's recipe finds the files at its publisher (ADR 115). */
  | { kind: 'recipe'; recipe: Recipe }
  /** Nothing a server can fetch (licensed, or no public file); `hint` says what to do. */
  | { kind: 'not-configured'; hint: string };

/** What to download for a source under this configuration: LIST_URLS, else its recipe. */
export function planDownloads(source: string, config: Pick<AppConfig, 'listUrls'>): DownloadPlan {
  const configured = config.listUrls[source];
  if (configured?.length) return { kind: 'ready', files: configured.map((url) => ({ url, fileName: fileNameOf(url) })) };
  const recipe = recipeOf(source);
  if (recipe.method === 'upload') return { kind: 'not-configured', hint: `${recipe.reason.replace(/\.$/, '')}.` };
  return { kind: 'recipe', recipe };
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
