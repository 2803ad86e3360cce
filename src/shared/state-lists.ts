/**
 * The state Medicaid lists Clearlist reads, for the pages and the screening code alike (the
 * parsers' configs in src/lists/state/configs say how each file is read; a test keeps the two
 * in step). Order: the first five states, then the rest by state code.
 */
export interface StateList {
  id: `state-${string}`;
  /** Two-letter code and name of the state. */
  state: string;
  stateName: string;
  /** Who publishes it, as the pages name them. */
  publisher: string;
  officialUrl: string;
  /** `documented`: read by the layout the research describes; no real file of the publisher seen yet. */
  layoutFrom?: 'documented';
}

export const STATE_LISTS = [
  { id: 'state-ny', state: 'NY', stateName: 'New York', publisher: 'NY Office of the Medicaid Inspector General', officialUrl: 'https://omig.ny.gov/medicaid-fraud/medicaid-exclusions' },
  { id: 'state-ca', state: 'CA', stateName: 'California', publisher: 'California DHCS (Medi-Cal Suspended and Ineligible Provider List)', officialUrl: 'https://mcweb.apps.prd.cammis.medi-cal.ca.gov/references/sandi' },
  { id: 'state-tx', state: 'TX', stateName: 'Texas', publisher: 'Texas HHS Office of Inspector General', officialUrl: 'https://oig.hhsc.state.tx.us/oigportal2/Exclusions' },
  { id: 'state-oh', state: 'OH', stateName: 'Ohio', publisher: 'Ohio Department of Medicaid', officialUrl: 'https://medicaid.ohio.gov/resources-for-providers/enrollment-and-support/provider-enrollment/provider-exclusion-and-suspension-list' },
  { id: 'state-pa', state: 'PA', stateName: 'Pennsylvania', publisher: 'Pennsylvania DHS (Medicheck)', officialUrl: 'https://www.humanservices.dhs.pa.gov/Medchk/MedchkSearch/Medchk' },
  { id: 'state-ak', state: 'AK', stateName: 'Alaska', publisher: 'Alaska Department of Health, Medicaid Program Integrity', officialUrl: 'https://health.alaska.gov/en/office-of-the-commissioner/medicaid-program-integrity/' },
  { id: 'state-al', state: 'AL', stateName: 'Alabama', publisher: 'Alabama Medicaid Agency, Program Integrity', officialUrl: 'https://medicaid.alabama.gov/content/8.0_Fraud/8.7_Suspended_Providers.aspx' },
  { id: 'state-ar', state: 'AR', stateName: 'Arkansas', publisher: 'Arkansas Department of Human Services', officialUrl: 'https://dhs.arkansas.gov/dhs/portal/Exclusions/PublicSearch/' },
  { id: 'state-az', state: 'AZ', stateName: 'Arizona', publisher: 'Arizona AHCCCS Office of Inspector General', officialUrl: 'https://www.azahcccs.gov/Fraud/Downloads/ProviderSuspensionsTerminations.pdf' },
  { id: 'state-az-exclusions', state: 'AZ', stateName: 'Arizona (State Exclusions)', publisher: 'Arizona AHCCCS (State Exclusions workbook)', officialUrl: 'https://www.azahcccs.gov/Fraud/Providers/actions.html' },
  { id: 'state-co', state: 'CO', stateName: 'Colorado', publisher: 'Colorado Department of Health Care Policy & Financing', officialUrl: 'https://hcpf.colorado.gov/provider-termination' },
  { id: 'state-ct', state: 'CT', stateName: 'Connecticut', publisher: 'Connecticut DSS Quality Assurance', officialUrl: 'https://portal.ct.gov/dss/quality-assurance/quality-assurance-administrative-actions-list' },
  { id: 'state-dc', state: 'DC', stateName: 'District of Columbia', publisher: 'DC Office of Contracting and Procurement (Excluded Parties List)', officialUrl: 'https://ocp.dc.gov/page/excluded-parties-list', layoutFrom: 'documented' },
  { id: 'state-de', state: 'DE', stateName: 'Delaware', publisher: 'Delaware DHSS, Division of Medicaid & Medical Assistance', officialUrl: 'https://medicaid.dhss.delaware.gov/provider/Home/ProgramIntegrityLanding/tabid/2102/Default.aspx' },
  { id: 'state-ga', state: 'GA', stateName: 'Georgia', publisher: 'Georgia DCH Office of Inspector General', officialUrl: 'https://dch.georgia.gov/office-inspector-general/georgia-oig-exclusions-list' },
  { id: 'state-hi', state: 'HI', stateName: 'Hawaii', publisher: 'Hawaii DHS Med-QUEST Division', officialUrl: 'https://medquest.hawaii.gov/en/plans-providers/provider-exclusion-reinstatement-list.html' },
  { id: 'state-ia', state: 'IA', stateName: 'Iowa', publisher: 'Iowa HHS (Iowa Medicaid)', officialUrl: 'https://hhs.iowa.gov/programs/welcome-iowa-medicaid/provider-services/excluded-individuals-and-entities' },
  { id: 'state-id', state: 'ID', stateName: 'Idaho', publisher: 'Idaho Department of Health and Welfare, Medicaid Program Integrity', officialUrl: 'https://publicdocuments.dhw.idaho.gov/WebLink/DocView.aspx?id=6158&dbid=0&repo=PUBLIC-DOCUMENTS&cr=1' },
  { id: 'state-il', state: 'IL', stateName: 'Illinois', publisher: 'Illinois HFS Office of Inspector General', officialUrl: 'https://hfs.illinois.gov/oig/sanctionslist.html' },
  { id: 'state-in', state: 'IN', stateName: 'Indiana', publisher: 'Indiana FSSA Office of Medicaid Policy and Planning', officialUrl: 'https://www.in.gov/fssa/ompp/provider-information/termination-of-provider-participation-in-medicaid-and-chip/' },
  { id: 'state-ks', state: 'KS', stateName: 'Kansas', publisher: 'Kansas KDHE Division of Health Care Finance (KMAP)', officialUrl: 'https://www.kdhe.ks.gov/172/Medicaid' },
  { id: 'state-ky', state: 'KY', stateName: 'Kentucky', publisher: 'Kentucky Department for Medicaid Services', officialUrl: 'https://www.chfs.ky.gov/agencies/dms/dpi/pe/Documents/KYMedicaidTerminationList.xlsx' },
  { id: 'state-la', state: 'LA', stateName: 'Louisiana', publisher: 'Louisiana Department of Health (Adverse Actions)', officialUrl: 'https://adverseactions.ldh.la.gov/SelSearch/SelSearch/Export' },
  { id: 'state-ma', state: 'MA', stateName: 'Massachusetts', publisher: 'MassHealth (EOHHS)', officialUrl: 'https://www.mass.gov/info-details/learn-about-suspended-or-excluded-masshealth-providers' },
  { id: 'state-md', state: 'MD', stateName: 'Maryland', publisher: 'Maryland Department of Health (Maryland Medicaid)', officialUrl: 'https://health.maryland.gov/mmcp/provider/Pages/sanctioned_list.aspx' },
  { id: 'state-me', state: 'ME', stateName: 'Maine', publisher: 'MaineCare Services (Maine DHHS)', officialUrl: 'https://mainecare.maine.gov/PrvExclRpt/Forms/AllItems.aspx' },
  { id: 'state-mi', state: 'MI', stateName: 'Michigan', publisher: 'Michigan Department of Health and Human Services', officialUrl: 'https://www.michigan.gov/mdhhs/doing-business/providers/providers/billingreimbursement/list-of-sanctioned-providers' },
  { id: 'state-mn', state: 'MN', stateName: 'Minnesota', publisher: 'Minnesota DHS (Minnesota Health Care Programs)', officialUrl: 'https://mn.gov/dhs/partners-and-providers/program-overviews/mhcp/', layoutFrom: 'documented' },
  { id: 'state-mo', state: 'MO', stateName: 'Missouri', publisher: 'Missouri Medicaid Audit and Compliance (MMAC)', officialUrl: 'https://mmac.mo.gov/providers/provider-sanctions/', layoutFrom: 'documented' },
  { id: 'state-ms', state: 'MS', stateName: 'Mississippi', publisher: 'Mississippi Division of Medicaid', officialUrl: 'https://medicaid.ms.gov/providers/provider-terminations/' },
  { id: 'state-mt', state: 'MT', stateName: 'Montana', publisher: 'Montana DPHHS (Montana Healthcare Programs)', officialUrl: 'https://dphhs.mt.gov/montanahealthcareprograms/terminatedexcludedproviders' },
  { id: 'state-nc', state: 'NC', stateName: 'North Carolina', publisher: 'NC Medicaid Office of Compliance and Program Integrity', officialUrl: 'https://medicaid.ncdhhs.gov/providers/excluded-providers' },
  { id: 'state-nd', state: 'ND', stateName: 'North Dakota', publisher: 'North Dakota HHS Program Integrity', officialUrl: 'https://www.hhs.nd.gov/healthcare/medicaid/provider/compliance/fraud-and-abuse' },
  { id: 'state-ne', state: 'NE', stateName: 'Nebraska', publisher: 'Nebraska DHHS, Medicaid & Long-Term Care', officialUrl: 'https://dhhs.ne.gov/Documents/Medicaid%20Excluded%20Providers.pdf' },
  { id: 'state-nh', state: 'NH', stateName: 'New Hampshire', publisher: 'New Hampshire DHHS (Medicaid Provider Relations)', officialUrl: 'https://www.dhhs.nh.gov/programs-services/medicaid/medicaid-provider-relations', layoutFrom: 'documented' },
  { id: 'state-nj', state: 'NJ', stateName: 'New Jersey', publisher: 'NJ Office of the State Comptroller, Medicaid Fraud Division', officialUrl: 'https://www.nj.gov/comptroller/doc/nj_debarment_list.pdf' },
  { id: 'state-nj-debarment', state: 'NJ', stateName: 'New Jersey (Treasury debarments)', publisher: 'NJ Department of the Treasury (Consolidated Debarment Report)', officialUrl: 'https://www.state.nj.us/treasury/treasfiles/debarment/Debarment.txt' },
  { id: 'state-nv', state: 'NV', stateName: 'Nevada', publisher: 'Nevada Office of the Medicaid Inspector General', officialUrl: 'https://www.omig.nv.gov/provider-enrollment--termination/provider-exclusions-sanctions-and-press-releases/', layoutFrom: 'documented' },
  { id: 'state-or', state: 'OR', stateName: 'Oregon', publisher: 'Oregon Health Authority, Program Integrity Audit Unit (Medicaid fraud convictions)', officialUrl: 'https://www.oregon.gov/oha/FOD/PIAU/Pages/Convictions.aspx', layoutFrom: 'documented' },
  { id: 'state-sc', state: 'SC', stateName: 'South Carolina', publisher: 'South Carolina DHHS Program Integrity', officialUrl: 'https://www.scdhhs.gov/fraud' },
  { id: 'state-tn', state: 'TN', stateName: 'Tennessee', publisher: 'Tennessee Division of TennCare, Office of Program Integrity', officialUrl: 'https://www.tn.gov/tenncare/fraud-and-abuse/program-integrity.html' },
  { id: 'state-vt', state: 'VT', stateName: 'Vermont', publisher: 'Department of Vermont Health Access (DVHA)', officialUrl: 'https://dvha.vermont.gov/providers/medicaid-excluded-providers' },
  { id: 'state-wa', state: 'WA', stateName: 'Washington', publisher: 'Washington State Health Care Authority', officialUrl: 'https://www.hca.wa.gov/billers-providers-partners/become-apple-health-provider/provider-termination-and-exclusion-list' },
  { id: 'state-wv', state: 'WV', stateName: 'West Virginia', publisher: 'West Virginia Bureau for Medical Services', officialUrl: 'https://www.wvmmis.com/SitePages/Medicaid%20Provider%20SanctionedExclusion' },
  { id: 'state-wy', state: 'WY', stateName: 'Wyoming', publisher: 'Wyoming Department of Health (Healthcare Financing)', officialUrl: 'https://health.wyo.gov/healthcarefin/medicaid/' },
] as const satisfies readonly StateList[];

