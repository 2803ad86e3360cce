import { readdirSync, readFileSync } from 'node:fs';
import { z } from 'zod';

/** A column: its header name, or several names to try in order. */
const ColumnRef = z.union([z.string(), z.array(z.string()).min(1)]);

/**
 * The record fields a state column can feed. `title`: credentials, a profession or a role written
 * beside a person's name (PA's NAM_TITLE_PROVR); an honorific there is the name's prefix.
 */
export const STATE_FIELDS = [
  'name', 'last', 'first', 'middle', 'prefix', 'title', 'suffix', 'business', 'aka', 'npi', 'license', 'providerNumber',
  'providerType', 'address', 'city', 'county', 'state', 'zip', 'dob', 'ein', 'exclusionDate', 'reinstatementDate',
  'endDate', 'term', 'status', 'comments', 'caseNumber', 'employer', 'entityType',
] as const;
export type StateField = (typeof STATE_FIELDS)[number];

const DateLayoutSchema = z.enum(['YYYYMMDD', 'MM/DD/YYYY', 'MM/DD/YY', 'YYYY-MM-DD', 'MMDDCCYY', 'SERIAL', 'MONTH D, YYYY']);

/**
 * How to read one state's exclusion list. Adding a state is one JSON file in `configs/`
 * plus a fixture; see README.md for the fields.
 */
