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
}

export const STATE_LISTS = [
  { id: 'state-ny', state: 'NY', stateName: 'New York', publisher: 'NY Office of the Medicaid Inspector General', officialUrl: 'https://omig.ny.gov/medicaid-fraud/medicaid-exclusions' },
  { id: 'state-ca', state: 'CA', stateName: 'California', publisher: 'California DHCS (Medi-Cal Suspended and Ineligible Provider List)', officialUrl: 'https://mcweb.apps.prd.cammis.medi-cal.ca.gov/references/sandi' },
  { id: 'state-tx', state: 'TX', stateName: 'Texas', publisher: 'Texas HHS Office of Inspector General', officialUrl: 'https://oig.hhsc.state.tx.us/oigportal2/Exclusions' },
  { id: 'state-oh', state: 'OH', stateName: 'Ohio', publisher: 'Ohio Department of Medicaid', officialUrl: 'https://medicaid.ohio.gov/resources-for-providers/enrollment-and-support/provider-enrollment/provider-exclusion-and-suspension-list' },
  { id: 'state-pa', state: 'PA', stateName: 'Pennsylvania', publisher: 'Pennsylvania DHS (Medicheck)', officialUrl: 'https://www.humanservices.dhs.pa.gov/Medchk/MedchkSearch/Medchk' },
  { id: 'state-az', state: 'AZ', stateName: 'Arizona', publisher: 'Arizona AHCCCS Office of Inspector General', officialUrl: 'https://www.azahcccs.gov/Fraud/Downloads/ProviderSuspensionsTerminations.pdf' },
  { id: 'state-az-exclusions', state: 'AZ', stateName: 'Arizona (State Exclusions)', publisher: 'Arizona AHCCCS (State Exclusions workbook)', officialUrl: 'https://www.azahcccs.gov/Fraud/Providers/actions.html' },
  { id: 'state-ga', state: 'GA', stateName: 'Georgia', publisher: 'Georgia DCH Office of Inspector General', officialUrl: 'https://dch.georgia.gov/office-inspector-general/georgia-oig-exclusions-list' },
  { id: 'state-hi', state: 'HI', stateName: 'Hawaii', publisher: 'Hawaii DHS Med-QUEST Division', officialUrl: 'https://medquest.hawaii.gov/en/plans-providers/provider-exclusion-reinstatement-list.html' },
  { id: 'state-ia', state: 'IA', stateName: 'Iowa', publisher: 'Iowa HHS (Iowa Medicaid)', officialUrl: 'https://hhs.iowa.gov/programs/welcome-iowa-medicaid/provider-services/excluded-individuals-and-entities' },
  { id: 'state-id', state: 'ID', stateName: 'Idaho', publisher: 'Idaho Department of Health and Welfare, Medicaid Program Integrity', officialUrl: 'https://publicdocuments.dhw.idaho.gov/WebLink/DocView.aspx?id=6158&dbid=0&repo=PUBLIC-DOCUMENTS&cr=1' },
  { id: 'state-il', state: 'IL', stateName: 'Illinois', publisher: 'Illinois HFS Office of Inspector General', officialUrl: 'https://hfs.illinois.gov/oig/sanctionslist.html' },
  { id: 'state-in', state: 'IN', stateName: 'Indiana', publisher: 'Indiana FSSA Office of Medicaid Policy and Planning', officialUrl: 'https://www.in.gov/fssa/ompp/provider-information/termination-of-provider-participation-in-medicaid-and-chip/' },
  { id: 'state-ks', state: 'KS', stateName: 'Kansas', publisher: 'Kansas KDHE Division of Health Care Finance (KMAP)', officialUrl: 'https://www.kdhe.ks.gov/172/Medicaid' },
  { id: 'state-ky', state: 'KY', stateName: 'Kentucky', publisher: 'Kentucky Department for Medicaid Services', officialUrl: 'https://www.chfs.ky.gov/agencies/dms/dpi/pe/Documents/KYMedicaidTerminationList.xlsx' },
  { id: 'state-la', state: 'LA', stateName: 'Louisiana', publisher: 'Louisiana Department of Health (Adverse Actions)', officialUrl: 'https://adverseactions.ldh.la.gov/SelSearch/SelSearch/Export' },
  { id: 'state-me', state: 'ME', stateName: 'Maine', publisher: 'MaineCare Services (Maine DHHS)', officialUrl: 'https://mainecare.maine.gov/PrvExclRpt/Forms/AllItems.aspx' },
  { id: 'state-ms', state: 'MS', stateName: 'Mississippi', publisher: 'Mississippi Division of Medicaid', officialUrl: 'https://medicaid.ms.gov/providers/provider-terminations/' },
  { id: 'state-mt', state: 'MT', stateName: 'Montana', publisher: 'Montana DPHHS (Montana Healthcare Programs)', officialUrl: 'https://dphhs.mt.gov/montanahealthcareprograms/terminatedexcludedproviders' },
  { id: 'state-nc', state: 'NC', stateName: 'North Carolina', publisher: 'NC Medicaid Office of Compliance and Program Integrity', officialUrl: 'https://medicaid.ncdhhs.gov/providers/excluded-providers' },
  { id: 'state-nd', state: 'ND', stateName: 'North Dakota', publisher: 'North Dakota HHS Program Integrity', officialUrl: 'https://www.hhs.nd.gov/healthcare/medicaid/provider/compliance/fraud-and-abuse' },
  { id: 'state-ne', state: 'NE', stateName: 'Nebraska', publisher: 'Nebraska DHHS, Medicaid & Long-Term Care', officialUrl: 'https://dhhs.ne.gov/Documents/Medicaid%20Excluded%20Providers.pdf' },
  { id: 'state-nj', state: 'NJ', stateName: 'New Jersey', publisher: 'NJ Office of the State Comptroller, Medicaid Fraud Division', officialUrl: 'https://www.nj.gov/comptroller/doc/nj_debarment_list.pdf' },
  { id: 'state-nj-debarment', state: 'NJ', stateName: 'New Jersey (Treasury debarments)', publisher: 'NJ Department of the Treasury (Consolidated Debarment Report)', officialUrl: 'https://www.state.nj.us/treasury/treasfiles/debarment/Debarment.txt' },
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
