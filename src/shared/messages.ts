/** User-facing text of the spec, word for word (typos included where the spec has them). */

export const LOGIN_CODES = [
  'LOGIN_SUCCESSFUL',
  'WHITELIST_FAILURE',
  'TRIAL_EXPIRED',
  'ACCOUNT_DISABLED',
  'INVALID_CREDENTIALS',
] as const;
export type LoginCode = (typeof LOGIN_CODES)[number];

export const LOGIN_MESSAGES: Record<Exclude<LoginCode, 'LOGIN_SUCCESSFUL'>, string> = {
  WHITELIST_FAILURE:
    'Sorry, but your IP address is not in the permitted list specified by your domain administrator to access Clearlist.',
  TRIAL_EXPIRED: 'Your trial period has expired',
  ACCOUNT_DISABLED: 'This account has been disabled',
  INVALID_CREDENTIALS:
    "We can't seem to find the login information you've entered. If you haven't signed up yet, please register to create an account.",
};

/** Message for any login code, the generic one for codes the app does not know. */
export function loginMessage(code: string): string {
  return (LOGIN_MESSAGES as Record<string, string>)[code] ?? LOGIN_MESSAGES.INVALID_CREDENTIALS;
}

export const INTENT_OF_USE_TEXT =
  'Employment decisions will not be made on the basis of potential matches. ' +
  'Every potential match will be confirmed before any final decision is made.';

export const INTENT_DECLINED = 'You must acknowledge intent of use in order to use Clearlist.';

export const TOAST_DURATION_MS = 10_000;

export const MESSAGES = {
  required: 'This field is required.',
  /** Spec accounts-and-access §5, word for word: every NPI format check says this (registration, searches, batch rows, API). */
  npiInvalid: 'NPI is not valid. Valid NPI is 10 digits with no extra characters or spaces',
  passwordsDoNotMatch: 'Passwords do not match.',
  passwordRules:
    'Use at least 7 characters, with at least one letter and one number, not based on a dictionary word or your username.',
  passwordTooShort: 'Password must be at least 7 characters long.',
  passwordNeedsLetterAndNumber: 'Password must contain at least one letter and one number.',
  passwordIsUsername: 'Password must not be the same as the username.',
  passwordIsDictionaryWord: 'Password must not be based on a dictionary word.',
  resetRequested:
    'If an account matches what you entered, we have e-mailed a link to reset its password. The link is valid for one hour.',
  resetLinkInvalid: 'This password reset link is invalid, has expired or has already been used.',
  resetDone: 'Your password has been changed. You can log in with it now.',
  setupLinkInvalid: 'This setup link is invalid or has already been used.',
  tooManyLoginAttempts: 'Too many login attempts. Please wait a few minutes and try again.',
  tooManyResetRequests: 'Too many password reset requests. Please wait an hour and try again.',
  tooManyUsernameChecks: 'Too many username checks from your network. Please wait an hour and try again.',
  loggedOut: 'You have been logged out.',
  /** A signed-in user sent to /login by the route guard (spec §6; issue 16). */
  noAccess: 'Your account does not have access to that page',
  /** Under TRIAL_EXPIRED on the login page (issue 19): the way out of an ended trial. */
  trialExpiredUpgrade: 'Upgrade to a company account to keep searching: choose a plan, add a card and you are back in at once.',
  genericError: 'Error occurred.',
  /** Any text input holding U+0000, which the database cannot store (ADR 025). */
  nulCharacter: 'Text cannot contain the NUL character (\\0).',
} as const;

