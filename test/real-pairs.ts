/**
 * Labelled name pairs derived at test time from the real lists in ../shared/data/real (OFAC SDN and
 * Consolidated aliases, LEIE supplements), split into a tuning set and a held-out set by a hash of
 * the entity, so aliases of one entity never straddle the two. Nothing here is copied into the repo:
 * the pairs are rebuilt from ../shared each run (ADR 027).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface RealPair {
  a: string;
  b: string;
  type: 'person' | 'business';
  label: boolean;
  kind: string;
  set: 'tuning' | 'held-out';
}

export const REAL_DATA_DIR = new URL('../../shared/data/real/', import.meta.url).pathname;

/** Why the real pairs cannot be built here, or null when they can. */
export function realDataMissing(): string | null {
  for (const f of ['ofac/sdn-2024-05-03/sdn.csv', 'ofac/sdn-alt-add-2026/alt.csv', 'oig-leie/supplements-2015-2017']) {
    if (!existsSync(join(REAL_DATA_DIR, f))) return `../shared/data/real/${f} is not on this machine`;
  }
  return null;
}

/** Splits one CSV line (double-quoted fields, "" escapes). */
function csvFields(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let v = '';
      i++;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          v += '"';
          i += 2;
        } else if (line[i] === '"') break;
        else v += line[i++];
      }
      i++;
      out.push(v);
      while (i < line.length && line[i] !== ',') i++;
      i++;
    } else {
      const end = line.indexOf(',', i);
      const stop = end < 0 ? line.length : end;
      out.push(line.slice(i, stop));
      i = stop + 1;
    }
  }
  return out.map((f) => f.trim());
}

function csvRows(path: string): string[][] {
  return readFileSync(path, 'latin1')
    .replace(/\x1a/g, '')
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .map(csvFields);
}

/** FNV-1a, so the split is the same on every machine and run. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
const setOf = (entity: string): RealPair['set'] => (hash(entity) % 2 === 0 ? 'tuning' : 'held-out');

const words = (s: string): string[] => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim().split(' ').filter(Boolean);
const isNull = (s: string | undefined): boolean => !s || s === '-0-';

/** Legal-form words the generator recognises (its own list, kept apart from the engine's). */
const FORM_WORDS = new Set('inc incorporated corp corporation co company llc l c ltd limited gmbh ag sa s a de cv c v plc jsc oao ooo zao pjsc ojsc cjsc srl sarl bv nv spa pte sdn bhd fze fzco llp lp pc pllc'.split(' '));
const coreWords = (s: string): string[] => words(s).filter((w) => !FORM_WORDS.has(w));

const PARTICLES = new Set('al el bin ibn ben abu bint de da del la van von der of the and'.split(' '));

/**
 * Two names look like spellings of one name: on each side, at least half the words (legal forms and
 * particles aside) start with the same two letters as a word of the other side. Aliases that are
 * another name entirely (a translation, an acronym, a nom de guerre) are left out: no comparison of
 * names can find them, and they would only measure the list, not the engine.
 */
function related(x: string, y: string): boolean {
  const a = coreWords(x).filter((w) => w.length > 1 && !PARTICLES.has(w));
  const b = coreWords(y).filter((w) => w.length > 1 && !PARTICLES.has(w));
  if (!a.length || !b.length) return false;
  const covered = (side: string[], other: string[]): boolean => {
    const starts = new Set(other.map((w) => w.slice(0, 2)));
    return side.filter((w) => starts.has(w.slice(0, 2))).length * 2 >= side.length;
  };
  return covered(a, b) && covered(b, a);
}

/** Most pairs kept per kind and set, so no kind swamps the figures (picked by hash, not file order). */
const PER_KIND = 300;

interface OfacEntity {
  id: string;
  name: string;
  person: boolean;
  akas: string[];
}

function ofacEntities(): OfacEntity[] {
  const byId = new Map<string, OfacEntity>();
  const load = (prim: string, alt: string, tag: string): void => {
    for (const r of csvRows(join(REAL_DATA_DIR, prim))) {
      if (!/^\d+$/.test(r[0]) || isNull(r[1])) continue;
      const type = (r[2] ?? '').toLowerCase();
      if (type === 'vessel' || type === 'aircraft') continue;
      byId.set(`${tag}:${r[0]}`, { id: `${tag}:${r[0]}`, name: r[1], person: type === 'individual', akas: [] });
    }
    for (const r of csvRows(join(REAL_DATA_DIR, alt))) {
      const e = byId.get(`${tag}:${r[0]}`);
      if (e && r[2] === 'aka' && !isNull(r[3])) e.akas.push(r[3]);
    }
  };
  load('ofac/sdn-2024-05-03/sdn.csv', 'ofac/sdn-alt-add-2026/alt.csv', 'sdn');
  if (existsSync(join(REAL_DATA_DIR, 'ofac/consolidated-2018-05/cons_prim.csv'))) load('ofac/consolidated-2018-05/cons_prim.csv', 'ofac/consolidated-2018-05/cons_alt.csv', 'cons');
  return [...byId.values()].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}

