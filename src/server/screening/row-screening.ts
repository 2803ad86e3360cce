/**
 * What each search type asks the engine for a chunk of rows, and the result rows it leaves:
 * one per exclusion hit, one NPI check and one SSDMF check per row (ADR 014).
 */
import { STATE_SOURCE_IDS, type SourceId } from '#shared/list-record';
import type { NpiCheck, NpiCheckName } from '#engine/npi-check';
import type { Hit, ScreenQuery, ScreenResult } from '#engine/query-types';
import type { ScreenOptions } from '#engine/settings';
import { CLIENT_THRESHOLD_MIN } from '#shared/review-threshold';
import { npiCriterionText } from '#shared/npi-problems';

export type Screener = (queries: ScreenQuery[], options: ScreenOptions) => Promise<ScreenResult[]>;

export interface RowInput {
  rowIndex: number;
  values: Record<string, string>;
  uniqueId: string | null;
}

export interface ResultDraft {
  rowIndex: number;
  resultType: 'exclusions' | 'npi' | 'ssdmf';
  searchType: string;
  source: string | null;
  sourceRecordId: string | null;
  score: number | null;
  explanation: Record<string, unknown>;
  reviewStatus: 'NONCLEARED' | 'CLEARED';
  searchCriteriaKey: string;
}

/** Another row of the batch carrying the same NPI. */
export interface NpiUse {
  rowIndex: number;
  uniqueId: string | null;
}
/** Rows by NPI (see `npiKey`), only for NPIs carried by two rows or more. */
export type NpiUses = ReadonlyMap<string, readonly NpiUse[]>;
/** At most this many other rows are named in a result; the count says how many there are. */
export const MAX_SHARED_ROWS_NAMED = 10;

/** An NPI as compared between rows: without the separators people type (spaces, dashes, dots). */
export const npiKey = (raw: string): string => raw.replace(/[\s\-.\u00a0]/g, '');

/** The rows sharing an NPI among `rows` (the whole batch, so that rows of other chunks count). */
export function npiUsesOf(rows: Iterable<{ rowIndex: number; uniqueId: string | null; npi: string | null | undefined }>): NpiUses {
  const all = new Map<string, NpiUse[]>();
  for (const r of rows) {
    const key = r.npi ? npiKey(r.npi) : '';
    if (!key) continue;
    const list = all.get(key);
    if (list) list.push({ rowIndex: r.rowIndex, uniqueId: r.uniqueId });
    else all.set(key, [{ rowIndex: r.rowIndex, uniqueId: r.uniqueId }]);
  }
  for (const [key, list] of all) if (list.length < 2) all.delete(key);
  return all;
}

/** The name the row gives for the NPI's holder: the person's name, else the company's. */
export function npiHolderName(v: Record<string, string>): NpiCheckName | null {
  if (v['First Name'] || v['Last Name']) return { type: 'person', firstName: v['First Name'] ?? '', middleName: v['Middle Name'] ?? null, lastName: v['Last Name'] ?? '' };
  if (v['Company Name']) return { type: 'business', name: v['Company Name'] };
  return null;
}

/** The federal and state exclusion lists (the interactive search uses them too). */
export const EXCLUSION_SOURCES: SourceId[] = ['leie', 'sam', ...STATE_SOURCE_IDS];
export const OFAC_SOURCES: SourceId[] = ['ofac-sdn', 'ofac-consolidated'];
const NAME_TYPES = ['Exclusion Search by Individual Name', 'Exclusion Search by Business Name'];
const NPI_EXCLUSION_TYPES = ['Exclusion Search by NPI', 'Search by NPI'];

/** The row's criteria as reviewers see them: "First Last | NPI 1234567893", with its unique id and an NPI's problem. */
export function searchCriteriaKey(row: RowInput): string {
  const v = row.values;
  const name = [v['First Name'], v['Middle Name'], v['Last Name']].filter(Boolean).join(' ') || v['Company Name'] || '';
  // An NPI that is not valid says so on every result of the row: screened by name all the same (issue 50).
  const parts = [name, v.NPI ? npiCriterionText(v.NPI, v) : '', v.SSN ? `SSN ***-**-${v.SSN.replace(/\D/g, '').slice(-4)}` : '', v['License Number'] ? `License ${v['License Number']}${v['License State'] ? ` (${v['License State']})` : ''}` : ''].filter(Boolean);
  return (row.uniqueId ? `${row.uniqueId}: ` : '') + parts.join(' | ');
}

const placeOf = (v: Record<string, string>) => ({ state: v.State ?? null, city: v.City ?? null, postalCode: v['Postal Code'] ?? null });
const licenseOf = (v: Record<string, string>) => ({
  ...(v['License Number'] ? { licenseNumber: v['License Number'], licenseState: v['License State'] ?? null } : {}),
  ...(v['Provider Type'] ? { providerType: v['Provider Type'] } : {}),
});