/** Source ids of the state lists, in page order. */
export const STATE_SOURCE_IDS = STATE_LISTS.map((list) => list.id);

/** The states covered, each once, in page order ("New York, California, …"). */
export const STATE_NAMES: readonly string[] = [...new Set(STATE_LISTS.map((list) => list.stateName.replace(/ \(.*\)$/, '')))];

/** "27 states and the District of Columbia", "21 states": how many the lists cover, in words. */
export function statesCoveredWords(): string {
  const states = STATE_NAMES.filter((name) => name !== 'District of Columbia').length;
  return `${states} ${states === 1 ? 'state' : 'states'}${states < STATE_NAMES.length ? ' and the District of Columbia' : ''}`;
}

/** What the pages and `clearlist lists sources` say of a list whose parser has not yet seen a real file. */
export const DOCUMENTED_LAYOUT_WORDS = 'Read by the layout the research documents: its parser has not yet seen a real file from the publisher.';

/**
 * A state that publishes no Medicaid exclusion list of its own, or one Clearlist cannot read
 * yet: the pages name it with the reason, beside the lists searched.
 */
export interface StateWithoutList {
  state: string;
  stateName: string;
  /** `none`: the state publishes no list; OIG's LEIE covers it. `unreadable`: it publishes one Clearlist cannot fetch or read yet. */
  kind: 'none' | 'unreadable';
  /** Why, for `unreadable` (in words, after the state's name). */
  reason?: string;
}

