import { basename } from 'node:path';

/** What an LEIE file holds, from its name: the full list or one monthly supplement. */
export interface LeieFileKind {
  kind: 'full' | 'exclusions' | 'reinstatements';
  /** Month the supplement is named for (`YYYY-MM`), null for the full file. */
  month: string | null;
}

const SUPPLEMENT_NAMES: readonly [RegExp, LeieFileKind['kind']][] = [
  [/^(\d{2})(\d{2})EXCL\.csv$/i, 'exclusions'],
  [/^(\d{2})(\d{2})REIN\.csv$/i, 'reinstatements'],
  [/^sanc(\d{2})(\d{2})\.csv$/i, 'exclusions'], // names used before 2016
  [/^rein(\d{2})(\d{2})\.csv$/i, 'reinstatements'],
];

/**
 * `UPDATED.csv` (or any other name) is the full list; `YYMMEXCL.csv` / `sancYYMM.csv` add
 * exclusions and `YYMMREIN.csv` / `reinYYMM.csv` list reinstatements, so an updater can add
 * the first and mark the second.
 */
export function leieFileKind(fileName: string): LeieFileKind {
  const name = basename(fileName);
  for (const [pattern, kind] of SUPPLEMENT_NAMES) {
    const match = name.match(pattern);
    if (match && +match[2] >= 1 && +match[2] <= 12) return { kind, month: `20${match[1]}-${match[2]}` };
  }
  return { kind: 'full', month: null };
}