/** "LAST, First Middle" as OFAC writes people. */
function ofacPersonParts(name: string): { last: string; given: string[] } | null {
  const m = /^([^,]+),\s*(.+)$/.exec(name);
  if (!m) return null;
  return { last: m[1].trim(), given: m[2].trim().split(/\s+/) };
}

interface LeiePerson {
  last: string;
  first: string;
  middle: string;
}

function leieRows(): { people: LeiePerson[]; businesses: string[] } {
  const dirs = ['oig-leie/supplements-2015-2017', 'oig-leie/supplements-2017', 'oig-leie/psm-test-sample-2017'].map((d) => join(REAL_DATA_DIR, d)).filter(existsSync);
  const people = new Map<string, LeiePerson>();
  const businesses = new Set<string>();
  for (const dir of dirs) {
    for (const f of readdirSync(dir).filter((n) => /\.csv$/i.test(n)).sort()) {
      for (const r of csvRows(join(dir, f)).slice(1)) {
        const [last, first, middle, bus] = r;
        if (bus && !last) businesses.add(bus.replace(/\s+/g, ' '));
        else if (last && first) people.set(`${last}|${first}|${middle}`, { last, first, middle: middle ?? '' });
      }
    }
  }
  return { people: [...people.values()].sort((x, y) => (`${x.last} ${x.first} ${x.middle}` < `${y.last} ${y.first} ${y.middle}` ? -1 : 1)), businesses: [...businesses].sort() };
}

const title = (s: string): string => s.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_, p: string, c: string) => p + c.toUpperCase());

/** Legal forms rewritten the way customers write them. */
const FORM_REWRITES: [RegExp, string][] = [
  [/,?\s+INC\.?$/, ' Incorporated'],
  [/,?\s+INCORPORATED$/, ', Inc.'],
  [/,?\s+LLC$/, ' L.L.C.'],
  [/,?\s+L\.?L\.?C\.?$/, ' Limited Liability Company'],
  [/,?\s+CORP\.?$/, ' Corporation'],
  [/,?\s+CORPORATION$/, ' Corp'],
  [/,?\s+P\.?C\.?$/, ' Professional Corporation'],
  [/,?\s+LTD\.?$/, ' Limited'],
  [/,?\s+CO\.?$/, ' Company'],
  [/,?\s+PLLC$/, ' P.L.L.C.'],
];