function nameQuery(types: readonly string[], v: Record<string, string>): ScreenQuery | null {
  // The licence number only when the file has one (ADR 120): a query without it is the same object as before.
  // The licence and the provider type only when the file has them (ADR 120, 121): a query without them is the same object as before.
  const place = v['License Number'] || v['Provider Type'] ? { ...placeOf(v), ...licenseOf(v) } : placeOf(v);
  if (types.includes('Exclusion Search by Individual Name') && (v['First Name'] || v['Last Name'])) {
    return { type: 'individual', firstName: v['First Name'] ?? '', middleName: v['Middle Name'] ?? null, lastName: v['Last Name'] ?? '', dateOfBirth: v['Date of Birth'] ?? null, npi: v.NPI ?? null, ssn: v.SSN ?? null, ...place };
  }
  if (types.includes('Exclusion Search by Business Name') && v['Company Name']) return { type: 'business', name: v['Company Name'], npi: v.NPI ?? null, ...place };
  return null;
}

/** Runs one kind of query over the rows that have one; answers results by row index. */
async function run(screen: Screener, rows: readonly RowInput[], build: (r: RowInput) => ScreenQuery | null, options: ScreenOptions) {
  const asked = rows.map((r) => [r, build(r)] as const).filter((x): x is readonly [RowInput, ScreenQuery] => x[1] !== null);
  const results = asked.length ? await screen(asked.map((x) => x[1]), options) : [];
  return new Map(asked.map(([r], i) => [r.rowIndex, results[i]]));
}

const hitDraft = (row: RowInput, searchType: string, hit: Hit): ResultDraft => ({
  rowIndex: row.rowIndex,
  resultType: 'exclusions',
  searchType,
  source: hit.record.source,
  sourceRecordId: hit.record.sourceRecordId,
  score: hit.score,
  explanation: hit.explanation as unknown as Record<string, unknown>,
  reviewStatus: 'NONCLEARED',
  searchCriteriaKey: searchCriteriaKey(row),
});

/** A draft per hit whose record the row has no draft of yet (`seen`: the records drafted, by source and id). */
function addHitDrafts(out: ResultDraft[], seen: Set<string>, row: RowInput, searchType: string, hits: Hit[] = []): void {
  for (const hit of hits) {
    const key = `${hit.record.source}|${hit.record.sourceRecordId}`;
    if (!seen.has(key)) out.push(hitDraft(row, searchType, hit));
    seen.add(key);
  }
}

/**
 * Name candidates scored under the threshold but not under the lowest a client may choose: each
 * one's score, and each row without a finding its best one (the threshold preview, ADR 042).
 */
export interface NearMisses {
  scores: number[];
  rowBest: number[];
}

/** Screens the rows for every selected search type; `nearMisses`, when given, collects the name near misses. */
export async function screenRows(
  screen: Screener,
  types: readonly string[],
  rows: readonly RowInput[],
  settings: { threshold?: number; npiUses?: NpiUses; nearMisses?: NearMisses; dmfLoaded?: boolean } = {},
): Promise<ResultDraft[]> {
  const nameType = NAME_TYPES.find((t) => types.includes(t));
  const nameSources = types.includes('OFAC') ? [...EXCLUSION_SOURCES, ...OFAC_SOURCES] : EXCLUSION_SOURCES;
  const nearFloor = settings.nearMisses && settings.threshold !== undefined && settings.threshold > CLIENT_THRESHOLD_MIN ? CLIENT_THRESHOLD_MIN : undefined;
  // Only the matches are stored: a near miss is counted by its score, never explained (ADR 075). The
  // name and NPI exclusion searches' NPPES checks are not read (the NPI result takes the opt-out query's): not made (ADR 089).
  const byName = nameType ? await run(screen, rows, (r) => nameQuery(types, r.values), { sources: nameSources, threshold: settings.threshold, minScore: nearFloor, explain: 'matches', npiCheck: false }) : new Map();
  const npiType = NPI_EXCLUSION_TYPES.find((t) => types.includes(t));
  const byNpi = npiType ? await run(screen, rows, (r) => (r.values.NPI ? { type: 'npi', npi: r.values.NPI } : null), { sources: EXCLUSION_SOURCES, threshold: settings.threshold, npiCheck: false }) : new Map();
  const wantsNpiRow = types.includes('NPI Validation');
  // The opt-out query also answers the NPPES check, with the row's name to compare.
  const optOut = wantsNpiRow ? await run(screen, rows, (r) => (r.values.NPI ? { type: 'npi', npi: r.values.NPI, name: npiHolderName(r.values) } : null), { sources: ['optout'] }) : new Map();
  const npiUses: NpiUses = wantsNpiRow ? (settings.npiUses ?? npiUsesOf(rows.map((r) => ({ rowIndex: r.rowIndex, uniqueId: r.uniqueId, npi: r.values.NPI })))) : new Map();
  // Without a Death Master File an SSN is not checked, and its result says so (ADR 055).
  const dmfLoaded = settings.dmfLoaded ?? true;
  const dmf = types.includes('SSDMF') && dmfLoaded ? await run(screen, rows, (r) => (r.values.SSN ? { type: 'ssn', ssn: r.values.SSN } : null), { sources: ['dmf'] }) : new Map();

  const out: ResultDraft[] = [];
  for (const row of rows) {
    const seen = new Set<string>();
    const nameHits: Hit[] = byName.get(row.rowIndex)?.hits ?? [];
    if (nameType) addHitDrafts(out, seen, row, nameType, nameHits.filter((h) => h.isMatch));
    if (npiType) addHitDrafts(out, seen, row, npiType, byNpi.get(row.rowIndex)?.hits);
    if (settings.nearMisses && nearFloor !== undefined) {
      // Records already findings (by name or NPI) are not near misses.
      const near = nameHits.filter((h) => !h.isMatch && !seen.has(`${h.record.source}|${h.record.sourceRecordId}`)).map((h) => h.score);
      settings.nearMisses.scores.push(...near);
      if (near.length && seen.size === 0) settings.nearMisses.rowBest.push(Math.max(...near));
    }
    const key = searchCriteriaKey(row);
    // Add-on searches run only on the rows that hold their field (issue 18), and bill only those (usage.ts).
    if (wantsNpiRow && row.values.NPI) {
      const others = row.values.NPI ? (npiUses.get(npiKey(row.values.NPI)) ?? []).filter((u) => u.rowIndex !== row.rowIndex) : [];
      out.push(npiRow(row, key, types, optOut.get(row.rowIndex), npiType ? (byNpi.get(row.rowIndex)?.hits.length ?? 0) > 0 : null, others));
    }
    if (types.includes('SSDMF') && row.values.SSN) {
      const hit = dmf.get(row.rowIndex)?.hits[0];
      if (!dmfLoaded) out.push({ rowIndex: row.rowIndex, resultType: 'ssdmf', searchType: 'SSDMF', source: null, sourceRecordId: null, score: null, explanation: { found: false, dmfLoaded: false, dateOfDeath: null }, reviewStatus: 'CLEARED', searchCriteriaKey: key });
      else out.push({ rowIndex: row.rowIndex, resultType: 'ssdmf', searchType: 'SSDMF', source: hit ? 'dmf' : null, sourceRecordId: hit?.record.sourceRecordId ?? null, score: hit?.score ?? null, explanation: { found: Boolean(hit), dateOfDeath: hit?.record.dateOfDeath ?? null }, reviewStatus: hit ? 'NONCLEARED' : 'CLEARED', searchCriteriaKey: key });
    }
  }
  return out;
}

