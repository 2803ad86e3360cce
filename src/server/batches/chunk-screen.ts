/**
 * What a chunk's screening reads on this thread before the screening threads take its rows: the
 * batch's shared NPIs, the NPPES and DMF records of its keys as stored text (ADR 084). Shared by
 * the chunk's job and the head start of a submission (ADR 107), so both screen a chunk alike.
 */
import type { AppContext } from '../app-context';
import { checkNpi, checkSsn } from '#shared/identifiers';
import { batchNpiUses } from './npi-uses';
import { npiKey, type NpiUse, type NpiUses, type RowInput } from '../screening/row-screening';
import { screenChunkRows, versionIdsOf, type Screening } from '../screening/screener';
import { readKeyedTexts } from '../screening/keyed';
import type { ChunkSliceOutput, KeyedTexts } from '../screening/chunk-screening';

/** The batch as its chunks are screened: `submittedAt` tells a resubmission apart (its shared NPIs). */
export interface ScreenedBatch {
  id: number;
  searchTypes: string[];
  submittedAt: Date | null;
}

/**
 * Reads what the chunk's rows are screened with, then answers the screening to start: the rows cut
 * in slices for the screening threads, each result shaped for the write (COPY lines on PGlite,
 * ADR 093; JSON on PostgreSQL's workers).
 */
export async function chunkScreening(ctx: AppContext, screening: Screening, batch: ScreenedBatch, threshold: number, rows: RowInput[]): Promise<() => Promise<ChunkSliceOutput[]>> {
  const { index, keyed, version } = screening;
  const npiUses = batch.searchTypes.includes('NPI Validation') ? await batchNpiUses(ctx.db, batch) : undefined;
  // A deployment may not hold the licensed Death Master File: its SSNs are then not checked (ADR 055).
  const dmfLoaded = keyed.dmfLoaded;
  // The NPPES and DMF records of the chunk's keys, one query per source, read as stored text:
  // the screening threads parse, screen and send them back within the results' JSON (ADR 084).
  const texts = await readKeyedTexts(ctx.db, keyed.versions, chunkKeys(batch.searchTypes, rows, dmfLoaded));
  const versions = [...versionIdsOf(version)];
  const shape = resultShapeOf(ctx);
  return () =>
    screenChunkRows(ctx, index, rows, (part) => ({
      types: batch.searchTypes,
      rows: part,
      threshold,
      npiUses: npiUses && npiUsesOfRows(npiUses, part),
      dmfLoaded,
      keyed: keyedTextsOfRows(texts, part),
      keyedVersion: keyed.indexVersion,
      versions,
      shape,
    }));
}

/** How a chunk's results come from the threads: COPY lines on PGlite (ADR 093), JSON for PostgreSQL's workers. */
export const resultShapeOf = (ctx: Pick<AppContext, 'database'>): 'copy' | 'json' => (ctx.database.kind === 'pglite' ? 'copy' : 'json');

/** Search types whose queries carry a row's NPI (the name searches, by NPI, the NPI check). */
const NPI_TYPES = ['Exclusion Search by Individual Name', 'Exclusion Search by Business Name', 'Exclusion Search by NPI', 'Search by NPI', 'NPI Validation'];

/** The NPIs and SSNs a chunk's screening may look up in NPPES and the DMF. */
function chunkKeys(types: readonly string[], rows: readonly RowInput[], dmfLoaded: boolean): { npis: Set<string>; ssns: Set<string> } {
  const npis = new Set<string>();
  const ssns = new Set<string>();
  const withNpis = types.some((t) => NPI_TYPES.includes(t));
  const withSsns = dmfLoaded && types.includes('SSDMF');
  for (const r of rows) {
    const npi = withNpis && r.values.NPI ? checkNpi(r.values.NPI) : null;
    if (npi?.ok) npis.add(npi.value);
    const ssn = withSsns && r.values.SSN ? checkSsn(r.values.SSN) : null;
    if (ssn?.ok) ssns.add(ssn.value);
  }
  return { npis, ssns };
}

/** The keyed records (stored text) of a slice's rows' keys, in the order read. */
export function keyedTextsOfRows(texts: { nppes: Map<string, string>; dmf: Map<string, string> }, rows: readonly RowInput[]): KeyedTexts {
  const out: KeyedTexts = { nppes: [], dmf: [] };
  const { npis, ssns } = chunkKeys(['NPI Validation', 'SSDMF'], rows, true);
  for (const [id, text] of texts.nppes) if (npis.has(id)) out.nppes.push([id, text]);
  for (const [id, text] of texts.dmf) if (ssns.has(id)) out.dmf.push([id, text]);
  return out;
}

/** The batch's shared NPIs that a slice's rows carry. */
function npiUsesOfRows(uses: NpiUses, rows: readonly RowInput[]): Map<string, readonly NpiUse[]> {
  const out = new Map<string, readonly NpiUse[]>();
  for (const r of rows) {
    const key = r.values.NPI ? npiKey(r.values.NPI) : '';
    const shared = key ? uses.get(key) : undefined;
    if (shared) out.set(key, shared);
  }
  return out;
}