/** Builds every pair, deterministically (same files → same pairs in the same order). */
export function buildRealPairs(): RealPair[] {
  const pairs: RealPair[] = [];
  const add = (p: Omit<RealPair, 'set'>, entity: string): void => {
    pairs.push({ ...p, set: setOf(entity) });
  };
  const addNegative = (p: Omit<RealPair, 'set'>, e1: string, e2: string): void => {
    if (setOf(e1) === setOf(e2)) pairs.push({ ...p, set: setOf(e1) });
  };

  const entities = ofacEntities();
  // True pairs: a primary name and an alias of it that looks like a spelling of it.
  for (const e of entities) {
    for (const aka of e.akas) {
      if (aka === e.name || !related(e.name, aka)) continue;
      if (e.person) {
        const same = words(e.name).sort().join(' ') === words(aka).sort().join(' ');
        add({ a: aka, b: e.name, type: 'person', label: true, kind: same ? 'ofac-person-order' : 'ofac-person-spelling' }, e.id);
      } else {
        const form = coreWords(e.name).join(' ') === coreWords(aka).join(' ');
        add({ a: aka, b: e.name, type: 'business', label: true, kind: form ? 'ofac-business-legal-form' : 'ofac-business-variant' }, e.id);
      }
    }
  }
  // Hard negatives: different people sharing a surname; same surname and first name, other patronymic.
  const bySurname = new Map<string, { e: OfacEntity; given: string[] }[]>();
  for (const e of entities) {
    if (!e.person) continue;
    const p = ofacPersonParts(e.name);
    if (!p) continue;
    const key = p.last.toLowerCase();
    (bySurname.get(key) ?? bySurname.set(key, []).get(key)!).push({ e, given: p.given });
  }
  for (const group of bySurname.values()) {
    let n = 0;
    for (let i = 0; i < group.length && n < 3; i++) {
      for (let j = i + 1; j < group.length && n < 3; j++) {
        const [x, y] = [group[i], group[j]];
        const gx = x.given.map((g) => g.toLowerCase());
        const gy = y.given.map((g) => g.toLowerCase());
        if (gx.join(' ') === gy.join(' ')) continue;
        if (gx[0] !== gy[0] && gx[0][0] !== gy[0][0]) {
          addNegative({ a: x.e.name, b: y.e.name, type: 'person', label: false, kind: 'ofac-same-surname' }, x.e.id, y.e.id);
          n++;
        } else if (gx[0] === gy[0] && gx.length >= 2 && gy.length >= 2 && gx[1].length > 2 && gy[1].length > 2 && gx[1][0] !== gy[1][0]) {
          addNegative({ a: x.e.name, b: y.e.name, type: 'person', label: false, kind: 'ofac-other-middle-or-patronymic' }, x.e.id, y.e.id);
          n++;
        }
      }
    }
  }
  // Hard negatives: different organisations whose names share their first word.
  const byFirstWord = new Map<string, OfacEntity[]>();
  for (const e of entities) {
    if (e.person) continue;
    const w = coreWords(e.name)[0];
    if (!w || w.length < 4) continue;
    (byFirstWord.get(w) ?? byFirstWord.set(w, []).get(w)!).push(e);
  }
  for (const group of byFirstWord.values()) {
    let n = 0;
    for (let i = 0; i + 1 < group.length && n < 2; i += 2) {
      const [x, y] = [group[i], group[i + 1]];
      const wx = new Set(coreWords(x.name));
      const wy = new Set(coreWords(y.name));
      if ([...wx].every((w) => wy.has(w)) || [...wy].every((w) => wx.has(w))) continue;
      addNegative({ a: x.name, b: y.name, type: 'business', label: false, kind: 'ofac-business-shared-word' }, x.id, y.id);
      n++;
    }
  }

  const leie = leieRows();
  // True pairs: a business name longer than LEIE's 30-character field, against the name cut there.
  const businessNames = [...new Set([...leie.businesses, ...entities.filter((e) => !e.person).map((e) => e.name)])].sort();
  for (const name of businessNames) {
    if (name.length <= 31) continue;
    const cut = name.slice(0, 30);
    if (cut.endsWith(' ')) continue;
    add({ a: title(name), b: cut.toUpperCase(), type: 'business', label: true, kind: 'truncated-at-30' }, `bus:${name}`);
  }
  // True pairs: LEIE business names with their legal form written another way.
  for (const name of leie.businesses) {
    for (const [re, to] of FORM_REWRITES) {
      if (re.test(name)) {
        add({ a: title(name.replace(re, '')) + to, b: name, type: 'business', label: true, kind: 'leie-legal-form' }, `bus:${name}`);
        break;
      }
    }
  }
  // Hard negatives from LEIE people.
  const leieBySurname = new Map<string, LeiePerson[]>();
  for (const p of leie.people) (leieBySurname.get(p.last) ?? leieBySurname.set(p.last, []).get(p.last)!).push(p);
  const full = (p: LeiePerson): string => [p.first, p.middle, p.last].filter((s) => s && s.trim()).join(' ');
  const key = (p: LeiePerson): string => `leie:${p.last}|${p.first}|${p.middle}`;
  for (const group of leieBySurname.values()) {
    for (let i = 0; i + 1 < group.length && i < 4; i += 2) {
      const [x, y] = [group[i], group[i + 1]];
      if (x.first[0] === y.first[0]) continue;
      addNegative({ a: title(full(x)), b: full(y), type: 'person', label: false, kind: 'leie-same-surname' }, key(x), key(y));
    }
  }
  // The roster's first name is only the list person's middle name ("Linda Davis" vs JOSHUA LINDA DAVIS).
  for (const p of leie.people) {
    const middle = p.middle.trim();
    if (middle.length < 3 || /\./.test(middle) || middle[0] === p.first[0]) continue;
    add({ a: title(`${middle} ${p.last}`), b: full(p), type: 'person', label: false, kind: 'leie-middle-name-as-first' }, key(p));
  }
  // Same first and last name, a different full middle name on each side (taken from the next record).
  const withMiddle = leie.people.filter((p) => p.middle.trim().length >= 3 && !/\./.test(p.middle));
  for (let i = 0; i + 1 < withMiddle.length; i += 3) {
    const [x, y] = [withMiddle[i], withMiddle[i + 1]];
    if (x.middle[0] === y.middle[0]) continue;
    add({ a: title(`${x.first} ${y.middle} ${x.last}`), b: full(x), type: 'person', label: false, kind: 'leie-other-middle-name' }, key(x));
  }
  const kept = new Map<string, number>();
  return pairs
    .map((p) => ({ p, h: hash(`${p.a}|${p.b}`) }))
    .sort((x, y) => x.h - y.h || (x.p.a < y.p.a ? -1 : 1))
    .filter(({ p }) => {
      const k = `${p.set}|${p.kind}`;
      const n = kept.get(k) ?? 0;
      kept.set(k, n + 1);
      return n < PER_KIND;
    })
    .map(({ p }) => p);
}
