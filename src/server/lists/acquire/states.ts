/** The state lists' recipes and the services they call (research/list-acquisition.md §2). */
import type { LinkRule, Recipe } from './recipe';
import type { Service } from './resolve';
import { OR_LISTS_SERVICE, OR_VIEW, sharepointSoap } from './sharepoint-soap';
import { aspnetPostback, jsonTable, sharepointLibrary, telerikGrid } from './state-services';

/** Neither the publisher nor the research states a rhythm: OpenSanctions' choice (§2, §4.10). */
const TWICE_A_MONTH = 'twice a month (the publisher states none)';

export const TN_TABLE_JSON =
  'https://www.tn.gov/tenncare/fraud-and-abuse/program-integrity/_jcr_content/content/tn_accordion/parsys_terminated_providerlist/tn_complex_datatable.tablejson.json';
export const ME_LIBRARY = 'https://mainecare.maine.gov/PrvExclRpt/Forms/AllItems.aspx';
export const TX_DOW_PAGE = 'https://oig.hhsc.state.tx.us/oigportal2/Exclusions/ctl/DOW/mid/384';
export const TX_EVENT_TARGET = 'dnn$ctr384$DownloadExclusionsFile$lb_DLoad_ExcFile_XLS';
export const MN_DOCUMENT = 'http://www.dhs.state.mn.us/main/idcplg?IdcService=GET_DYNAMIC_CONVERSION&RevisionSelectionMethod=LatestReleased&dDocName=DHS-295094';
export const DC_PAGE = 'https://ocp.dc.gov/page/excluded-parties-list';
export const WV_PAGE = 'https://www.wvmmis.com/SitePages/Medicaid%20Provider%20SanctionedExclusion';

/** A page-link recipe of one file found by one rule on the landing page. */
function linked(source: string, page: string, rule: LinkRule, fileName: string, basis: string): Recipe {
  return { source, page, cadence: TWICE_A_MONTH, method: 'page-link', files: [{ hops: [rule], fileName }], basis };
}