/**
 * The NPI check as an NPI result stores it: the name comparison keeps, of the engine's
 * explanation, the fields compared (the lines readers show) and the scoring rules' version; its
 * verdict, summary, score and names are in the agreement itself, the rest (adjustments, the
 * matched name again, the threshold) no reader shows. An NPI result with a record was the
 * largest result stored, and every one was over the size PostgreSQL compresses (ADR 076).
 */
export function storedNpiCheck(check: NpiCheck | null): Record<string, unknown> | null {
  const a = check?.nameAgreement;
  if (!check || !a) return check as Record<string, unknown> | null;
  // Written out in the order stored before (`{ ...rest, explanation }`, rest the agreement but its
  // explanation): on Node 20 a key added after a spread makes a new hidden class per result (ADR 092).
  const nameAgreement = { score: a.score, agrees: a.agrees, summary: a.summary, customerName: a.customerName, nppesName: a.nppesName, matchedThrough: a.matchedThrough, explanation: { algorithmVersion: a.explanation.algorithmVersion, fields: a.explanation.fields } };
  return { ...check, nameAgreement };
}

/**
 * The NPI result of a row. Only a valid NPI, active in NPPES, held by the name the row gives (or
 * no name given), used by no other row, not opted out and not excluded arrives cleared; anything
 * else is a finding for a reviewer (issue 14: someone using another clinician's NPI).
 */
function npiRow(row: RowInput, key: string, types: readonly string[], result: ScreenResult | undefined, excluded: boolean | null, others: readonly NpiUse[]): ResultDraft {
  const check = result?.npiCheck ?? null;
  const optedOut = types.includes('NPI Medicare OptOut') ? (result?.hits.length ?? 0) > 0 : null;
  const sharedWith = others.slice(0, MAX_SHARED_ROWS_NAMED).map((u) => ({ rowNumber: u.rowIndex + 1, uniqueId: u.uniqueId }));
  const isActive = Boolean(check?.valid && check.found && check.status !== 'deactivated');
  const isClear = isActive && check?.nameAgreement?.agrees !== false && others.length === 0 && optedOut !== true && excluded !== true;
  return {
    rowIndex: row.rowIndex,
    resultType: 'npi',
    searchType: 'NPI Validation',
    source: check?.found ? 'nppes' : null,
    sourceRecordId: check?.nppesRecordId ?? null,
    score: null,
    explanation: { npiCheck: storedNpiCheck(check), optedOut, excluded, sharedWith, sharedCount: others.length },
    reviewStatus: isClear ? 'CLEARED' : 'NONCLEARED',
    searchCriteriaKey: key,
  };
}
