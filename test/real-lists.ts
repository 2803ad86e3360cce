/**
 * Every real list in ../shared/data/real that the project parses, at full size, as ListRecords
 * (issue 52's measurement harness). LEIE: the exclusion supplements and the samples (the
 * reinstatement files are people taken off the list, so they are left out); OFAC SDN with its
 * aliases and addresses; every state file a state config reads. Nothing is copied into the
 * repository: the records are parsed from ../shared on each run (ADR 027).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ListRecord } from '../src/shared/list-record';
import { findListSource } from '../src/lists/sources';
import { collectRun } from '../src/lists/core/parse-run';
import { loadStateConfigs, type StateListConfig } from '../src/lists/state/config';
import { parseStateList } from '../src/lists/state/parse';

export const REAL_LISTS_DIR = new URL('../../shared/data/real/', import.meta.url).pathname;

/** Why the real lists cannot be loaded here, or null when they can. */
export function realListsMissing(): string | null {
  for (const f of ['oig-leie/supplements-2015-2017', 'ofac/sdn-2024-05-03/sdn.csv', 'states']) {
    if (!existsSync(join(REAL_LISTS_DIR, f))) return `../shared/data/real/${f} is not on this machine`;
  }
  return null;
}

/** State config id → the real files it reads (as src/lists/state/real-states*.test.ts map them; California in full). */
export const STATE_FILES: [string, string[]][] = [
  ['state-ak', ['AK/Alaska.csv']],
  ['state-al', ['AL/Alabama.xlsx']],
  ['state-ar', ['AR/Arkansas.csv']],
  ['state-az', ['AZ/az1-0.html']],
  ['state-az-exclusions', ['AZ/Arizona.xlsx']],
  ['state-ca', ['CA/California_Exclusion_List.csv']],
  ['state-co', ['CO/Colorado.xlsx']],
  ['state-ct', ['CT/Connecticut.xlsx']],
  ['state-de', ['DE/Delaware.csv']],
  ['state-ga', ['GA/Georgia List.xlsx']],
  ['state-hi', ['HI/Hawaii list.pdf']],
  ['state-ia', ['IA/Iowa list.xlsx']],
  ['state-id', ['ID/Idaho list.pdf']],
  ['state-il', ['IL/Illinois list.xlsx', 'IL/il1-0.xls']],
  ['state-in', ['IN/Indiana list.xlsx']],
  ['state-ks', ['KS/Kansas list.xlsx']],
  ['state-ky', ['KY/Kentucky list.xlsx']],
  // The CSV, not the xlsx re-save of the same export (README: the re-save altered dates).
  ['state-la', ['LA/Louisiana list.csv']],
  ['state-ma', ['MA/Massachusetts.xlsx']],
  ['state-md', ['MD/Maryland.xlsx']],
  ['state-me', ['ME/Maine list.pdf']],
  ['state-mi', ['MI/Michigan.xlsx']],
  ['state-ms', ['MS/Mississippi.xlsx']],
  ['state-mt', ['MT/Montana.xlsx']],
  ['state-nc', ['NC/NC_Excluded_Providers.xlsx']],
  ['state-nd', ['ND/ND_Provider_Exclusions.xlsx']],
  ['state-ne', ['NE/Nebraska.pdf']],
  ['state-nj', ['NJ/NJ_Exclusion_List.csv', 'NJ/njmfdper-0.first12pages.pdf']],
  ['state-nj-debarment', ['NJ/njcdr-0.txt']],
  ['state-ny', ['NY/NYSOMIGExclusionsList.xlsx']],
  ['state-oh', ['OH/Ohio_Provider_Exclusions.xlsx']],
  ['state-pa', ['PA/Pennsylvania_exclusion_list.csv']],
  ['state-sc', ['SC/South Carolina.xlsx']],
  ['state-tn', ['TN/tn1-0.pdf']],
  ['state-tx', ['TX/TexasExclusionsData_2026_06_15.xls']],
  ['state-vt', ['VT/Vermont.xlsx']],
  ['state-wa', ['WA/Washinton.xlsx']],
  ['state-wv', ['WV/wv2-0.pdf', 'WV/wv2-1.pdf', 'WV/wv2-2.pdf']],
  ['state-wy', ['WY/2021_07_07_Wyoming-Medicaid-Exclusion-List-PDF_AP.pdf']],
];