export const STATE_RECIPES: Recipe[] = [
  linked('state-ak', 'https://health.alaska.gov/en/office-of-the-commissioner/medicaid-program-integrity/', { text: ['Current Alaska Excluded provider list'] }, 'ak-excluded-provider-list.pdf', 'the link whose text holds "Current Alaska Excluded provider list"; the PDF\'s name changes with each edition (§2.1 AK, §2.2 Alaska; OpenSanctions needed a US IP)'),
  linked('state-al', 'https://medicaid.alabama.gov/content/8.0_Fraud/8.7_Suspended_Providers.aspx', { text: ['Excel Version'] }, 'al-suspended-providers.xlsx', 'the first link whose text holds "Excel Version" (§2.1 AL; a PDF until 2026-05)'),
  {
    source: 'state-ar',
    page: 'https://dhs.arkansas.gov/dhs/portal/Exclusions/PublicSearch/',
    cadence: TWICE_A_MONTH,
    method: 'direct',
    files: [{ url: 'https://dhs.arkansas.gov/dhs/portal/exclusions/publicsearch/Download', fileName: 'ar-excluded-providers.csv' }],
    basis: 'the public search\'s Download URL, which answers the CSV (§2.1 AR: direct; OpenSanctions fetched it from a US IP)',
  },
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
  {
    source: 'state-co',
    page: 'https://hcpf.colorado.gov/provider-termination',
    cadence: TWICE_A_MONTH,
    method: 'page-link',
    files: [{ hops: [{ inside: { name: 'about', value: '/provider-termination' }, text: ['Terminated Provider List'] }], fileName: 'co-terminated-providers.xlsx' }],
    basis: 'the first link inside the element about="/provider-termination" whose text holds "Terminated Provider List" (§2.1 CO, §2.2 Colorado)',
  },
  {
    source: 'state-ct',
    page: 'https://portal.ct.gov/dss/quality-assurance/quality-assurance-administrative-actions-list',
    cadence: TWICE_A_MONTH,
    method: 'upload',
    reason: 'the publisher shows the list as a web page whose data answers 403 (forbidden) to anything but a person\'s browser, and no file request is recorded: upload the file from https://portal.ct.gov/dss/quality-assurance/quality-assurance-administrative-actions-list (the page saved as it is, or its table copied into a workbook)',
    basis: 'no working public crawler exists; the page\'s data part answers 403 to scripts (§2.1 CT, §2.2)',
  },
  {
    source: 'state-de',
    page: 'https://medicaid.dhss.delaware.gov/provider/Home/ProgramIntegrityLanding/tabid/2102/Default.aspx',
    cadence: TWICE_A_MONTH,
    method: 'direct',
    files: [{ url: 'https://medicaidpublications.dhss.delaware.gov/docs/Search?Command=Core_Download&EntryId=1671', fileName: 'de-sanctioned-providers.pdf' }],
    basis: 'the document store\'s download of entry 1671, which answers the PDF (§2.1 DE: direct)',
  },
  {
    source: 'state-dc',
    page: DC_PAGE,
    cadence: TWICE_A_MONTH,
    method: 'direct',
    files: [{ url: DC_PAGE, fileName: 'dc-excluded-parties-list.html' }],
    basis: 'the landing page itself, whose tables are the list: a plain GET (§2.1 DC; a DC procurement list, not DHCF Medicaid)',
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
  linked('state-ma', 'https://www.mass.gov/info-details/learn-about-suspended-or-excluded-masshealth-providers', { text: ['XLSX'] }, 'ma-suspended-excluded-providers.xlsx', 'the link around the text "XLSX" (§2.1 MA; the page answered 403 to scripts without a browser\'s headers, which every request here sends)'),
  linked('state-md', 'https://health.maryland.gov/mmcp/provider/Pages/sanctioned_list.aspx', { text: ['Maryland Medicaid Sanctioned Provider List'] }, 'md-sanctioned-providers.xlsx', 'the link whose text holds "Maryland Medicaid Sanctioned Provider List" (§2.1 MD; the publisher refuses data-centre IPs)'),
  {
    source: 'state-me',
    page: 'https://mainecare.maine.gov/mhpviewer.aspx?FID=MEEX',
    cadence: 'monthly (the research: "monthly report")',
    method: 'api',
    service: 'sharepoint-library',
    options: { url: ME_LIBRARY, fileName: 'PI0008-PM Monthly Exclusion Report.xlsx' },
    basis: 'the library listing embedded in AllItems.aspx between WPQ2ListData and WPQ2SchemaData: the row of the highest ID names the newest folder (FileLeafRef), which holds a file of a fixed name (§2.1 ME, §2.2 Maine)',
  },
  linked('state-mi', 'https://www.michigan.gov/mdhhs/doing-business/providers/providers/billingreimbursement/list-of-sanctioned-providers', { textIs: 'List of Sanctioned Providers (XLSX)' }, 'mi-sanctioned-providers.xlsx', 'the link whose whole text is "List of Sanctioned Providers (XLSX)" (§2.1 MI)'),
  {
    source: 'state-mn',
    page: 'https://mn.gov/dhs/partners-and-providers/program-overviews/mhcp/',
    cadence: TWICE_A_MONTH,
    method: 'page-link',
    files: [
      { from: MN_DOCUMENT, hops: [{ text: ['MHCP Excluded Individual Providers'] }], fileName: 'mn-excluded-individual-providers.xlsx' },
      { from: MN_DOCUMENT, hops: [{ text: ['MHCP Excluded Group Providers'] }], fileName: 'mn-excluded-group-providers.xlsx' },
    ],
    basis: 'the DHS-295094 dynamic-conversion page and its two anchors around the texts "MHCP Excluded Individual Providers" and "MHCP Excluded Group Providers", both files read as one version (§2.1 MN, §2.2 Minnesota)',
  },
  linked('state-mo', 'https://mmac.mo.gov/providers/provider-sanctions/', { href: ['sanction-list', '.xlsx'] }, 'mo-provider-sanction-list.xlsx', 'the link whose href holds "sanction-list" and ".xlsx", compared case-insensitively; the href is relative (§2.1 MO; the matcher changed about 7 times in 2024–26)'),
  linked('state-ms', 'https://medicaid.ms.gov/providers/provider-terminations/', { text: ['Sanctioned Provider List'] }, 'ms-sanctioned-providers.xlsx', 'the link whose text holds "Sanctioned Provider List" (§2.1 MS; the format went XLSX → CSV → XLSX in 2025-07, either is read)'),
  linked('state-mt', 'https://dphhs.mt.gov/montanahealthcareprograms/terminatedexcludedproviders', { textIs: 'Download Excluded or Terminated Provider list in Excel' }, 'mt-terminated-excluded-providers.xlsx', 'the link whose whole text is "Download Excluded or Terminated Provider list in Excel" (§2.1 MT)'),
  linked('state-nc', 'https://medicaid.ncdhhs.gov/providers/excluded-providers', { textIs: 'State Excluded Provider List' }, 'nc-state-excluded-providers.xlsx', 'the link whose whole text is "State Excluded Provider List" (§2.1 NC)'),
  linked('state-nd', 'https://www.hhs.nd.gov/healthcare/medicaid/provider/compliance/fraud-and-abuse', { text: ['ND Medicaid Provider Exclusion List'], hrefEnds: '.xlsx' }, 'nd-provider-exclusions.xlsx', 'the link whose text holds "ND Medicaid Provider Exclusion List" and whose href ends in ".xlsx" (§2.1 ND)'),
  linked('state-nh', 'https://www.dhhs.nh.gov/programs-services/medicaid/medicaid-provider-relations', { text: ['Provider Exclusion and Sanctions List'] }, 'nh-provider-exclusion-sanctions-list.xlsx', 'the link whose text holds "Provider Exclusion and Sanctions List" (§2.1 NH; 403s in 2025-09, the label changed in 2026-06)'),
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
  linked('state-nv', 'https://www.omig.nv.gov/provider-enrollment--termination/provider-exclusions-sanctions-and-press-releases/', { textIs: 'NV Exclusion List' }, 'nv-exclusion-list.pdf', 'the link whose whole text, spaces folded, is "NV Exclusion List" (§2.1 NV; the page moved domains twice in 2026)'),
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
    source: 'state-or',
    page: 'https://www.oregon.gov/oha/FOD/PIAU/Pages/Convictions.aspx',
    cadence: TWICE_A_MONTH,
    method: 'api',
    service: 'sharepoint-soap',
    options: { url: OR_LISTS_SERVICE, listName: 'Documents', viewName: OR_VIEW, fileName: 'or-medicaid-fraud-convictions.csv' },
    basis: 'a SOAP 1.1 GetListItems POST to the site\'s Lists.asmx (list "Documents", view {9070D930-…}, attachment URLs included); each z:row\'s ows_URL is "URL, last name, first name", written as a CSV (§2.1 OR, §2.2 Oregon)',
  },
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
  'sharepoint-soap': sharepointSoap,
};
