/** Records, groups and details as the server answers them, and a stubbed server for the results page tests. */
import type { BatchInfo } from '#shared/batches';
import type { MatchDetail } from '#shared/result-detail';
import type { ExclusionRecord, NpiResult, SsdmfResult } from '#shared/results';
import type { ScGroup, StatusCounts } from '#shared/review-status';
import type { ResultsSummary } from '#shared/results-triage';
import { json, makeUser, renderApp, stubServer, userInfoHandler, type RecordedRequest } from '../test-utils';

export const BATCH_ID = 42;

let nextId = 1000;

export function makeExclusion(overrides: Partial<ExclusionRecord> = {}): ExclusionRecord {
  nextId += 1;
  return {
    id: nextId,
    name: `Person ${nextId}`,
    companyName: null,
    source: 'leie',
    sourceName: 'OIG LEIE',
    link: null,
    state: 'NY',
    exclusionDate: '2020-01-15',
    exclusionType: '1128a1',
    status: 'NONCLEARED',
    latestNote: null,
    akas: null,
    dbas: null,
    middleName: null,
    prefix: null,
    suffix: null,
    dateOfBirth: '1970-02-03',
    startDate: null,
    classification: null,
    address: null,
    city: 'Albany',
    county: null,
    postalCode: null,
    country: null,
    NPI: null,
    specialty: null,
    licenseNumbers: null,
    providerNumbers: null,
    caseNumber: null,
    exclusionTerm: null,
    comments: null,
    dateAcquiredFromSource: '2026-03-01',
    score: 0.91,
    searchCriteriaKey: 'E1: Carol Moore',
    ...overrides,
  };
}

export function counts(c: Partial<StatusCounts> = {}): StatusCounts {
  return { NONCLEARED: 0, UNDER_REVIEW: 0, HISTORICAL_MATCH: 0, CLEARED: 0, ...c };
}

export function makeGroup(searchCriteria: string, c: Partial<StatusCounts>, uniqueId: string | null = null): ScGroup {
  const all = counts(c);
  return { searchCriteria, uniqueId, counts: all, total: all.NONCLEARED + all.UNDER_REVIEW + all.HISTORICAL_MATCH + all.CLEARED };
}

export function makeNpi(overrides: Partial<NpiResult> = {}): NpiResult {
  nextId += 1;
  return {
    id: nextId,
    npi: '1234567893',
    name: 'Ada Reyes',
    nppesName: 'ADA REYES',
    npiStatus: 'VALID',
    npiStatusText: 'Valid',
    optOutStatusText: 'Not Found on Opt Out List',
    exclusionStatusText: 'No Exclusions Found',
    status: 'NONCLEARED',
    latestNote: null,
    searchCriteriaKey: 'Ada Reyes | NPI 1234567893',
    canChangeStatus: true,
    findings: [],
    ...overrides,
  };
}

