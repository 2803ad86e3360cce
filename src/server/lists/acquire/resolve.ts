/**
 * Runs a recipe (recipe.ts): walks the publisher's pages and services to the files of the
 * current list, and answers what to download (or the files a service's pages were written to).
 */
import { describeRule, type LinkedFile, type Recipe } from './recipe';
import { findLink } from './links';
import { PublisherError, type PageRequest, type Web } from './web';

/** What an acquisition gives: files to download, or files a service's answers were written to. */
export type Acquired =
  | { kind: 'url'; url: string; fileName: string; request?: PageRequest; referer?: string; nameFromAnswer?: boolean }
  | { kind: 'file'; path: string; fileName: string };

/** The active version's facts a recipe may go by (LEIE supplements, NPPES weekly files). */
export interface ActiveFacts {
  asOf: string | null;
  fileNames: readonly string[];
  fetchedAt: Date;
}

export interface AcquireContext {
  web: Web;
  now: Date;
  active: ActiveFacts | null;
  samApiKey?: string;
  /** A folder of this fetch where services write what they gather. */
  scratch: string;
}

export type ServiceRecipe = Extract<Recipe, { service: string }>;
export type Service = (recipe: ServiceRecipe, ctx: AcquireContext) => Promise<Acquired[]>;

/** A CSV field, quoted, for the files services write from JSON answers. */
export const csvField = (value: unknown): string => `"${(value === null || value === undefined ? '' : String(value)).replace(/"/g, '""')}"`;

/** The name of a URL's last path segment, decoded; null when it has none. */
export function lastSegment(url: string): string | null {
  const segment = new URL(url).pathname.split('/').filter(Boolean).at(-1);
  const name = segment ? decodeURIComponent(segment) : '';
  return name && name !== '.' && name !== '..' && !/[/\\\0]/.test(name) ? name : null;
}

/** Follows one file's hops from its page; the last hop's link is the file. */
export async function followLinks(file: LinkedFile, page: string, web: Web): Promise<string> {
  let url = file.from ?? page;
  for (const [i, rule] of file.hops.entries()) {
    const answer = await web.page(url);
    const next = findLink(answer.text, answer.url, rule);
    if (!next) {
      const what = i === file.hops.length - 1 ? 'the file' : `the next page (step ${i + 1} of ${file.hops.length})`;
      throw new PublisherError(`the page ${url} no longer links ${what}: no ${describeRule(rule).slice(2)} on it; its publisher may have renamed or moved it`);
    }
    url = next;
  }
  return url;
}

/** What to fetch for a recipe of method direct or page-link; services answer for themselves. */
export async function resolveRecipe(recipe: Recipe, ctx: AcquireContext, services: Readonly<Record<string, Service>>): Promise<Acquired[]> {
  const referer = recipe.referer ? recipe.page : undefined;
  if (recipe.service) {
    const service = services[recipe.service];
    if (!service) throw new Error(`no service "${recipe.service}" for ${recipe.source}`);
    return service(recipe, ctx);
  }
  switch (recipe.method) {
    case 'upload':
      throw new PublisherError(recipe.reason);
    case 'direct':
      return recipe.files.map((f) => ({ kind: 'url', url: f.url, fileName: f.fileName ?? nameOf(f.url), referer }));
    case 'page-link': {
      const out: Acquired[] = [];
      for (const file of recipe.files) {
        const url = await followLinks(file, recipe.page, ctx.web);
        out.push({ kind: 'url', url, fileName: file.fileName ?? nameOf(url), referer });
      }
      return out;
    }
  }
}

function nameOf(url: string): string {
  const name = lastSegment(url);
  if (!name) throw new PublisherError(`cannot tell a file name from ${url}`);
  return name;
}