export const StateListConfigSchema = z.object({
  id: z.string().regex(/^state-[a-z]{2}(-[a-z]+)?$/),
  state: z.string().regex(/^[A-Z]{2}$/),
  title: z.string().min(1),
  publisher: z.string().min(1),
  officialUrl: z.url(),
  description: z.string().min(1),
  /**
   * Where the layout comes from: `real`, a real file of the publisher was read and tested;
   * `documented`, only the research's description of it (no real file seen yet), which the
   * Lists page and `clearlist lists sources` say.
   */
  layoutFrom: z.enum(['real', 'documented']).default('real'),
  /** The files users give, in words (shown as the source's files). */
  fileNote: z.string().optional(),
  /** How often the agency publishes a new copy, in words ("monthly", "when it changes"). */
  cadence: z.string().min(1),
  /**
   * The format the agency publishes. Files are told apart by their bytes, so a CSV export of
   * the same layout (one CSV per sheet) is read as well, whatever this says.
   */
  format: z.enum(['csv', 'xlsx', 'xls', 'txt', 'html', 'pdf']).default('csv'),
  /**
   * The sheets of a workbook to read, in order, each with its own header (other sheets, such
   * as instructions, are skipped); every one must be present. Default: the first sheet.
   */
  sheets: z.array(z.string().min(1)).min(1).optional(),
  /** A web page (`html`): how many of its tables with the header are read, in order (DC: its current individuals and companies, not the past ones). */
  pageTables: z.number().int().min(1).default(1),
  delimiter: z.string().length(1).default(','),
  /** Lines (CSV) or rows (sheet) before the header: titles above the table. */
  skipLines: z.number().int().min(0).default(0),
  /**
   * Titles, contact lines or a "Start Table" marker above the header, of any length: the
   * header is the first line before this one that has every required column.
   */
  headerWithin: z.number().int().min(1).max(100).optional(),
  /**
   * A file without a header line (NJ Treasury's debarment text): the names of its fields in
   * order; a line with another number of fields is refused as another layout.
   */
  fieldNames: z.array(z.string().min(1)).min(2).optional(),
  /** Cell values meaning "empty" besides the usual N/A, None, NULL. */
  nullTokens: z.array(z.string()).default([]),
  /**
   * Words a date column holds instead of a date ("Indefinite", "PERMANENT"): no date, and in
   * the end-date column the exclusion's term.
   */
  noDateWords: z.array(z.string()).default([]),
  /**
   * Where the file states its data date ("Document created on: 6/14/2026", "REVISED: May 20,
   * 2026"): regexes (case-insensitive) whose first group is the date, tried on the text above
   * the table (rows above the header, a PDF's first and last page, a page's text), the sheet
   * names and the file's name. Without one, an import takes the latest exclusion date.
   */
  asOfPatterns: z.array(z.string()).default([]),
  /** Tried in order for every date column. */
  dateFormats: z.array(DateLayoutSchema).min(1).default(['MM/DD/YYYY']),
  /**
   * `separate`: last/first/middle columns (a business in `business`, or in `last` when
   * `businessWhenFirstEmpty`). `single`: one `name` column holding either "Last, First M"
   * for a person or a business name (told apart by `businessPattern` / a missing comma).
   */
  nameLayout: z.enum(['separate', 'single']),
  /**
   * How a `single` name reads. `comma` (NY): "LAST, FIRST M" for a person, anything without a
   * comma a business. `last-first` ("BELTRAN LEONIDO C", "Aaker, Debhanna") and `first-last`
   * ("Joshua Pattengale, DC", "MICHAEL JOHN PAGE"): a person unless it looks like a business
   * (legal form, trade word, digits, "&"); credentials and suffixes are taken off.
   */
  nameOrder: z.enum(['comma', 'last-first', 'first-last']).default('comma'),
  /** With `last-first`: every person is written "LAST, FIRST", so a name without a comma is a business (Idaho). */
  businessWithoutComma: z.boolean().default(false),
  /** Splits one name cell into the name and its aliases ("Seung Hee Lee / Lisa Lee"). */
  aliasSeparator: z.string().optional(),
  businessWhenFirstEmpty: z.boolean().default(false),
  /** Regex (case-insensitive) of words that make a name a business. */
  businessPattern: z.string().default(
    '\\b(LLC|L\\.L\\.C\\.|INC|INCORPORATED|CORP|CORPORATION|CO|COMPANY|PC|P\\.C\\.|PLLC|PA|P\\.A\\.|LLP|LP|LTD|PHARMACY|PHARM|CLINIC|CENTER|CENTRE|CTR|SERVICES|SERVICE|HOSPITAL|ASSOCIATES|GROUP|HEALTH|HEALTHCARE|MEDICAL|AGENCY|TRANSPORTATION|SUPPLY|LABORATORY|LAB|DME|HOME CARE|NURSING|CARE|THERAPY|THERAPEUTIC|COUNSELING|DENTAL|AMBULANCE|AMBULETTE|HEARING AID|TRANSPORT|TRANSPORTS|PHARMACEUTICALS?|REHAB|REHABILITATION|SUPPLIES|SOLUTIONS|FOUNDATION|MINISTRIES|HOSPICE|LIVING|RESIDENTIAL|INSTITUTE|PRACTICE|ENTERPRISES?|ASSOC|SVCS?|HOMES?|CLINICS|PHYSICIANS|DIAGNOSTICS?|IMAGING|RADIOLOGY|AMBULATORY|MEDICINE|WELLNESS|RECOVERY|BEHAVIORAL|PROGRAMS?|SYSTEMS?|NETWORK|PARTNERS|HOLDINGS|INTERNATIONAL|UNLIMITED|PROVIDERS?|ADHC|LABS|OPTICAL|OPTICIANS|EQUIPMENT|MEDICAR|TAXI|CAB|LIVERY|TRUST|CHURCH|UNIVERSITY|COLLEGE|SCHOOL|DEPT|DEPARTMENT|COUNTY|CITY OF|STATE OF)\\b',
  ),
  columns: z.partialRecord(z.enum(STATE_FIELDS), ColumnRef),
  /** Columns that must be in the header (the wrong-source check). */
  requiredColumns: z.array(z.enum(STATE_FIELDS)).min(1),
  /**
   * Older layouts of the same list (Illinois before its NPI and Provider Type columns): a file
   * whose header lacks the required columns above is read with the first of these it fits.
   */
  olderLayouts: z
    .array(
      z.object({
        columns: z.partialRecord(z.enum(STATE_FIELDS), ColumnRef),
        requiredColumns: z.array(z.enum(STATE_FIELDS)).min(1),
        extraColumns: z.record(z.string(), z.string()).default({}),
        /** How that layout's names read, where it differs (Arizona's 2015 page split them). */
        nameLayout: z.enum(['separate', 'single']).optional(),
        nameOrder: z.enum(['comma', 'last-first', 'first-last']).optional(),
        businessWhenFirstEmpty: z.boolean().optional(),
      }),
    )
    .default([]),
  /**
   * Regex (case-insensitive) of the `entityType` column's values that make a row a business
   * (Mississippi's "Organization"): its name is the business column's, and a person named on
   * the same row is its owner, kept aside in `extra.owner` (not searched).
   */
  businessKinds: z.string().optional(),
  /**
   * Fields read from a column the header leaves unnamed, by its 1-based position (Montana's
   * fifth column, "State Termination" / "OIG Exclusion", under an empty header cell).
   */
  positionalColumns: z.partialRecord(z.enum(STATE_FIELDS), z.number().int().min(1).max(200)).default({}),
  /**
   * Regex (case-insensitive) of a row's whole text that makes it the continuation of the row
   * above, not a record (Montana's "a.k.a. Taylor Clement" rows below a person): its cells are
   * added to that row's cells, column by column, before the row is read.
   */
  continuationRows: z.string().optional(),
  /**
   * Regex that splits a name cell holding several names (Washington's line breaks: a practice,
   * its other names and its owner): each name is a record of its own, with the row's other cells.
   */
  namesPerCell: z.string().optional(),
  /**
   * Regex (case-insensitive) of a row's whole text where the table ends: that row and every row
   * below are notes, not records (Vermont's legend below its list, "Names listed on the spreadsheet…").
   */
  tableEndsAt: z.string().optional(),
  /** Splits multi-valued cells (aliases, licences, provider numbers, NPIs). */
  multiValuePattern: z.string().default(';'),
  /** Words inside a name cell that start an alias ("SMITH, JOHN AKA JACK SMITH"). */
  aliasMarkers: z.array(z.string()).default([]),
  /** Provider numbers that are valid NPIs are moved to the NPI field (CA mixes them). */
  findNpisInProviderNumbers: z.boolean().default(false),
  /** Fields whose values make the record id; default: a hash of names, dates and numbers. */
  idFields: z.array(z.enum(STATE_FIELDS)).optional(),
  /**
   * Alias name columns, each pair [first name, last name] (Maine's four "Alias First Name n" /
   * "Alias Last Name n"): every pair with a name becomes an alias of the person.
   */
  aliasColumns: z.array(z.tuple([z.string(), z.string()])).default([]),
  /**
   * Rows of the table that are not records, as regexes (case-insensitive) of the row's whole
   * text: Maine's "End of Report" line inside a PDF table's frame, Kentucky's "End Table" marker.
   */
  ignoreRows: z.array(z.string()).default([]),
  /**
   * Rows that end the table, as regexes (case-insensitive) of the row's whole text: that row and
   * every one after it are not records (Alabama's notes below its list, Maryland's legend).
   */
  endRows: z.array(z.string()).default([]),
  /**
   * Heading rows between blocks of records, as a regex (case-insensitive) of the row's whole
   * text: such a row is not a record, and its text is the provider type of the rows below it
   * that have none of their own (Alabama's "PHYSICIANS", "NURSES").
   */
  sectionRows: z.string().optional(),
  /** Other columns kept as-is in `extra` (key → header name). */
  extraColumns: z.record(z.string(), z.string()).default({}),
});
export type StateListConfig = z.infer<typeof StateListConfigSchema>;

const CONFIG_DIR = new URL('./configs/', import.meta.url);

/** Reads and validates every state config in `configs/` (one JSON file per state). */
export function loadStateConfigs(directory: URL = CONFIG_DIR): StateListConfig[] {
  return readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const text = readFileSync(new URL(name, directory), 'utf8');
      const parsed = StateListConfigSchema.safeParse(JSON.parse(text));
      if (!parsed.success) throw new Error(`state list config ${name} is invalid: ${z.prettifyError(parsed.error)}`);
      return parsed.data;
    });
}
