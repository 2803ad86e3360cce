import { STATE_LISTS, STATE_NAMES, statesCoveredWords } from '#shared/state-lists';

/** The lists Clearlist searches: who publishes each, what it holds, where the official copy is. */
export interface ListSource {
  name: string;
  publisher: string;
  officialUrl: string;
  /** Official pages when the entry covers several publishers (the state lists). */
  links?: { label: string; href: string }[];
  description: string;
  searchedBy: string;
}

export const LIST_SOURCES: ListSource[] = [
  {
    name: 'List of Excluded Individuals/Entities (LEIE)',
    publisher: 'U.S. Department of Health and Human Services, Office of Inspector General (OIG)',
    officialUrl: 'https://oig.hhs.gov/exclusions/',
    description:
      'People and organisations excluded from Medicare, Medicaid and all other Federal health care programs under sections 1128 and 1156 of the Social Security Act, for example after fraud convictions, patient abuse or licence revocation. OIG publishes the list monthly, with monthly files of new exclusions and reinstatements.',
    searchedBy: 'Name, business name and NPI',
  },
  {
    name: 'SAM.gov exclusions',
    publisher: 'U.S. General Services Administration (GSA), System for Award Management',
    officialUrl: 'https://sam.gov/',
    description:
      'Parties suspended, debarred or otherwise excluded by any federal agency from receiving federal contracts, subcontracts and certain financial assistance. It includes many HHS exclusions, and exclusions by agencies that never reach the LEIE.',
    searchedBy: 'Name and business name',
  },
  {
    name: 'OFAC Specially Designated Nationals (SDN) and Consolidated Sanctions lists',
    publisher: 'U.S. Department of the Treasury, Office of Foreign Assets Control (OFAC)',
    officialUrl: 'https://ofac.treasury.gov/sanctions-list-service',
    description:
      'People, companies and vessels whose assets are blocked and with whom U.S. persons generally may not deal, plus the non-SDN sanctions lists OFAC publishes together as the Consolidated list. Updated whenever OFAC acts, often several times a month.',
    searchedBy: 'Name and business name (OFAC search option)',
  },
  {
    name: `State Medicaid exclusion lists of ${statesCoveredWords()}: ${STATE_NAMES.join(', ')}`,
    publisher: STATE_LISTS.map((list) => `${list.stateName}: ${list.publisher}`).join('; '),
    officialUrl: STATE_LISTS[0].officialUrl,
    links: STATE_LISTS.map((list) => ({ label: list.stateName, href: list.officialUrl })),
    description:
      'Providers a state has terminated, suspended or excluded from its Medicaid program. A state exclusion can take months to reach the LEIE, and an OIG reinstatement does not always lift it, so states expect their own list to be checked too. Most states publish monthly; each copy is read from the agency\'s own file (spreadsheet, CSV or text).',
    searchedBy: 'Name, business name and NPI where the state publishes it',
  },
  {
    name: 'National Plan and Provider Enumeration System (NPPES)',
    publisher: 'Centers for Medicare & Medicaid Services (CMS)',
    officialUrl: 'https://npiregistry.cms.hhs.gov/',
    description:
      'The registry of National Provider Identifiers (NPIs). Clearlist uses it to confirm that an NPI exists and is active, and to show the name registered for it next to the name you searched.',
    searchedBy: 'NPI',
  },
  {
    name: 'Medicare opt-out affidavits',
    publisher: 'Centers for Medicare & Medicaid Services (CMS)',
    officialUrl:
      'https://data.cms.gov/provider-characteristics/medicare-provider-supplier-enrollment/opt-out-affidavits',
    description:
      'Physicians and practitioners who have opted out of Medicare and contract privately with Medicare patients. Medicare does not pay for services they order or furnish during the opt-out period.',
    searchedBy: 'NPI',
  },
  {
    name: 'Death Master File (DMF)',
    publisher: 'Social Security Administration, distributed by the National Technical Information Service (NTIS)',
    officialUrl: 'https://www.ntis.gov/',
    description:
      'Deaths reported to the Social Security Administration. A match on a Social Security number means the identity deserves a closer look. Access to recent records is limited to subscribers certified by NTIS.',
    searchedBy: 'Social Security number (SSDMF search option)',
  },
];