export function makeSsdmf(overrides: Partial<SsdmfResult> = {}): SsdmfResult {
  nextId += 1;
  return {
    id: nextId,
    searchId: nextId,
    ssn: '***-**-6789',
    name: 'Ada Reyes',
    ssdmfStatus: 'Found on SSDMF',
    status: 'NONCLEARED',
    latestNote: null,
    ssdmfName: 'ADA REYES',
    dateOfBirth: '1950-01-01',
    dateOfDeath: '2020-05-06',
    searchCriteriaKey: 'Ada Reyes | SSN ***-**-6789',
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<MatchDetail> = {}): MatchDetail {
  return {
    id: 1,
    resultType: 'exclusions',
    matchStatus: 'NONCLEARED',
    statusChoices: ['UNDER_REVIEW', 'HISTORICAL_MATCH', 'CLEARED'],
    clearOnly: false,
    latestNote: 'Checking the date of birth',
    searchCriteriaKey: 'E1: Carol Moore',
    uniqueId: 'E1',
    details: [
      {
        title: 'Exclusion',
        data: {
          Name: 'CAROL MOORE',
          Source: { value: 'OIG LEIE', _link: 'https://oig.hhs.gov/exclusions/' },
          'View Details': { value: 'Record at the publisher', _link: 'https://oig.hhs.gov/exclusions/record/1' },
          'Date Acquired From Source': '2026-03-01',
          _internal: 'hidden value',
        },
      },
    ],
    userData: [
      { title: 'Mapped columns', data: { 'First Name': 'Carol', 'Last Name': 'Moore' } },
      { title: 'Additional columns', data: { 'Employee Id': 'E1', _rowIndex: '3' } },
    ],
    changeHistorys: [
      { id: 1, previousStatus: 'NONCLEARED', newStatus: 'UNDER_REVIEW', modifiedBy: 'Ada Reyes', modifiedDate: '2026-03-02T10:15:00.000Z', notes: 'Checking the date of birth', kind: 'change', carriedFrom: null },
    ],
    explanation: {
      algorithm: 'Fuzzy',
      algorithmVersion: 'fuzzy-2026.11-d',
      score: 0.91,
      threshold: 0.8,
      summary: 'Potential match — agrees: firstName exact, lastName exact.',
      matchedName: { listField: 'name', value: 'CAROL MOORE' },
      nameScore: 0.97,
      fields: [{ queryField: 'firstName', listField: 'firstName', queryValue: 'Carol', listValue: 'CAROL', score: 1, method: 'exact' }],
      adjustments: [
        { reason: 'state agrees', effect: 0.03 },
        { reason: 'year of birth differs', effect: -0.25 },
      ],
    },
    explanationWords: {
      verdict: 'Potential match: score 0.91 (review threshold 0.80)',
      matchedThrough: null,
      lines: ['First name: same'],
      notes: [],
    },
    listVersion: { source: 'leie', sourceName: 'OIG LEIE', versionId: 7, asOf: '2026-02-28', fetchedAt: '2026-03-01T06:00:00.000Z' },
    ...overrides,
  };
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export interface ServerSetup {
  searchTypes?: [boolean, boolean, boolean];
  /** The batch's status, progress and queue place (default: a Completed batch of 300 rows). */
  batch?: Partial<BatchInfo>;
  fileName?: string;
  exclusions?: Handler;
  npi?: Handler;
  ssdmf?: Handler;
  extra?: Record<string, Handler>;
}

export function makeSummary(overrides: Partial<ResultsSummary> = {}): ResultsSummary {
  return {
    rowsScreened: 300,
    rowsWithFindings: 12,
    byStatus: counts({ NONCLEARED: 9, UNDER_REVIEW: 1, HISTORICAL_MATCH: 1, CLEARED: 4 }),
    bySource: [
      { source: 'leie', name: 'OIG LEIE', count: 11 },
      { source: 'sam', name: 'SAM.gov', count: 4 },
    ],
    toReview: 10,
    reviewThreshold: 0.8,
    ...overrides,
  };
}

/** Stubs the calls of the results page and opens it. */
export function renderResults(setup: ServerSetup = {}) {
  const base = `/services/flexsearchs/${BATCH_ID}`;
  const server = stubServer({
    'GET /services/user/info': userInfoHandler(makeUser()),
    [`GET ${base}`]: () =>
      json(200, {
        fileName: setup.fileName ?? 'staff-march.csv',
        searchTypes: setup.searchTypes ?? [true, false, false],
        status: 'Completed',
        recordCount: 300,
        rowsDone: 300,
        queue: null,
        ...setup.batch,
      } satisfies BatchInfo),
    'GET /services/utils/sources': () => json(200, [{ id: 'leie', name: 'OIG LEIE' }, { id: 'sam', name: 'SAM.gov' }]),
    ...(setup.exclusions ? { [`GET ${base}/result`]: setup.exclusions, [`GET ${base}/result/summary`]: () => json(200, makeSummary()) } : {}),
    ...(setup.npi ? { [`GET ${base}/npidetails`]: setup.npi } : {}),
    ...(setup.ssdmf ? { [`GET ${base}/ssdmfdetails`]: setup.ssdmf } : {}),
    ...setup.extra,
  });
  const utils = renderApp(`/flex-search/${BATCH_ID}/details`);
  return { ...utils, server, base };
}

/** The GET calls to `path` so far. */
export const callsTo = (requests: RecordedRequest[], method: string, path: string) => requests.filter((r) => r.method === method && r.path === path);
