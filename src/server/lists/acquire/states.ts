/** The state lists' recipes and the services they call (research/list-acquisition.md §2). */
import type { LinkRule, Recipe } from './recipe';
import type { Service } from './resolve';
import { aspnetPostback, jsonTable, sharepointLibrary, telerikGrid } from './state-services';

/** Neither the publisher nor the research states a rhythm: OpenSanctions' choice (§2, §4.10). */
const TWICE_A_MONTH = 'twice a month (the publisher states none)';

export const TN_TABLE_JSON =
  'https://www.tn.gov/tenncare/fraud-and-abuse/program-integrity/_jcr_content/content/tn_accordion/parsys_terminated_providerlist/tn_complex_datatable.tablejson.json';
export const ME_LIBRARY = 'https://mainecare.maine.gov/PrvExclRpt/Forms/AllItems.aspx';
export const TX_DOW_PAGE = 'https://oig.hhsc.state.tx.us/oigportal2/Exclusions/ctl/DOW/mid/384';
export const TX_EVENT_TARGET = 'dnn$ctr384$DownloadExclusionsFile$lb_DLoad_ExcFile_XLS';
export const WV_PAGE = 'https://www.wvmmis.com/SitePages/Medicaid%20Provider%20SanctionedExclusion';

/** A page-link recipe of one file found by one rule on the landing page. */
function linked(source: string, page: string, rule: LinkRule, fileName: string, basis: string): Recipe {
  return { source, page, cadence: TWICE_A_MONTH, method: 'page-link', files: [{ hops: [rule], fileName }], basis };
}

