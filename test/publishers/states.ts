/**
 * The state publishers in the stand-in (research/list-acquisition.md §2.1, §2.2): each landing
 * page with its links as described (texts, data-text, relative hrefs, decoys the rules must
 * pass over), California's three hops, Louisiana's Export page, Maine's SharePoint listing,
 * West Virginia's grid, Texas's postback form, Tennessee's table JSON; the files are the
 * synthetic samples of data/samples/state-* (read at start). `half` serves every second
 * record of CSV, text and XLSX files and of Tennessee's JSON; PDFs and Texas's .xls are served
 * whole in that mode (no writer for them here).
 */
import { documentedStateRoutes } from './documented-states';
import { file, html, key, page, sampleOf } from './route-kit';
import { maine, texasRoutes, TN_ROWS, westVirginia } from './state-pages';
import type { PublisherRoutes } from './types';

/** A landing page that links one sample file, and the file. */
function linking(source: string, pageUrl: string, fileUrl: string, links: string, kind: string): PublisherRoutes {
  const { bytes } = sampleOf(source);
  return { [key(pageUrl)]: page(source, html(source, links)), [key(fileUrl)]: file(source, bytes, kind) };
}

export function stateRoutes(): PublisherRoutes {
  const direct = (source: string, url: string, kind: string): PublisherRoutes => ({ [key(url)]: file(source, sampleOf(source).bytes, kind) });
  const pages: PublisherRoutes = {
    ...linking(
      'state-ak',
      'https://health.alaska.gov/en/office-of-the-commissioner/medicaid-program-integrity/',
      'https://health.alaska.gov/media/drecsv54/3_accessibleexclusionlist-march-2026-with-coverpage.pdf',
      '<a href="/media/drecsv50/exclusion-list-instructions.pdf">Exclusion list instructions</a> <a href="/media/drecsv54/3_accessibleexclusionlist-march-2026-with-coverpage.pdf">Current Alaska Excluded Provider List (PDF)</a>',
      'pdf',
    ),
    ...linking('state-al', 'https://medicaid.alabama.gov/content/8.0_Fraud/8.7_Suspended_Providers.aspx', 'https://medicaid.alabama.gov/documents/8.0_Fraud/8.7_Suspended_Providers/8.7_Suspended_Providers_List.xlsx', '<a href="../../documents/8.0_Fraud/8.7_Suspended_Providers/8.7_Suspended_Providers_List.pdf">Suspended Providers List (PDF)</a> <a href="../../documents/8.0_Fraud/8.7_Suspended_Providers/8.7_Suspended_Providers_List.xlsx">Suspended Providers List - Excel Version</a>', 'xlsx'),
    ...direct('state-ar', 'https://dhs.arkansas.gov/dhs/portal/exclusions/publicsearch/Download', 'csv'),
    ...direct('state-az', 'https://www.azahcccs.gov/Fraud/Downloads/ProviderSuspensionsTerminations.pdf', 'pdf'),
    ...linking(
      'state-co',
      'https://hcpf.colorado.gov/provider-termination',
      'https://hcpf.colorado.gov/sites/hcpf/files/Terminated%20Provider%20List.xlsx',
      '<nav><a href="/sites/hcpf/files/Old%20Terminated%20Provider%20List.xlsx">Terminated Provider List (archive)</a></nav><div about="/provider-termination"><p>Providers terminated from Health First Colorado.</p><a href="/sites/hcpf/files/Terminated%20Provider%20List.xlsx">Terminated Provider List</a></div>',
      'xlsx',
    ),
    ...direct('state-de', 'https://medicaidpublications.dhss.delaware.gov/docs/Search', 'pdf'),
    ...linking(
      'state-ga',
      'https://dch.georgia.gov/office-inspector-general/georgia-oig-exclusions-list',
      'https://dch.georgia.gov/document/document/georgia-oig-exclusions-list/download',
      '<p>The list is updated monthly.</p><a href="/document/document/georgia-oig-exclusions-list/download" data-text="List of Excluded Individuals and Entities (XLSX)" class="button"><span>Download</span></a>',
      'xlsx',
    ),
    ...linking(
      'state-hi',
      'https://medquest.hawaii.gov/en/plans-providers/provider-exclusion-reinstatement-list.html',
      'https://medquest.hawaii.gov/content/dam/formsanddocuments/plans-providers/Med-Prov-Excl-Rein-List.pdf',
      '<ul><li><a href="/en/plans-providers.html">Plans and providers</a></li><li><a href="../../content/dam/formsanddocuments/plans-providers/Med-Prov-Excl-Rein-List.pdf">Med Prov Excl-Rein List (PDF)</a></li></ul>',
      'pdf',
    ),
    ...linking(
      'state-ia',
      'https://hhs.iowa.gov/programs/welcome-iowa-medicaid/provider-services/excluded-individuals-and-entities',
      'https://hhs.iowa.gov/media/4567/download',
      '<p>Iowa Medicaid publishes its <a href="/media/4567/download?inline" title="Sanctions">Iowa Medicaid Sanctions List</a> monthly.</p>',
      'xlsx',
    ),
    ...linking(
      'state-in',
      'https://www.in.gov/fssa/ompp/provider-information/termination-of-provider-participation-in-medicaid-and-chip/',
      'https://www.in.gov/fssa/ompp/files/Terminated-Providers.xlsx',
      '<a href="faq.html">Terminated providers FAQ</a> <a href="../../files/Terminated-Providers.xlsx"> Terminated   providers </a>',
      'xlsx',
    ),
    ...linking('state-ks', 'https://www.kdhe.ks.gov/172/Medicaid', 'https://www.kdhe.ks.gov/DocumentCenter/View/1234/Termination-List-XLSX', '<a href="/DocumentCenter/View/1233/Termination-List-PDF">Termination List (PDF)</a><a href="/DocumentCenter/View/1234/Termination-List-XLSX">Termination List (XLSX)</a>', 'xlsx'),
    ...direct('state-ky', 'https://www.chfs.ky.gov/agencies/dms/dpi/pe/Documents/KYMedicaidTerminationList.xlsx', 'xlsx'),
    ...linking('state-ma', 'https://www.mass.gov/info-details/learn-about-suspended-or-excluded-masshealth-providers', 'https://www.mass.gov/doc/suspended-or-excluded-masshealth-providers-0/download', '<a href="/doc/suspended-or-excluded-masshealth-providers/download"><span>Suspended or Excluded MassHealth Providers</span> <span>PDF</span></a> <a href="/doc/suspended-or-excluded-masshealth-providers-0/download"><span>Suspended or Excluded MassHealth Providers</span> <span>XLSX</span></a>', 'xlsx'),
    ...linking('state-md', 'https://health.maryland.gov/mmcp/provider/Pages/sanctioned_list.aspx', 'https://health.maryland.gov/mmcp/provider/Documents/Maryland%20Medicaid%20Sanctioned%20Provider%20List.xlsx', '<a href="/mmcp/provider/Pages/home.aspx">Provider information</a> <a href="/mmcp/provider/Documents/Maryland%20Medicaid%20Sanctioned%20Provider%20List.xlsx">Maryland Medicaid Sanctioned Provider List</a>', 'xlsx'),
    ...linking('state-mi', 'https://www.michigan.gov/mdhhs/doing-business/providers/providers/billingreimbursement/list-of-sanctioned-providers', 'https://www.michigan.gov/mdhhs/-/media/Project/Websites/mdhhs/Folder2/Sanctioned-Provider-List.xlsx', '<a href="/mdhhs/-/media/Project/Websites/mdhhs/Folder2/Sanctioned-Provider-List.pdf">List of Sanctioned Providers (PDF)</a> <a href="/mdhhs/-/media/Project/Websites/mdhhs/Folder2/Sanctioned-Provider-List.xlsx?rev=1a2b">List of Sanctioned Providers (XLSX)</a>', 'xlsx'),
    ...linking(
      'state-ms',
      'https://medicaid.ms.gov/providers/provider-terminations/',
      'https://medicaid.ms.gov/wp-content/uploads/2026/06/Sanctioned-Provider-List.xlsx',
      '<p>Terminated providers are listed below.</p><a href="/wp-content/uploads/2026/06/Provider-Termination-Policy.pdf">Provider termination policy</a> <a href="https://medicaid.ms.gov/wp-content/uploads/2026/06/Sanctioned-Provider-List.xlsx"><strong>Sanctioned Provider List</strong> (updated 06.08.26)</a>',
      'xlsx',
    ),
    ...linking(
      'state-mt',
      'https://dphhs.mt.gov/montanahealthcareprograms/terminatedexcludedproviders',
      'https://dphhs.mt.gov/assets/montanahealthcareprograms/TerminatedExcludedProviders.xlsx',
      '<a href="/assets/montanahealthcareprograms/TerminatedExcludedProviders.pdf">Download Excluded or Terminated Provider list in PDF</a> <a href="/assets/montanahealthcareprograms/TerminatedExcludedProviders.xlsx">Download Excluded or Terminated Provider list in Excel</a>',
      'xlsx',
    ),
    ...linking('state-nc', 'https://medicaid.ncdhhs.gov/providers/excluded-providers', 'https://medicaid.ncdhhs.gov/media/9876/download', '<a href="/media/9875/download">State Excluded Provider List (PDF)</a><a href="/media/9876/download?attachment">State Excluded Provider List</a>', 'xlsx'),
    ...linking(
      'state-nd',
      'https://www.hhs.nd.gov/healthcare/medicaid/provider/compliance/fraud-and-abuse',
      'https://www.hhs.nd.gov/sites/www/files/documents/ND%20Medicaid%20Provider%20Exclusion%20List.xlsx',
      '<a href="/sites/www/files/documents/ND%20Medicaid%20Provider%20Exclusion%20List.pdf">ND Medicaid Provider Exclusion List (ADA Compliant Version)</a> <a href="/sites/www/files/documents/ND%20Medicaid%20Provider%20Exclusion%20List.xlsx">ND Medicaid Provider Exclusion List</a>',
      'xlsx',
    ),
    ...direct('state-ne', 'https://dhhs.ne.gov/Documents/Medicaid%20Excluded%20Providers.pdf', 'pdf'),
    ...direct('state-nj-debarment', 'https://www.state.nj.us/treasury/treasfiles/debarment/Debarment.txt', 'txt'),
    ...direct('state-ny', 'https://apps.omig.ny.gov/exclusions/exporttoexcel.aspx', 'xlsx'),
    ...linking(
      'state-oh',
      'https://medicaid.ohio.gov/wps/portal/gov/medicaid/resources-for-providers/enrollment-and-support/provider-enrollment/provider-exclusion-and-suspension-list',
      'https://medicaid.ohio.gov/wps/wcm/connect/gov/medicaid/resources/Provider+Exclusion+and+Suspension+List.xlsx',
      '<a href="/wps/wcm/connect/gov/medicaid/resources/Provider+Exclusion+and+Suspension+List.pdf">Medicaid Provider Exclusion and Suspension List (PDF)</a> <a href="/wps/wcm/connect/gov/medicaid/resources/Provider+Exclusion+and+Suspension+List.xlsx?MOD=AJPERES">Medicaid Provider Exclusion and Suspension List (Excel)</a>',
      'xlsx',
    ),
    ...direct('state-pa', 'https://www.humanservices.dhs.pa.gov/Medchk/MedchkSearch/Medchk', 'csv'),
    ...linking(
      'state-sc',
      'https://www.scdhhs.gov/fraud',
      'https://www.scdhhs.gov/sites/default/files/SC%20Medicaid%20Excluded%20Terminated%20Providers.xlsx',
      '<a href="/fraud/report">Report fraud</a> <a href="/sites/default/files/SC%20Medicaid%20Excluded%20Terminated%20Providers.xlsx">South Carolina Medicaid Excluded/Terminated Providers (updated monthly)</a>',
      'xlsx',
    ),
    ...linking(
      'state-wa',
      'https://www.hca.wa.gov/billers-providers-partners/become-apple-health-provider/provider-termination-and-exclusion-list',
      'https://www.hca.wa.gov/assets/billers-and-providers/provider-termination-exclusion-list.xlsx',
      '<p>See <a href="https://www.hca.wa.gov/assets/billers-and-providers/provider-termination-exclusion-list.xlsx">the HCA Medicaid providers listing</a> of terminated and excluded providers, or <a href="/about-hca/fraud">report fraud</a>.</p>',
      'xlsx',
    ),
    ...linking(
      'state-wy',
      'https://health.wyo.gov/healthcarefin/medicaid/',
      'https://health.wyo.gov/wp-content/uploads/2026/01/Wyoming-Medicaid-Provider-Exclusion-List.pdf',
      '<a href="/healthcarefin/medicaid/providers/">Provider information</a> <a href="/wp-content/uploads/2026/01/Wyoming-Medicaid-Provider-Exclusion-List.pdf">Wyoming Medicaid Provider Exclusion List (01/01/2026)</a>',
      'pdf',
    ),
  };
  return { ...pages, ...california(), ...louisiana(), ...newJersey(), ...tennessee(), ...maine(), ...westVirginia(), ...texasRoutes(), ...documentedStateRoutes() };
}

