/**
 * A clean roster of realistic US people, drawn by real name frequencies (issue 52): surnames from
 * the Census 2000 surname table (../shared/data/name-frequencies/census-2000-qss/cnames.csv,
 * weighted by count, so Hispanic and Asian surnames come at their census share), given names from
 * the SSA national baby-names counts 1880–2023 (weighted by count, by sex). A person whose surname
 * is mostly Hispanic (pcthispanic > 50) gets a second surname a quarter of the time ("Garcia Lopez",
 * sometimes hyphenated). Deterministic by seed: the tuning roster is seed 1, the held-out seed 2.
 * Nothing is copied into the repository: the tables are read from ../shared (ADR 027).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { IndividualQuery } from '../src/engine/query-types';
import { seededRandom } from '../src/engine/synthetic-records';
import { US_STATES } from '../src/engine/synthetic-names';

export const NAME_FREQUENCIES_DIR = new URL('../../shared/data/name-frequencies/', import.meta.url).pathname;
const CENSUS = `${NAME_FREQUENCIES_DIR}census-2000-qss/cnames.csv`;
const SSA = `${NAME_FREQUENCIES_DIR}ssa-national-1880-2023/ssa_national_1880_2023_name_sex_count.csv`;

/** Why the roster cannot be drawn here, or null when it can. */
export function nameFrequenciesMissing(): string | null {
  for (const f of [CENSUS, SSA]) if (!existsSync(f)) return `${f.slice(f.indexOf('shared/'))} is not on this machine`;
  return null;
}

export interface SurnameShares {
  count: number;
  pctapi: number;
  pcthispanic: number;
}

/** Items drawn with probability proportional to their weights (binary search on the running sum). */
class WeightedSampler<T> {
  private readonly cumulative: Float64Array;
  private readonly total: number;
  constructor(
    private readonly items: readonly T[],
    weights: readonly number[],
  ) {
    this.cumulative = new Float64Array(items.length);
    let sum = 0;
    weights.forEach((w, i) => (this.cumulative[i] = sum += w));
    this.total = sum;
  }

  sample(rnd: () => number): T {
    const x = rnd() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] <= x) lo = mid + 1;
      else hi = mid;
    }
    return this.items[lo];
  }
}

interface Tables {
  shares: Map<string, SurnameShares>;
  surnames: WeightedSampler<string>;
  hispanicSurnames: WeightedSampler<string>;
  given: { F: WeightedSampler<string>; M: WeightedSampler<string> };
}

let tables: Tables | null = null;

function load(): Tables {
  if (tables) return tables;
  const shares = new Map<string, SurnameShares>();
  const names: string[] = [];
  const counts: number[] = [];
  const hispanic: number[] = [];
  const lines = readFileSync(CENSUS, 'utf8').split(/\r?\n/);
  const header = lines[0].split(',');
  const col = (name: string): number => header.indexOf(name);
  const [iName, iCount, iApi, iHisp] = [col('surname'), col('count'), col('pctapi'), col('pcthispanic')];
  for (const line of lines.slice(1)) {
    if (!line) continue;
    const f = line.split(',');
    const s = { count: Number(f[iCount]), pctapi: Number(f[iApi]), pcthispanic: Number(f[iHisp]) };
    shares.set(f[iName], s);
    names.push(f[iName]);
    counts.push(s.count);
    hispanic.push((s.count * s.pcthispanic) / 100);
  }
  const given = { F: { items: [] as string[], weights: [] as number[] }, M: { items: [] as string[], weights: [] as number[] } };
  for (const line of readFileSync(SSA, 'utf8').split(/\r?\n/).slice(1)) {
    if (!line) continue;
    const [name, sex, count] = line.split(',');
    const g = given[sex as 'F' | 'M'];
    if (!g) continue;
    g.items.push(name);
    g.weights.push(Number(count));
  }
  tables = {
    shares,
    surnames: new WeightedSampler(names, counts),
    // A second surname: drawn by how many Hispanic people carry it.
    hispanicSurnames: new WeightedSampler(names, hispanic),
    given: { F: new WeightedSampler(given.F.items, given.F.weights), M: new WeightedSampler(given.M.items, given.M.weights) },
  };
  return tables;
}

/** The census shares of an upper-case surname, or undefined when the table lacks it. */
export function surnameShares(surname: string): SurnameShares | undefined {
  return load().shares.get(surname.toUpperCase());
}

const title = (s: string): string => s.toLowerCase().replace(/(^|[\s'-])([a-z])/g, (_, p: string, c: string) => p + c.toUpperCase());

/** An ISO date, uniform over 1945-01-01 … 2003-12-31. */
function dob(rnd: () => number): string {
  const start = Date.UTC(1945, 0, 1);
  const days = Math.round((Date.UTC(2003, 11, 31) - start) / 86_400_000);
  return new Date(start + Math.floor(rnd() * (days + 1)) * 86_400_000).toISOString().slice(0, 10);
}

/** n people: first name by sex, a middle name half the time (an initial a fifth), DOB 1945–2003, a state. */
export function cleanRoster(n: number, seed: number): IndividualQuery[] {
  const t = load();
  const rnd = seededRandom(seed);
  const out: IndividualQuery[] = [];
  for (let i = 0; i < n; i++) {
    const sex = rnd() < 0.5 ? 'F' : 'M';
    const firstName = t.given[sex].sample(rnd);
    const m = rnd();
    let middleName: string | null = null;
    if (m < 0.7) {
      let middle = t.given[sex].sample(rnd);
      for (let k = 0; k < 3 && middle === firstName; k++) middle = t.given[sex].sample(rnd);
      middleName = m < 0.5 ? middle : middle.charAt(0);
    }
    const surname = t.surnames.sample(rnd);
    let lastName = title(surname);
    if ((t.shares.get(surname)?.pcthispanic ?? 0) > 50 && rnd() < 0.25) {
      let second = t.hispanicSurnames.sample(rnd);
      for (let k = 0; k < 3 && second === surname; k++) second = t.hispanicSurnames.sample(rnd);
      lastName += (rnd() < 0.3 ? '-' : ' ') + title(second);
    }
    out.push({ type: 'individual', firstName, middleName, lastName, dateOfBirth: dob(rnd), state: US_STATES[Math.floor(rnd() * US_STATES.length)] });
  }
  return out;
}