/**
 * The state lists issue 52's figures were measured on (before issue 54 added sixteen states and Arizona's
 * State Exclusions): its targets hold on these; the lists added since are measured beside them.
 */
export const ISSUE_52_STATE_SOURCES: readonly string[] = [
  'state-az', 'state-ca', 'state-ga', 'state-hi', 'state-ia', 'state-id', 'state-il', 'state-in', 'state-ks', 'state-ky', 'state-la',
  'state-me', 'state-nc', 'state-nd', 'state-nj', 'state-nj-debarment', 'state-ny', 'state-oh', 'state-pa', 'state-tn', 'state-tx', 'state-wv',
];

export interface LoadedList {
  /** "leie", "ofac-sdn", or the state config id, with the file when a config reads several. */
  label: string;
  source: string;
  records: ListRecord[];
}

async function collect(source: string, files: string[]): Promise<ListRecord[]> {
  const out: ListRecord[] = [];
  for await (const r of findListSource(source)!.parse(files)) out.push(r);
  return out;
}

/** LEIE exclusion files: the supplements' EXCL/sanc files and the UPDATED samples. */
export function leieFiles(): string[] {
  return ['oig-leie/supplements-2015-2017', 'oig-leie/psm-test-sample-2017', 'oig-leie/current-format-head-rows']
    .filter((d) => existsSync(join(REAL_LISTS_DIR, d)))
    .flatMap((d) => readdirSync(join(REAL_LISTS_DIR, d)).filter((f) => /excl|sanc|UPDATED/i.test(f)).sort().map((f) => join(REAL_LISTS_DIR, d, f)));
}

/** Parses every list, one entry per list (and per file for the states with several). */
export async function loadRealLists(): Promise<LoadedList[]> {
  const out: LoadedList[] = [
    { label: 'leie', source: 'leie', records: await collect('leie', leieFiles()) },
    {
      label: 'ofac-sdn',
      source: 'ofac-sdn',
      records: await collect('ofac-sdn', ['ofac/sdn-2024-05-03/sdn.csv', 'ofac/sdn-alt-add-2026/alt.csv', 'ofac/sdn-alt-add-2026/add.csv'].map((f) => join(REAL_LISTS_DIR, f))),
    },
  ];
  const configs = new Map(loadStateConfigs().map((c) => [c.id, c]));
  for (const [id, files] of STATE_FILES) {
    const config = configs.get(id) as StateListConfig;
    for (const file of files) {
      const path = join(REAL_LISTS_DIR, 'states', file);
      if (!existsSync(path)) continue;
      const records = await collectRun(parseStateList(config, [path]));
      out.push({ label: files.length > 1 ? `${id} (${file.split('/').pop()})` : id, source: id, records });
    }
  }
  return out;
}

/**
 * All records in one array. A config read twice (IL, NJ, WV) may give two files' records the same
 * sourceRecordId; those are renamed "<id>#<file number>" so a hit names one record.
 */
export function allRecords(lists: LoadedList[]): ListRecord[] {
  const seen = new Set<string>();
  const out: ListRecord[] = [];
  lists.forEach((list, n) => {
    for (const r of list.records) {
      let key = `${r.source}|${r.sourceRecordId}`;
      if (seen.has(key)) {
        r.sourceRecordId = `${r.sourceRecordId}#${n}`;
        key = `${r.source}|${r.sourceRecordId}`;
      }
      seen.add(key);
      out.push(r);
    }
  });
  return out;
}
