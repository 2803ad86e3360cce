import { basename } from 'node:path';
import { emptyListRecord, type ListRecord } from '#shared/list-record';
import { createBatchedParseRun, type FileContext, type ParseOptions, type ParseRun } from '../core/parse-run';
import { inputName, type ListInput } from '../core/read-lines';
import { NPI_REGISTRY_URL, parseNpidataFile, type NpidataJoin } from './npidata';
import { readDeactivations, readOtherNames, readPracticeLocations, type NpiFact } from './reference-files';

export type NppesFileRole = 'npidata' | 'othername' | 'pl' | 'deactivation' | 'ignored';

/** Tells an NPPES file's role from its name; header-only and endpoint files are ignored. */
export function nppesFileRole(fileName: string): NppesFileRole {
  const name = basename(fileName).toLowerCase();
  if (name.includes('fileheader') || name.startsWith('endpoint_pfile') || name.endsWith('.pdf')) return 'ignored';
  if (name.includes('othername')) return 'othername';
  if (name.startsWith('pl_')) return 'pl';
  if (name.includes('deactivat')) return 'deactivation';
  return 'npidata';
}

type FactMap<T> = Map<string, { line: number; file: string; values: T[] }>;

async function loadFacts<T>(inputs: ListInput[], contextFor: (file: string) => FileContext, read: (input: ListInput, context: FileContext) => AsyncIterable<NpiFact<T>[]>): Promise<FactMap<T>> {
  const map: FactMap<T> = new Map();
  for (const input of inputs) {
    const file = inputName(input);
    for await (const facts of read(input, contextFor(file))) {
      for (const fact of facts) {
        const entry = map.get(fact.npi) ?? { line: fact.line, file, values: [] };
        entry.values.push(fact.value);
        map.set(fact.npi, entry);
      }
    }
  }
  return map;
}

function deactivatedOnly(npi: string, date: string | null, dateAcquired: string | null): ListRecord {
  const record = emptyListRecord('nppes', npi, 'person');
  record.npi = npi;
  record.link = `${NPI_REGISTRY_URL}${npi}`;
  record.dateAcquired = dateAcquired;
  record.extra.entityTypeCode = '';
  if (date) record.extra.deactivationDate = date;
  return record;
}

// Records made from the deactivation report alone are handed out in batches of this size.
const DEACTIVATED_BATCH_SIZE = 10_000;

/**
 * Parses an NPPES delivery: npidata files (monthly or weekly) streamed a chunk at a time,
 * joined with othername (DBAs), pl (secondary practice states) and the deactivation report,
 * which are read first into maps keyed by NPI. Reference rows whose NPI is absent from the
 * npidata files are reported; deactivations without an npidata row become minimal records.
 */
export function parseNppes(files: readonly ListInput[], options: ParseOptions = {}): ParseRun {
  return createBatchedParseRun(options, async function* (contextFor) {
    const byRole = (role: NppesFileRole): ListInput[] => files.filter((f) => nppesFileRole(inputName(f)) === role);
    const otherNames = await loadFacts(byRole('othername'), contextFor, readOtherNames);
    const locations = await loadFacts(byRole('pl'), contextFor, readPracticeLocations);
    const deactivations = await loadFacts(byRole('deactivation'), contextFor, readDeactivations);
    for (const input of byRole('ignored')) contextFor(inputName(input)).warn(0, 'not read: header-only, endpoint or documentation file');
    const join: NpidataJoin = {
      otherNames: (npi) => otherNames.get(npi)?.values.map((v) => v.name) ?? [],
      complete(record) {
        const npi = record.npi ?? '';
        // Most NPIs have no secondary location or deactivation: look up before building anything.
        const location = locations.get(npi);
        if (location) {
          const states = [...new Set(location.values.map((v) => v.state).filter((s): s is string => s !== null))];
          if (states.length > 0) record.extra.secondaryPracticeStates = states.join(';');
        }
        const deactivated = deactivations.get(npi)?.values[0];
        if (deactivated && !record.extra.deactivationDate) record.extra.deactivationDate = deactivated;
        // Each fact joins the first record of its NPI only (a later `#2` row gets none).
        otherNames.delete(npi);
        locations.delete(npi);
        deactivations.delete(npi);
      },
    };

    for (const input of byRole('npidata')) yield* parseNpidataFile(input, contextFor(inputName(input)), join);
    let deactivatedOnlyRecords: ListRecord[] = [];
    for (const [npi, fact] of deactivations) {
      deactivatedOnlyRecords.push(deactivatedOnly(npi, fact.values[0], options.dateAcquired ?? null));
      if (deactivatedOnlyRecords.length >= DEACTIVATED_BATCH_SIZE) {
        yield deactivatedOnlyRecords;
        deactivatedOnlyRecords = [];
      }
    }
    yield deactivatedOnlyRecords;
    for (const map of [otherNames, locations] as FactMap<unknown>[]) {
      for (const [npi, fact] of map) {
        contextFor(fact.file).reject(fact.line, `NPI ${npi} is not in the npidata file given (${fact.values.length} row(s) skipped)`);
      }
    }
  });
}