/** Batch search texts: the spec's (§8, word for word) and the server's own for file and limit problems. */
export const BATCH_MESSAGES = {
  created: 'Batch search configuration is created successfully',
  createFailed: 'Failed to create batch search configuration.',
  redoMapping: 'Opps a problem has occurred please redo mapping',
  uploadFirst: 'Please Upload a file and try again',
  selectSearch: 'Please select a search',
  noMoreFiles: 'No more files please!',
  csvOnly: 'File type not supported, please upload a .CSV file.',
  /** The spec's refusal where an Excel workbook is taken too (issue 55). */
  csvOrExcelOnly: 'File type not supported, please upload a .CSV file or an Excel workbook (.xlsx).',
  cancelFailed: 'Failed to cancel batch search.',
  trashFailed: 'Failed to trash batch search.',
  confirmResubmit: 'Are you sure you want to resubmit this batch?',
  confirmRemove: 'Are you sure you want to remove this batch?',
  confirmCancel: 'Are you sure you want to cancel this batch?',
  fileEmpty: 'The file is empty. Upload a CSV file with a header row and at least one data row.',
  headerOnly: 'The file has a header row but no data rows.',
  typeNameFlex: 'Uploads must say typeName=Flex.',
  noSearchOptions: 'Your account has no search options; ask your administrator to enable batch searching.',
  resubmitted: 'The batch was resubmitted.',
  cannotResubmit: 'Only a batch that ended in an error or was cancelled can be resubmitted.',
  cannotCancel: 'Only a batch that is still running can be cancelled.',
  cancelledBeforeStart: 'The batch was cancelled before it started: nothing was screened or billed.',
  /** The toast of a cancel the server answered "Batch Kill Requested" (a batch being screened). */
  cancelRequested: 'Cancel requested: the batch stops once the rows being screened now are written.',
  alreadySubmitted: 'This batch has already been submitted.',
  fileMissing: 'The uploaded file is no longer available; please upload it again.',
  noValidRows: 'No row of the file passes the checks, so there is nothing to screen. Fix the file and upload it again.',
} as const;

/** The quick batch pages, Batch Name Search and Batch NPI Search (ADR 037). */
export const QUICK_BATCH_MESSAGES = {
  noNameGuessed: (fileName: string) =>
    `None of the columns of ${fileName} looks like a first and last name or a company name. Choose them below, or download the template and copy your list into it.`,
  noNpiGuessed: (fileName: string) =>
    `None of the columns of ${fileName} looks like an NPI. Choose it below, or download the template and copy your list into it.`,
  needName: 'Map a First Name and a Last Name column, or a Company Name column, to screen this file by name.',
  needNpi: 'Map an NPI column to screen this file by NPI.',
  nameNotOffered: 'Your account does not include name searches; ask your account owner to add them.',
  npiNotOffered: 'Your account does not include NPI searches; ask your account owner to add them.',
} as const;

/** Batch Queue Management (/admin/queueManagement, ADR 038). */
export const QUEUE_MESSAGES = {
  paused: 'The batch queue is paused. Running chunks finish; nothing new starts until it is resumed.',
  resumed: 'The batch queue is running again.',
  alreadyPaused: 'The batch queue is already paused.',
  alreadyRunning: 'The batch queue is already running.',
  movedFront: 'The batch was moved to the front of the queue.',
  movedBack: 'The batch was moved to the back of the queue.',
  cannotMove: 'Only a batch that is queued or running can be moved.',
  cancelled: 'The batch was cancelled.',
  cannotCancel: 'Only a batch that is queued or running can be cancelled.',
  retried: 'The failed chunks were queued again.',
  nothingToRetry: 'This batch has no failed chunks to retry.',
  confirmPause: 'Pause the batch queue for every client? Chunks already running finish; queued work waits until you resume.',
  confirmResume: 'Resume the batch queue? Queued batches start again in their order.',
  confirmCancel: 'Cancel this batch? Rows already screened keep their results and charges; the rest are not screened.',
  confirmRetry: 'Queue the failed chunks of this batch again? Rows already written are not screened or billed twice.',
} as const;

/** What a customer is told about a batch still in the batch queue (ADR 044). */
export const QUEUE_NOTICE_MESSAGES = {
  pausedToStart: 'Batch screening is paused by the operator; your batch will start when it resumes.',
  pausedToContinue: 'Batch screening is paused by the operator; your batch will continue when it resumes.',
  pausedBanner: 'Batch screening is paused by the operator. Your queued batches keep their place and start when it resumes; nothing is lost or billed twice.',
} as const;

/** 'Please complete this required mapping {column}' (spec §5). */
export const requiredMappingMessage = (column: string) => `Please complete this required mapping ${column}`;

export const fileTooLargeMessage = (limitBytes: number) =>
  `The file is larger than the ${Math.round(limitBytes / 1_048_576)} MB limit. Split it into smaller files and upload each.`;

export const tooManyRowsMessage = (rows: number, limit: number) =>
  `The file has ${rows.toLocaleString('en-US')} rows; a batch can have at most ${limit.toLocaleString('en-US')}. Split it into smaller files.`;

