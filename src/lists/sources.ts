import type { SourceId } from '#shared/list-record';
import type { ParseOptions, ParseRun } from './core/parse-run';
import type { ListInput } from './core/read-lines';
import { DMF_URL, parseDmf } from './dmf/parse';
import { LEIE_LIST_URL, parseLeie } from './leie/parse';
import { parseNppes } from './nppes/parse';
import { parseOfac } from './ofac/parse';
import { OPTOUT_DATASET_URL, parseOptout } from './optout/parse';
import { parseSam } from './sam/parse';
import { loadStateConfigs } from './state/config';
import { parseStateList } from './state/parse';

/** One list the product screens against, and how to read its files. */
export interface ListSource {
  id: SourceId;
  title: string;
  publisher: string;
  officialUrl: string;
  description: string;
  /** The files `parse` expects, as published. */
  files: string;
  /** `documented`: its parser was written from the research's description, no real file of the publisher seen yet. */
  layoutFrom?: 'real' | 'documented';
  /**
   * Streams the records of the given files. Iterate the result once; its `rejected`,
   * `counts` and `asOf` are complete when the iteration ends. Throws WrongSourceError when
   * a file is not of this source.
   */
  parse(files: readonly ListInput[], options?: ParseOptions): ParseRun;
}

const FIXED_SOURCES: ListSource[] = [
  {
    id: 'leie',
    title: 'OIG List of Excluded Individuals/Entities (LEIE)',
    publisher: 'U.S. Department of Health and Human Services, Office of Inspector General',
    officialUrl: LEIE_LIST_URL,
    description: 'Individuals and entities excluded from Federal health care programs.',
    files: 'UPDATED.csv (full list), or monthly supplements YYMMEXCL.csv / YYMMREIN.csv (sancYYMM / reinYYMM before 2016)',
    parse: parseLeie,
  },
  {
    id: 'sam',
    title: 'SAM.gov Exclusions',
    publisher: 'U.S. General Services Administration',
    officialUrl: 'https://sam.gov/content/exclusions',
    description: 'Parties excluded from federal procurement and non-procurement programs (all agencies).',
    files: 'SAM_Exclusions_Public_Extract_V2_YYDDD.CSV (from the daily ZIP); legacy V1 extracts too',
    parse: parseSam,
  },
  {
    id: 'ofac-sdn',
    title: 'OFAC Specially Designated Nationals (SDN) List',
    publisher: 'U.S. Department of the Treasury, Office of Foreign Assets Control',
    officialUrl: 'https://ofac.treasury.gov/specially-designated-nationals-and-blocked-persons-list-sdn-human-readable-lists',
    description: 'Individuals, companies and vessels whose assets are blocked; U.S. persons may not deal with them.',
    files: 'sdn.xml, or sdn.csv + alt.csv + add.csv (+ sdn_comments.csv)',
    parse: (files, options) => parseOfac('ofac-sdn', files, options),
  },
  {
    id: 'ofac-consolidated',
    title: 'OFAC Consolidated Sanctions List (non-SDN)',
    publisher: 'U.S. Department of the Treasury, Office of Foreign Assets Control',
    officialUrl: 'https://ofac.treasury.gov/consolidated-sanctions-list-non-sdn-lists',
    description: 'Sanctions lists other than the SDN list (SSI, FSE, NS-MBS, CAPTA …).',
    files: 'consolidated.xml, or cons_prim + cons_alt + cons_add (+ cons_comments) as .csv, .del or .pip',
    parse: (files, options) => parseOfac('ofac-consolidated', files, options),
  },
  {
    id: 'optout',
    title: 'Medicare Opt-Out Affidavits',
    publisher: 'Centers for Medicare & Medicaid Services',
    officialUrl: OPTOUT_DATASET_URL,
    description: 'Practitioners who have opted out of Medicare and may not bill it.',
    files: 'the data.cms.gov CSV download of the Opt Out Affidavits dataset',
    parse: parseOptout,
  },
  {
    id: 'nppes',
    title: 'NPPES National Provider Identifier Registry',
    publisher: 'Centers for Medicare & Medicaid Services',
    officialUrl: 'https://download.cms.gov/nppes/NPI_Files.html',
    description: 'Every NPI with its names, practice location, licences, taxonomies and deactivation.',
    files: 'npidata_pfile_*.csv (monthly or weekly), optionally othername_pfile_*.csv, pl_pfile_*.csv and the deactivated-NPI report as CSV',
    parse: parseNppes,
  },
  {
    id: 'dmf',
    title: 'SSA Death Master File',
    publisher: 'Social Security Administration, distributed by NTIS',
    officialUrl: DMF_URL,
    description: 'Deaths reported to Social Security (Limited Access DMF; certification required).',
    files: 'the 100-byte fixed-width full file and weekly/monthly A/C/D updates',
    parse: parseDmf,
  },
];

const STATE_SOURCES: ListSource[] = loadStateConfigs().map((config) => ({
  id: config.id as SourceId,
  title: config.title,
  publisher: config.publisher,
  officialUrl: config.officialUrl,
  description: config.description,
  files: config.fileNote ?? 'the list as CSV',
  layoutFrom: config.layoutFrom,
  parse: (files, options) => parseStateList(config, files, options),
}));

/** Every source, fixed ones first, then one per state config in `state/configs/`. */
export const LIST_SOURCES: readonly ListSource[] = [...FIXED_SOURCES, ...STATE_SOURCES];

/** The source with this id, or undefined. */
export function findListSource(id: string): ListSource | undefined {
  return LIST_SOURCES.find((source) => source.id === id);
}
