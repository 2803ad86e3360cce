import type { ListRecord } from '#shared/list-record';
import { WrongSourceError } from '../core/errors';
import { createParseRun, type ParseOptions, type ParseRun } from '../core/parse-run';
import { inputName, type ListInput } from '../core/read-lines';
import type { OfacSourceId } from './entry';
import { ofacFileRole, parseOfacCsv, type OfacCsvFiles } from './legacy-csv';
import { parseOfacXml } from './xml';

/**
 * Parses one OFAC publication: either the XML (sdn.xml / consolidated.xml) or the legacy
 * CSV set (sdn.csv + alt.csv + add.csv [+ sdn_comments.csv], or the cons_* equivalents,
 * also as .del / .pip). File roles come from the file names.
 */
export function parseOfac(source: OfacSourceId, files: readonly ListInput[], options: ParseOptions = {}): ParseRun {
  return createParseRun(options, async function* (contextFor): AsyncGenerator<ListRecord> {
    const csv: Partial<OfacCsvFiles> = {};
    for (const file of files) {
      const role = ofacFileRole(inputName(file));
      if (role === 'xml') {
        yield* parseOfacXml(file, source, contextFor(inputName(file)));
        continue;
      }
      if (csv[role] !== undefined) throw new WrongSourceError(`two OFAC ${role} files given: ${inputName(csv[role])} and ${inputName(file)}`);
      csv[role] = file;
    }
    if (csv.prim === undefined) {
      if (csv.alt || csv.add || csv.comments) throw new WrongSourceError('OFAC alt/add files given without the main file (sdn.csv or cons_prim.csv)');
      return;
    }
    yield* parseOfacCsv({ ...csv, prim: csv.prim }, source, contextFor);
  });
}