/** Three hops: the reference page → the CKAN dataset (two matching links; the first is right) → the resource → its .csv. */
function california(): PublisherRoutes {
  const s = 'state-ca';
  const ckan = 'https://data.chhs.ca.gov/dataset/medi-cal-suspended-and-ineligible-provider-list';
  return {
    [key('https://mcweb.apps.prd.cammis.medi-cal.ca.gov/references/sandi')]: page(s, html('S&I List', `<p>The <a href="${ckan}">Medi-Cal Suspended and Ineligible Provider List</a> is on the CHHS open data portal.</p>`)),
    [key(ckan)]: page(
      s,
      html('Dataset', '<a href="/dataset/medi-cal-suspended-and-ineligible-provider-list/resource/6a1b-current">Suspended and Ineligible Provider List (CSV)</a><a href="/dataset/medi-cal-suspended-and-ineligible-provider-list/resource/0f2c-archive">Suspended &amp; Ineligible Provider List archive</a>'),
    ),
    [key(`${ckan}/resource/6a1b-current`)]: page(s, html('Resource', '<a href="https://data.chhs.ca.gov/dataset/medi-cal-suspended-and-ineligible-provider-list/resource/6a1b-current/download/suspended-and-ineligible-provider-list.csv" class="resource-url-analytics">Download</a>')),
    [key(`${ckan}/resource/6a1b-current/download/suspended-and-ineligible-provider-list.csv`)]: file(s, sampleOf(s).bytes, 'csv'),
  };
}