export const STATE_RECIPES: Recipe[] = [
  {
    source: 'state-az',
    page: 'https://www.azahcccs.gov/Fraud/Providers/actions.html',
    cadence: TWICE_A_MONTH,
    method: 'direct',
    files: [{ url: 'https://www.azahcccs.gov/Fraud/Downloads/ProviderSuspensionsTerminations.pdf' }],
    basis: 'the stable PDF URL ProviderSuspensionsTerminations.pdf (§2.1 AZ: direct; OpenSanctions fetched it from a US IP)',
  },
  {
    source: 'state-az-exclusions',
    page: 'https://www.azahcccs.gov/Fraud/Providers/actions.html',
    cadence: TWICE_A_MONTH,
    method: 'upload',
    reason: 'the research records no URL of the State Exclusions workbook (only of the Provider Suspensions and Terminations PDF, state-az): upload the workbook from https://www.azahcccs.gov/Fraud/Providers/actions.html',
    basis: 'not in the research (§2.1 AZ names the PDF only); the workbook is known from a 2026 copy (sheet "State Exclusions"), its link not recorded',
  },
  {
    source: 'state-ca',
    page: 'https://mcweb.apps.prd.cammis.medi-cal.ca.gov/references/sandi',
    cadence: TWICE_A_MONTH,
    method: 'page-link',
    files: [
      {
        hops: [{ text: ['Suspended', 'Ineligible', 'List'] }, { text: ['Suspended', 'Ineligible', 'List'] }, { href: ['.csv'] }],
        fileName: 'ca-suspended-ineligible.csv',
      },
    ],
    basis: 'three hops, the first two by a link text holding "Suspended", "Ineligible" and "List" (the first such link, since the 2026-05 CKAN migration), the last by the first href holding ".csv" (§2.2 California)',
  },
  linked('state-ga', 'https://dch.georgia.gov/office-inspector-general/georgia-oig-exclusions-list', { attribute: { name: 'data-text', holds: 'List of Excluded Individuals' } }, 'ga-oig-exclusions.xlsx', 'the link whose data-text attribute holds "List of Excluded Individuals" (§2.1 GA)'),
  linked('state-hi', 'https://medquest.hawaii.gov/en/plans-providers/provider-exclusion-reinstatement-list.html', { text: ['Med Prov Excl-Rein List'] }, 'hi-provider-exclusion-reinstatement-list.pdf', 'the link whose text holds "Med Prov Excl-Rein List" (§2.1 HI; OpenSanctions needed a browser and a US IP)'),
  linked('state-ia', 'https://hhs.iowa.gov/programs/welcome-iowa-medicaid/provider-services/excluded-individuals-and-entities', { text: ['Sanctions List'] }, 'ia-sanctions-list.xlsx', 'the link whose text holds "Sanctions List" (§2.1 IA; its text changed 5 times in 2024–26)'),
  {
    source: 'state-id',
    page: 'https://publicdocuments.dhw.idaho.gov/WebLink/DocView.aspx?id=6158&dbid=0&repo=PUBLIC-DOCUMENTS&cr=1',
    cadence: TWICE_A_MONTH,
    method: 'upload',
    reason: 'the publisher serves it through a document viewer (Laserfiche WebLink, document 6158) whose file request is not recorded yet: upload the file from https://publicdocuments.dhw.idaho.gov/WebLink/DocView.aspx?id=6158&dbid=0&repo=PUBLIC-DOCUMENTS&cr=1',
    basis: 'no working public crawler exists; the raw-file endpoint of document 6158 must be confirmed by a person with a browser (§2.1 ID, §2.2)',
  },
  {
    source: 'state-il',
    page: 'https://hfs.illinois.gov/oig/sanctionslist.html',
    cadence: TWICE_A_MONTH,
    method: 'upload',
    reason: 'the publisher serves it through a Dynamics 365 portal whose page script loads the list by a request not recorded yet: upload the file from https://ilhfspartner3.dynamics365portals.us/sanctions/',
    basis: 'no working public crawler exists ("access issue"); the portal loads its data by its own script (§2.1 IL, §2.2)',
  },
  linked('state-in', 'https://www.in.gov/fssa/ompp/provider-information/termination-of-provider-participation-in-medicaid-and-chip/', { textIs: 'Terminated providers' }, 'in-provider-terminations.xlsx', 'the link whose whole text is "Terminated providers" (§2.1 IN; the path changed in 2026-07)'),
  linked('state-ks', 'https://www.kdhe.ks.gov/172/Medicaid', { textIs: 'Termination List (XLSX)' }, 'ks-medicaid-terminations.xlsx', 'the link whose whole text is "Termination List (XLSX)" (§2.1 KS)'),
  {
    source: 'state-ky',
    page: 'https://www.chfs.ky.gov/agencies/dms/dpi/pe/Pages/terminated.aspx',
    cadence: TWICE_A_MONTH,
    method: 'direct',
    files: [{ url: 'https://www.chfs.ky.gov/agencies/dms/dpi/pe/Documents/KYMedicaidTerminationList.xlsx' }],
    basis: 'the stable URL KYMedicaidTerminationList.xlsx (§2.1 KY: direct)',
  },
  {
    source: 'state-la',
    page: 'https://adverseactions.ldh.la.gov/SelSearch/',
    cadence: TWICE_A_MONTH,
    method: 'page-link',
    files: [{ from: 'https://adverseactions.ldh.la.gov/SelSearch/SelSearch/Export', hops: [{ text: ['Download CSV'] }], fileName: 'la-adverse-actions.csv' }],
    basis: 'the Export page (HTML) and its "Download CSV" link (§2.1 LA, §2.2 Louisiana)',
  },
  {
    source: 'state-me',
    page: 'https://mainecare.maine.gov/mhpviewer.aspx?FID=MEEX',
    cadence: 'monthly (the research: "monthly report")',
    method: 'api',
    service: 'sharepoint-library',
    options: { url: ME_LIBRARY, fileName: 'PI0008-PM Monthly Exclusion Report.xlsx' },
    basis: 'the library listing embedded in AllItems.aspx between WPQ2ListData and WPQ2SchemaData: the row of the highest ID names the newest folder (FileLeafRef), which holds a file of a fixed name (§2.1 ME, §2.2 Maine)',
  },
  linked('state-ms', 'https://medicaid.ms.gov/providers/provider-terminations/', { text: ['Sanctioned Provider List'] }, 'ms-sanctioned-providers.xlsx', 'the link whose text holds "Sanctioned Provider List" (§2.1 MS; the format went XLSX → CSV → XLSX in 2025-07, either is read)'),
  linked('state-mt', 'https://dphhs.mt.gov/montanahealthcareprograms/terminatedexcludedproviders', { textIs: 'Download Excluded or Terminated Provider list in Excel' }, 'mt-terminated-excluded-providers.xlsx', 'the link whose whole text is "Download Excluded or Terminated Provider list in Excel" (§2.1 MT)'),
  linked('state-nc', 'https://medicaid.ncdhhs.gov/providers/excluded-providers', { textIs: 'State Excluded Provider List' }, 'nc-state-excluded-providers.xlsx', 'the link whose whole text is "State Excluded Provider List" (§2.1 NC)'),
  linked('state-nd', 'https://www.hhs.nd.gov/healthcare/medicaid/provider/compliance/fraud-and-abuse', { text: ['ND Medicaid Provider Exclusion List'], hrefEnds: '.xlsx' }, 'nd-provider-exclusions.xlsx', 'the link whose text holds "ND Medicaid Provider Exclusion List" and whose href ends in ".xlsx" (§2.1 ND)'),
  {
    source: 'state-ne',
    page: 'https://dhhs.ne.gov/Pages/Program-Integrity-Sanctioned-Providers.aspx',
    cadence: TWICE_A_MONTH,
    method: 'direct',
    files: [{ url: 'https://dhhs.ne.gov/Documents/Medicaid%20Excluded%20Providers.pdf' }],
    basis: 'the stable PDF URL "Medicaid Excluded Providers.pdf" (§2.1 NE: direct; OpenSanctions fetched it from a US IP)',
  },
  {
    source: 'state-nj',
    page: 'https://www.njoag.gov/about/divisions-and-offices/office-of-the-insurance-fraud-prosecutor-home/medicaid-fraud-control-unit/',
    cadence: TWICE_A_MONTH,
    method: 'direct',
    files: [{ url: 'https://www.nj.gov/comptroller/doc/nj_debarment_list.pdf' }],
    basis: 'the stable PDF URL nj_debarment_list.pdf, which answers 403 unless a browser User-Agent is sent, as every request here does (§2.1 NJ)',
  },
  {
    source: 'state-nj-debarment',
    page: 'https://www.state.nj.us/treasury/treasfiles/debarment/Debarment.txt',
    cadence: TWICE_A_MONTH,
    method: 'direct',
    files: [{ url: 'https://www.state.nj.us/treasury/treasfiles/debarment/Debarment.txt' }],
    basis: 'not in the research (§2.1 NJ is the Comptroller PDF, state-nj): the Treasury file URL the parser config names, fetched as is',
  },
  {
    source: 'state-ny',
    page: 'https://omig.ny.gov/medicaid-fraud/medicaid-exclusions',
    cadence: TWICE_A_MONTH,
    method: 'direct',
    // The URL ends in .aspx: the parser and the block-page check are given the workbook's own kind.
    files: [{ url: 'https://apps.omig.ny.gov/exclusions/exporttoexcel.aspx', fileName: 'ny-medicaid-exclusions.xlsx' }],
    basis: 'the export endpoint exporttoexcel.aspx, which answers the XLSX (§2.1 NY: direct, unchanged since 2024-09)',
  },
  linked('state-oh', 'https://medicaid.ohio.gov/wps/portal/gov/medicaid/resources-for-providers/enrollment-and-support/provider-enrollment/provider-exclusion-and-suspension-list', { text: ['Medicaid', 'Exclusion', 'Suspension'], href: ['xlsx'] }, 'oh-provider-exclusion-suspension-list.xlsx', 'the link whose text holds "Medicaid", "Exclusion" and "Suspension" and whose href holds "xlsx" (§2.1 OH)'),
  {
    source: 'state-pa',
    page: 'https://www.pa.gov/agencies/dhs/report-fraud/medicheck-list',
    cadence: TWICE_A_MONTH,
    method: 'direct',
    files: [{ url: 'https://www.humanservices.dhs.pa.gov/Medchk/MedchkSearch/Medchk?target=_blank', fileName: 'pa-medicheck.csv' }],
    basis: 'the Medicheck CSV export URL on humanservices.dhs.pa.gov (§2.1 PA: direct; the domain changed in 2025-10)',
  },
  linked('state-sc', 'https://www.scdhhs.gov/fraud', { text: ['South Carolina Medicaid Excluded/Terminated Providers'] }, 'sc-excluded-terminated-providers.xlsx', 'the link whose text holds "South Carolina Medicaid Excluded/Terminated Providers" (§2.1 SC; the text changed in 2025-07; OpenSanctions needed a browser and a US IP)'),
  {
    source: 'state-tn',
    page: 'https://www.tn.gov/tenncare/fraud-and-abuse/program-integrity.html',
    cadence: TWICE_A_MONTH,
    method: 'api',
    service: 'json-table',
    options: { url: TN_TABLE_JSON, fileName: 'tn-terminated-providers.csv' },
    basis: "the page's own data-table JSON (.tablejson.json), rows under data keyed by column title, written as a CSV with those titles (§2.1 TN, §2.2 Tennessee)",
  },
  {
    source: 'state-tx',
    page: 'https://oig.hhsc.state.tx.us/oigportal2/Exclusions/ctl/ABO/mid/384',
    cadence: TWICE_A_MONTH,
    method: 'postback',
    service: 'aspnet-postback',
    options: { url: TX_DOW_PAGE, eventTarget: TX_EVENT_TARGET, fileName: 'TX-exclusions.xls' },
    basis: 'GET the DOW page, POST back its __VIEWSTATE and __EVENTVALIDATION with __EVENTTARGET of the "download XLS" link button; the answer is the legacy .xls (§2.2 Texas; the session cookie kept, inferred there)',
  },
  {
    source: 'state-vt',
    page: 'https://dvha.vermont.gov/providers/medicaid-excluded-providers',
    cadence: 'monthly (the list\'s title names its month)',
    method: 'upload',
    reason: 'the publisher serves the list through a single-page app (vtmedicaid.com) whose data request is not recorded yet: upload the monthly workbook from https://dvha.vermont.gov/providers/medicaid-excluded-providers',
    basis: 'no working public crawler exists; the JSON call under vtmedicaid.com/api/ is only inferred and must be confirmed by a person with a browser (§2.1 VT, §2.2)',
  },
  linked('state-wa', 'https://www.hca.wa.gov/billers-providers-partners/become-apple-health-provider/provider-termination-and-exclusion-list', { text: ['the HCA Medicaid providers listing'] }, 'wa-provider-termination-exclusion-list.xlsx', 'the link whose text holds "the HCA Medicaid providers listing" (§2.1 WA)'),
  {
    source: 'state-wv',
    page: WV_PAGE,
    cadence: TWICE_A_MONTH,
    method: 'page-link',
    service: 'telerik-grid',
    referer: true,
    basis: 'the Telerik grid rows: the document name from the __doPostBack link text, the folder from the hidden display:none cell, built into SharepointDownload?parent=…&docname=…, with the landing page as Referer (§2.1 WV, §2.2 West Virginia)',
  },
  linked('state-wy', 'https://health.wyo.gov/healthcarefin/medicaid/', { text: ['Wyoming Medicaid Provider Exclusion List'] }, 'wy-medicaid-provider-exclusion-list.pdf', 'the link whose text holds "Wyoming Medicaid Provider Exclusion List" (its text carries a date, "(01/01/2026)") (§2.1 WY; OpenSanctions needed a browser and a US IP)'),
];

export const STATE_SERVICES: Readonly<Record<string, Service>> = {
  'json-table': jsonTable,
  'sharepoint-library': sharepointLibrary,
  'telerik-grid': telerikGrid,
  'aspnet-postback': aspnetPostback,
};