/** Upload limits and refusals of files that are not CSV text (ADR 025); lines count from 1, as an editor shows them. */
export const UPLOAD_MESSAGES = {
  tooManyColumns: (line: number, limit: number) =>
    `Line ${line.toLocaleString('en-US')} has more than ${limit.toLocaleString('en-US')} columns; a batch file can have at most ${limit.toLocaleString('en-US')}. Remove the extra columns (and check that values are separated by commas), then upload the file again.`,
  valueTooLong: (line: number, column: number, limit: number) =>
    `Line ${line.toLocaleString('en-US')}, column ${column.toLocaleString('en-US')} holds more than ${limit.toLocaleString('en-US')} characters; a value can have at most ${limit.toLocaleString('en-US')}. An unclosed quote (") makes the rest of a file one value.`,
  lineTooLong: (line: number, limit: number) =>
    `Line ${line.toLocaleString('en-US')} is longer than ${limit.toLocaleString('en-US')} characters; a row of a batch file can have at most ${limit.toLocaleString('en-US')}.`,
  notText: (what: string) =>
    `This file is ${what}, not a CSV text file or an .xlsx workbook. Open it in your spreadsheet program, save it as "Excel Workbook (.xlsx)" or "CSV UTF-8 (Comma delimited)" and upload that file.`,
  labelControlCharacter: (column: number) =>
    `The label of column ${column.toLocaleString('en-US')} contains a control character (such as NUL). Remove it and upload the file again.`,
  fileNameControlCharacter: 'The file name contains a control character (such as NUL). Rename the file and upload it again.',
  badWorkbook: (why: string) => `This Excel workbook cannot be read (${why}). Open it in Excel, save it again as .xlsx or as CSV UTF-8, and upload it again.`,
  tooBigToRead: 'The file is too complex to read within the server’s memory limit. Split it into smaller files and upload each.',
} as const;

const quoted = (names: readonly string[]) => names.map((n) => `“${n}”`).join(', ');
const count = (n: number) => n.toLocaleString('en-US');

/** Excel workbooks with several sheets (issue 18's sheet picker): refusals, the picker's reasons and the reader's notes. */
export const SHEET_MESSAGES = {
  noDataOnAnySheet: (names: readonly string[]) =>
    `The workbook has no rows on any of its ${names.length === 1 ? 'sheet' : `${names.length} sheets`} (${quoted(names)}). Put the roster on one sheet, its header in the first row, save and upload it again.`,
  unknownSheet: (name: string, names: readonly string[]) => `The workbook has no sheet “${name}”. Its sheets: ${quoted(names)}.`,
  notAWorkbook: 'A sheet can be chosen only for an Excel workbook (.xlsx); this file is CSV text.',
  headerOnly: (name: string) => `The sheet “${name}” has a header row but no data rows.`,
  empty: (name: string) => `The sheet “${name}” is empty.`,
  tooManyRows: (name: string, limit: number) => `The sheet “${name}” has more than ${count(limit)} rows; a batch can have at most ${count(limit)}. Split it into smaller sheets or files.`,
  onlyHidden: (name: string) => `Every sheet with rows is hidden in Excel; we read “${name}”.`,
  chosenAsRoster: (name: string, criteria: readonly string[]) => `We chose “${name}”: its header looks like a roster (${criteria.join(', ')}).`,
  chosenAsFirst: (name: string) => `We chose “${name}”, the first sheet with rows.`,
  titleRow: (row: number, text: string, headerRow: number) => `Row ${row} (“${text}”) is a title across merged cells, so the header is row ${headerRow}.`,
  twoRowHeader: (first: number, labels: readonly string[]) => `The header spans rows ${first} and ${first + 1} (merged cells over the columns): the columns are read as ${quoted(labels)}.`,
  mergedHeader: (labels: readonly string[]) =>
    `Header cells are merged across columns (${quoted(labels)}): each column of a merged cell takes its label. Check the mapping, or unmerge the cells in Excel and name each column.`,
  uncalculated: (n: number, refs: readonly string[]) =>
    `${count(n)} ${n === 1 ? 'cell holds a formula' : 'cells hold formulas'} with no calculated value (${refs.join(', ')}${n > refs.length ? ', …' : ''}), read as empty. Open the file in Excel and save it again so the values are stored.`,
  formulaErrors: (n: number, samples: readonly string[]) =>
    `${count(n)} ${n === 1 ? 'cell shows' : 'cells show'} a formula error (${samples.join(', ')}${n > samples.length ? ', …' : ''}), read as empty: the dry run names the rows that need a value there.`,
  hiddenSheet: (name: string) => `The sheet “${name}” is hidden in Excel.`,
} as const;

export const trialLimitMessage = (needed: number, remaining: number, perMonth: number) =>
  `This batch needs ${needed.toLocaleString('en-US')} searches but your trial has ${remaining.toLocaleString('en-US')} of its ${perMonth.toLocaleString('en-US')} monthly searches left. Upload fewer rows or choose fewer search types.`;