/** The search page, the Export page (HTML) and its "Download CSV" link. */
function louisiana(): PublisherRoutes {
  const s = 'state-la';
  return {
    [key('https://adverseactions.ldh.la.gov/SelSearch/')]: page(s, html('Adverse Actions', '<form action="/SelSearch/SelSearch/Search"><input name="q"></form><a href="SelSearch/Export">Export</a>')),
    [key('https://adverseactions.ldh.la.gov/SelSearch/SelSearch/Export')]: page(s, html('Export', '<a href="/SelSearch/SelSearch/ExportFile?format=pdf">Download PDF</a> <a href="/SelSearch/SelSearch/ExportFile?format=csv">Download CSV</a>')),
    [key('https://adverseactions.ldh.la.gov/SelSearch/SelSearch/ExportFile')]: ((route) => ({ ...route, answer: (req, ctx) => (req.query.get('format') === 'csv' ? route.answer(req, ctx) : null) }))(file(s, sampleOf(s).bytes, 'csv')),
  };
}

/** The Comptroller's PDF answers 403 unless the User-Agent is a browser's (§2.1 NJ). */
function newJersey(): PublisherRoutes {
  const route = file('state-nj', sampleOf('state-nj').bytes, 'pdf');
  return {
    [key('https://www.nj.gov/comptroller/doc/nj_debarment_list.pdf')]: {
      ...route,
      answer: (req, ctx) => (/^Mozilla\/5\.0 \(/.test(String(req.headers['user-agent'] ?? '')) ? route.answer(req, ctx) : { status: 403, headers: { 'content-type': 'text/html' }, body: '<html><body>Forbidden</body></html>' }),
    },
  };
}

/** The AEM page and its table JSON; rows of invented people with the TN columns. */
function tennessee(): PublisherRoutes {
  const s = 'state-tn';
  const json = (rows: readonly Record<string, string>[]) => JSON.stringify({ columns: Object.keys(rows[0]).map((title) => ({ title })), data: rows });
  return {
    [key('https://www.tn.gov/tenncare/fraud-and-abuse/program-integrity.html')]: page(s, html('Program Integrity', '<div class="tn-complex-datatable" data-json="/tenncare/fraud-and-abuse/program-integrity/_jcr_content/content/tn_accordion/parsys_terminated_providerlist/tn_complex_datatable.tablejson.json"></div>')),
    [key('https://www.tn.gov/tenncare/fraud-and-abuse/program-integrity/_jcr_content/content/tn_accordion/parsys_terminated_providerlist/tn_complex_datatable.tablejson.json')]: {
      source: s,
      kind: 'file',
      answer: (_req, ctx) => ({ headers: { 'content-type': 'application/json' }, body: json(ctx.failure === 'half' ? TN_ROWS.filter((_, i) => i % 2 === 0) : TN_ROWS) }),
    },
  };
}