/** The states with no list of their own, and those whose list is not searched yet (research/list-acquisition.md §2). By state code. */
export const STATES_WITHOUT_LIST = [
  { state: 'FL', stateName: 'Florida', kind: 'unreadable', reason: 'publishes a list (AHCA Medicaid Program Integrity), but neither its address nor its layout is known yet, so it is not searched; OIG\'s LEIE covers the federal exclusions' },
  { state: 'NM', stateName: 'New Mexico', kind: 'none' },
  { state: 'OK', stateName: 'Oklahoma', kind: 'none' },
  { state: 'RI', stateName: 'Rhode Island', kind: 'none' },
  { state: 'SD', stateName: 'South Dakota', kind: 'none' },
  { state: 'UT', stateName: 'Utah', kind: 'none' },
  { state: 'VA', stateName: 'Virginia', kind: 'none' },
  { state: 'WI', stateName: 'Wisconsin', kind: 'none' },
] as const satisfies readonly StateWithoutList[];

/** "Virginia publishes no list; OIG's LEIE covers it." or the reason a published list is not searched. */
export function withoutListWords(entry: StateWithoutList): string {
  return entry.kind === 'none' ? `${entry.stateName} publishes no list; OIG's LEIE covers it.` : `${entry.stateName} ${entry.reason ?? 'publishes a list Clearlist cannot read yet'}.`;
}

/** Every state and DC, by name: the ones with a list searched and the ones without (for the pages). */
export function everyJurisdiction(): { state: string; stateName: string; searched: boolean; words: string; documented: boolean }[] {
  const searched = new Map<string, { stateName: string; documented: boolean }>();
  for (const list of STATE_LISTS as readonly StateList[]) {
    const documented = list.layoutFrom === 'documented' || (searched.get(list.state)?.documented ?? false);
    searched.set(list.state, { stateName: searched.get(list.state)?.stateName ?? list.stateName.replace(/ \(.*\)$/, ''), documented });
  }
  const rows = [
    ...[...searched].map(([state, { stateName, documented }]) => ({ state, stateName, searched: true, documented, words: `${stateName}: its list is searched.` })),
    ...(STATES_WITHOUT_LIST as readonly StateWithoutList[]).filter((s) => !searched.has(s.state)).map((s) => ({ state: s.state, stateName: s.stateName, searched: false, documented: false, words: withoutListWords(s) })),
  ];
  return rows.sort((a, b) => a.stateName.localeCompare(b.stateName));
}
