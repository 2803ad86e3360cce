/**
 * How each list is fetched from its publisher (issue 51, ADR 115): one recipe per source, as
 * data. `method` is what an operator reads: direct (a stable file URL), page-link (a page, then
 * the link a rule picks, maybe over several pages), api (a JSON or SOAP service), postback (an
 * ASP.NET form posted back), upload (nothing a server can fetch: licensed, or no public file).
 */

export type AcquireMethod = 'direct' | 'page-link' | 'api' | 'postback' | 'upload';

/**
 * Picks one link of an HTML page. Every condition given must hold; text comparisons ignore
 * case and runs of white space. The first matching link wins (document order).
 */
export interface LinkRule {
  /** Words the link's visible text holds, all of them. */
  text?: string[];
  /** The link's whole visible text. */
  textIs?: string;
  /** Pieces the href holds, all of them. */
  href?: string[];
  /** The href ends with this (".xlsx"), before any query string. */
  hrefEnds?: string;
  /** An attribute of the anchor that holds these words (Georgia's data-text). */
  attribute?: { name: string; holds: string };
  /** Only links inside the element whose attribute `name` is `value` (Colorado's about="/provider-termination"). */
  inside?: { name: string; value: string };
}

/** One file of a page-link recipe: the pages to walk from `from` (the recipe's page by default), a rule per hop. */
export interface LinkedFile {
  from?: string;
  hops: LinkRule[];
  /** The name the parser is given (it tells file roles by name); by default the last segment of the URL found. */
  fileName?: string;
}

/** The publisher-specific services a recipe of method `api` or `postback` calls (code in handlers.ts). */
export type ServiceName =
  | 'sam-file-listing'
  | 'cms-data-api'
  | 'nppes-files'
  | 'leie-files'
  | 'json-table'
  | 'sharepoint-library'
  | 'telerik-grid'
  | 'aspnet-postback'
  | 'sharepoint-soap';

interface RecipeBase {
  source: string;
  /** The publisher's page a person would open to get the list. */
  page: string;
  /** The publisher's update rhythm, in words. */
  cadence: string;
  /** What the recipe relies on, from research/list-acquisition.md (for the note and the Lists page). */
  basis: string;
  /** Send the landing page as Referer (West Virginia). */
  referer?: boolean;
}

export type Recipe = RecipeBase &
  (
    | { method: 'direct'; service?: undefined; files: { url: string; fileName?: string }[] }
    | { method: 'page-link'; service?: undefined; files: LinkedFile[] }
    /** A service in code (services.ts) finds the files; `method` names how, for the operator. */
    | { method: Exclude<AcquireMethod, 'upload'>; service: ServiceName; options?: Record<string, string> }
    | { method: 'upload'; service?: undefined; reason: string; licensed?: boolean }
  );

/** A rule in words, for messages: `a link whose text holds "Sanctions List"`. */
export function describeRule(rule: LinkRule): string {
  const parts: string[] = [];
  if (rule.textIs) parts.push(`whose text is "${rule.textIs}"`);
  if (rule.text?.length) parts.push(`whose text holds ${rule.text.map((t) => `"${t}"`).join(' and ')}`);
  if (rule.href?.length) parts.push(`whose address holds ${rule.href.map((t) => `"${t}"`).join(' and ')}`);
  if (rule.hrefEnds) parts.push(`whose address ends in "${rule.hrefEnds}"`);
  if (rule.attribute) parts.push(`whose ${rule.attribute.name} holds "${rule.attribute.holds}"`);
  if (rule.inside) parts.push(`inside the element ${rule.inside.name}="${rule.inside.value}"`);
  return `a link ${parts.join(', ') || 'of any kind'}`;
}
