/** Finds links in a publisher's HTML page by a rule (recipe.ts): anchors, their text and attributes. */
import type { LinkRule } from './recipe';

export interface Anchor {
  href: string;
  text: string;
  attributes: Record<string, string>;
  /** Where the anchor starts in the page. */
  at: number;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—' };

/** Decodes the HTML entities publishers' pages use in link texts and hrefs. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The attributes of a start tag's inside (`a href='./x.zip' class=y`), names lower-cased, values decoded. */
export function attributesOf(tagInside: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tagInside.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    out[m[1].toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return out;
}

/** Visible text of an HTML fragment, white space collapsed. */
export function textOf(html: string): string {
  return decodeEntities(html.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/gi, ' ').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every anchor with an href, in document order. */
export function anchorsOf(html: string): Anchor[] {
  const out: Anchor[] = [];
  for (const m of html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi)) {
    const attributes = attributesOf(m[1]);
    if (attributes.href === undefined) continue;
    out.push({ href: attributes.href.trim(), text: textOf(m[2]), attributes, at: m.index });
  }
  return out;
}

/** The HTML of the element whose attribute `name` equals `value`, through its closing tag; null when absent. */
export function elementWith(html: string, name: string, value: string): string | null {
  for (const m of html.matchAll(/<([a-z][a-z0-9-]*)\b([^>]*)>/gi)) {
    if (attributesOf(m[2])[name.toLowerCase()] !== value) continue;
    const tag = m[1].toLowerCase();
    const open = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'gi');
    open.lastIndex = m.index + m[0].length;
    let depth = 1;
    for (let t = open.exec(html); t; t = open.exec(html)) {
      depth += t[1] ? -1 : 1;
      if (depth === 0) return html.slice(m.index, t.index + t[0].length);
    }
    return html.slice(m.index);
  }
  return null;
}

const fold = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** Whether an anchor satisfies every condition of the rule. */
export function matchesRule(anchor: Anchor, rule: LinkRule): boolean {
  const text = fold(anchor.text);
  const href = anchor.href.toLowerCase();
  if (rule.textIs !== undefined && text !== fold(rule.textIs)) return false;
  if (rule.text && !rule.text.every((t) => text.includes(fold(t)))) return false;
  if (rule.href && !rule.href.every((h) => href.includes(h.toLowerCase()))) return false;
  if (rule.hrefEnds && !href.split(/[?#]/)[0].endsWith(rule.hrefEnds.toLowerCase())) return false;
  if (rule.attribute && !fold(anchor.attributes[rule.attribute.name.toLowerCase()] ?? '').includes(fold(rule.attribute.holds))) return false;
  return true;
}

/** The absolute URL of the first link of `html` (fetched from `pageUrl`) the rule picks, or null. */
export function findLink(html: string, pageUrl: string, rule: LinkRule): string | null {
  const scope = rule.inside ? elementWith(html, rule.inside.name, rule.inside.value) : html;
  if (scope === null) return null;
  const base = baseOf(html, pageUrl);
  for (const anchor of anchorsOf(scope)) {
    if (!matchesRule(anchor, rule) || /^(javascript|mailto):/i.test(anchor.href) || anchor.href.startsWith('#')) continue;
    try {
      return new URL(anchor.href, base).toString();
    } catch {
      continue;
    }
  }
  return null;
}

/** The page's <base href>, else the page's own URL. */
function baseOf(html: string, pageUrl: string): string {
  const m = /<base\b([^>]*)>/i.exec(html);
  const href = m ? attributesOf(m[1]).href : undefined;
  if (!href) return pageUrl;
  try {
    return new URL(href, pageUrl).toString();
  } catch {
    return pageUrl;
  }
}
